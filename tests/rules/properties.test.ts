// Properties of the frame reducer over random frames (fast-check, seeded): scores never go down; a
// frame without fouls never passes 147 (155 with a free ball at the start); replaying the strokes,
// directly or through the JSON of `referee rule`, gives the same state every time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COLOUR_SEQUENCE,
  MAXIMUM_BREAK,
  MAXIMUM_BREAK_WITH_FREE_BALL,
  applyStroke,
  makeState,
  openingFrame,
  rule,
  type Ball,
  type FrameState,
  type Shot,
} from '../../src/games/snooker/rules/index.ts';
import type { SnookerBallId } from '../../src/games/snooker/equipment.ts';
import { b, shot, table } from './helpers.ts';

type Choice = readonly [number, number];

const start = (freeBall: boolean): FrameState => ({
  ...openingFrame(0, table),
  cueInHand: false,
  freeBall,
  balls: [b('cue', 400, 1500), ...openingFrame(0, table).balls],
});

/** The balls after a stroke that pots `potted`, everything else where it was (the cue placed in the D if in hand). */
const afterPotting = (s: FrameState, potted: readonly SnookerBallId[]): Ball[] => {
  const balls = s.balls.some((x) => x.id === 'cue') ? [...s.balls] : [b('cue', 800, 700), ...s.balls];
  for (const id of potted) {
    const i = balls.findIndex((x) => x.id === id);
    if (i >= 0) balls.splice(i, 1);
  }
  return balls;
};

const coloursOn = (s: FrameState) => COLOUR_SEQUENCE.filter((c) => s.balls.some((x) => x.id === c));

/** A stroke chosen by two numbers: legal ones only, or fouls too. */
const strokeFor = (s: FrameState, [kind, pick]: Choice, fouls: boolean): Shot => {
  const colours = coloursOn(s);
  const colour = colours[pick % colours.length] ?? 'black';
  const target: SnookerBallId = s.on === 'red' ? 'red' : s.on === 'colour' ? colour : s.on;
  const make = (
    firstContact: Shot['firstContact'],
    potted: SnookerBallId[],
    nominated?: Shot['nominated'],
  ): Shot =>
    shot({ firstContact, potted, after: afterPotting(s, potted), ...(nominated ? { nominated } : {}) });
  const on = target as Shot['firstContact'][number];
  const legal: Shot[] = [make([on], [on], s.on === 'colour' ? colour : undefined), make([on], [])];
  if (s.freeBall && s.on === 'red') legal.push(make([colour], [colour], colour));
  const notOn = s.on === 'red' ? colour : 'red';
  const foul: Shot[] = fouls
    ? [
        make([], []),
        make([on], [on, 'cue']),
        ...(s.balls.some((x) => x.id === notOn) && notOn !== target
          ? [make([notOn as Shot['firstContact'][number]], [])]
          : []),
      ]
    : [];
  const options = [...legal, ...foul];
  return options[kind % options.length] as Shot;
};

const playFrame = (initial: FrameState, choices: readonly Choice[], fouls: boolean) => {
  const states: FrameState[] = [initial];
  const shots: Shot[] = [];
  let s = initial;
  for (const c of choices) {
    if (s.frameOver) break;
    const sh = strokeFor(s, c, fouls);
    const { ruling, state } = applyStroke(s, sh, { table });
    if (!fouls) expect(ruling.foul).toBeNull();
    shots.push(sh);
    states.push(state);
    s = state;
  }
  return { states, shots, end: s };
};

const choices = fc.array(fc.tuple(fc.nat(50), fc.nat(50)), { minLength: 1, maxLength: 70 });

describe('frame properties', () => {
  it('scores never go down, stroke after stroke, fouls included', () => {
    fc.assert(
      fc.property(choices, fc.boolean(), (cs, freeBall) => {
        const { states } = playFrame(start(freeBall), cs, true);
        for (let i = 1; i < states.length; i++) {
          const [a, c] = [states[i - 1] as FrameState, states[i] as FrameState];
          expect(c.scores[0]).toBeGreaterThanOrEqual(a.scores[0]);
          expect(c.scores[1]).toBeGreaterThanOrEqual(a.scores[1]);
        }
      }),
      { seed: 20261129, numRuns: 60 },
    );
  });

  it('without fouls a frame never passes 147 points in all, nor 155 with a free ball at the start', () => {
    fc.assert(
      fc.property(choices, fc.boolean(), (cs, freeBall) => {
        const { end } = playFrame(start(freeBall), cs, false);
        const total = end.scores[0] + end.scores[1];
        expect(total).toBeLessThanOrEqual(freeBall ? MAXIMUM_BREAK_WITH_FREE_BALL : MAXIMUM_BREAK);
      }),
      { seed: 147, numRuns: 80 },
    );
  });

  it('replaying a frame’s strokes gives the same state, directly and through the JSON of referee rule', () => {
    fc.assert(
      fc.property(choices, (cs) => {
        const { shots, end } = playFrame(start(false), cs, true);
        const again = shots.reduce((s, sh) => applyStroke(s, sh, { table }).state, start(false));
        expect(again).toEqual(end);
        let json: Record<string, unknown> = makeState(start(false));
        for (const sh of shots) {
          const r = rule(
            JSON.parse(JSON.stringify({ game: 'snooker', state: json, shot: sh })) as unknown,
            table,
          );
          if (!r.ok) throw new Error(`${r.error.field ?? ''}: ${r.error.message}`);
          json = r.value.state;
        }
        expect(json).toEqual(JSON.parse(JSON.stringify(makeState(end))));
      }),
      { seed: 155, numRuns: 40 },
    );
  });
});
