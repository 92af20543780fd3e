// Properties of the black-ball reducer over random frames from the rack (fast-check, seeded):
// replaying the strokes gives the same states, directly and through the JSON of `referee rule`; a
// frame that ends has exactly one winner, consistent with `lossOfFrame`; foul counts never pass 3,
// and reach it only with a loss of frame; the next state always parses back.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BLACK,
  CUE,
  OBJECT_BALL_IDS,
  ballAt,
  bedOf,
  groupOf,
  openingRack,
  type Ball,
  type BallId,
  type ObjectBallId,
} from '../../../src/games/blackball/equipment.ts';
import {
  REFEREE_FOULS,
  applyStroke,
  ballsOn,
  makeState,
  parseFrameState,
  rule,
  type FrameState,
  type Ruling,
  type Shot,
} from '../../../src/games/blackball/rules/index.ts';

const bed = bedOf('pool-9ft');
/** Where the cue ball is placed from hand: in the cabin, clear of everything (nothing else moves). */
const PLACED = ballAt(CUE, 635, 254);

const rackState = (): FrameState => ({
  striker: 0,
  break: true,
  groups: null,
  freeKick: false,
  cueInHand: true,
  fouls: [0, 0],
  snookered: false,
  balls: [PLACED, ...openingRack(bed)],
  frameOver: false,
  winner: null,
});

type Choice = readonly [number, number, number, boolean];

const pick = <T>(list: readonly T[], n: number): T | undefined => list[n % Math.max(1, list.length)];

/** The balls at rest after a stroke that removes `gone`: the rest where they were, the cue ball placed if it was in hand. */
const restAfter = (s: FrameState, gone: readonly BallId[]): Ball[] => {
  const balls = s.balls.some((b) => b.id === CUE) ? [...s.balls] : [PLACED, ...s.balls];
  return balls.filter((b) => !gone.includes(b.id));
};

/** A stroke chosen by numbers: legal pots and safeties, and every kind of foul and loss. */
const strokeFor = (s: FrameState, [kind, a, b, cushion]: Choice): Shot => {
  const objects = s.balls.map((x) => x.id).filter((id): id is ObjectBallId => id !== CUE);
  const on = ballsOn(s.groups, s.striker, objects).filter((id) => objects.includes(id));
  const notOn = objects.filter((id) => !on.includes(id));
  const target = pick(on, a) ?? pick(objects, a);
  const other = pick(notOn, b);
  const second = pick(objects, b);
  const first: ObjectBallId[] = target ? [target] : [];
  const make = (over: Partial<Shot>): Shot => {
    const potted = over.potted ?? [];
    const offTable = over.offTable ?? [];
    return {
      firstContact: first,
      potted,
      offTable,
      cushionAfterContact: cushion,
      crossedCentre: [],
      fouls: [],
      ...over,
      after: restAfter(s, [...potted, ...offTable]),
    };
  };
  // Weighted so that frames run long enough to clear a group and reach the black.
  const options: Array<[number, Shot]> = [
    [24, make({ potted: target ? [target] : [] })], // a pot of a ball on (the black, once on: a win)
    [4, make({ cushionAfterContact: true })], // a safety
    [2, make({ potted: target && second && second !== target ? [target, second] : [] })], // two balls
    [1, make({ firstContact: [] })], // a miss
    [1, make({ potted: [CUE] })], // in-off
    [1, make({ potted: target ? [target, CUE] : [CUE] })],
    [1, make({ offTable: [CUE] })],
    [1, make({ cushionAfterContact: false })],
    [1, make({ firstContact: other ? [other] : first })], // a ball not on first
    [1, make({ potted: other ? [other] : [] })], // a ball not on potted
    [1, make({ firstContact: other ? [other] : first, potted: objects.includes(BLACK) ? [BLACK] : [] })],
    [1, make({ potted: objects.includes(BLACK) ? [BLACK] : [] })], // the black, early or not
    [1, make({ offTable: second ? [second] : [] })],
    [1, make({ fouls: [pick(REFEREE_FOULS, b) ?? 'push'] })],
    [3, make({ crossedCentre: objects.slice(0, b % 4) })], // a break's spread
  ];
  const total = options.reduce((n, [w]) => n + w, 0);
  let k = kind % total;
  for (const [w, shot] of options) {
    if (k < w) return shot;
    k -= w;
  }
  return (options[0] as [number, Shot])[1];
};

const choice = fc.tuple(fc.nat(1000), fc.nat(40), fc.nat(40), fc.boolean());
const choices = fc.array(choice, { minLength: 1, maxLength: 120 });

interface Played {
  readonly states: FrameState[];
  readonly rulings: Ruling[];
  readonly shots: Shot[];
}

const playFrame = (cs: readonly Choice[], snookeredEvery = 0): Played => {
  const states = [rackState()];
  const rulings: Ruling[] = [];
  const shots: Shot[] = [];
  let s = states[0] as FrameState;
  for (const [i, c] of cs.entries()) {
    if (s.frameOver) break;
    const from = snookeredEvery > 0 && i % snookeredEvery === 0 ? { ...s, snookered: true } : s;
    const sh = strokeFor(from, c);
    const { ruling, state } = applyStroke(from, sh, bed);
    rulings.push(ruling);
    shots.push(sh);
    states.push(state);
    s = state;
  }
  return { states, rulings, shots };
};

describe('black-ball frame properties', () => {
  it('replaying the strokes from the rack gives the same states twice, and the same through the JSON of referee rule', () => {
    fc.assert(
      fc.property(choices, (cs) => {
        const first = playFrame(cs);
        const second = playFrame(cs);
        expect(second.states).toEqual(first.states);
        let json: Record<string, unknown> = makeState(rackState());
        for (const [i, sh] of first.shots.entries()) {
          const r = rule(
            JSON.parse(JSON.stringify({ game: 'blackball', table: 'pool-9ft', state: json, shot: sh })),
          );
          if (!r.ok) throw new Error(`${r.error.field ?? ''}: ${r.error.message}`);
          const { state, ...ruling } = r.value;
          expect(ruling).toEqual(JSON.parse(JSON.stringify(first.rulings[i])));
          json = state;
        }
        expect(json).toEqual(JSON.parse(JSON.stringify(makeState(first.states.at(-1) as FrameState))));
      }),
      { seed: 8, numRuns: 60 },
    );
  });

  it('a frame that ends has exactly one winner; lossOfFrame names the other player; a win without a loss is the black potted legally', () => {
    fc.assert(
      fc.property(choices, fc.nat(5), (cs, every) => {
        const { states, rulings, shots } = playFrame(cs, every);
        for (const [i, r] of rulings.entries()) {
          const before = states[i] as FrameState;
          expect(r.frameOver).toBe(r.winner !== null);
          expect(r.respots).toEqual([]);
          if (!r.frameOver) {
            expect(r.lossOfFrame).toBeNull();
            continue;
          }
          expect([0, 1]).toContain(r.winner);
          expect(i).toBe(rulings.length - 1); // nothing after the end
          if (r.lossOfFrame) {
            expect(r.lossOfFrame.player).toBe(before.striker);
            expect(r.winner).not.toBe(r.lossOfFrame.player);
            expect(r.lossOfFrame.reason).toMatch(/seed (2\.12|3\.5)/);
          } else {
            expect(r.winner).toBe(before.striker);
            expect(r.foul).toBeNull();
            expect(shots[i]?.potted).toContain(BLACK);
            expect(before.groups).not.toBeNull();
          }
          expect(r.rerack).toBe(false);
        }
      }),
      { seed: 1905, numRuns: 150 },
    );
  });

  it('foul counts never pass 3, and reach 3 only with that player losing the frame; the warning comes at exactly two', () => {
    fc.assert(
      fc.property(choices, (cs) => {
        const { states, rulings } = playFrame(cs);
        for (const [i, r] of rulings.entries()) {
          const before = states[i] as FrameState;
          const p = before.striker;
          for (const n of r.next.fouls) expect(n).toBeLessThanOrEqual(3);
          if (r.next.fouls[p] === 3) expect(r.lossOfFrame?.player).toBe(p);
          if (!r.frameOver) expect(Math.max(...r.next.fouls)).toBeLessThanOrEqual(2);
          expect(r.warning).toBe(r.foul !== null && r.next.fouls[p] === 2);
          expect(r.next.fouls[p]).toBe(r.foul ? before.fouls[p] + 1 : 0);
          expect(r.next.fouls[p === 0 ? 1 : 0]).toBe(before.fouls[p === 0 ? 1 : 0]);
        }
      }),
      { seed: 35, numRuns: 150 },
    );
  });

  it('the next state always parses back to itself', () => {
    fc.assert(
      fc.property(choices, (cs) => {
        const { states } = playFrame(cs);
        for (const s of states) {
          const json = JSON.parse(JSON.stringify(makeState(s))) as unknown;
          const back = parseFrameState(json, bed);
          if (!back.ok) throw new Error(`${back.error.field ?? ''}: ${back.error.message}`);
          expect(back.value).toEqual(s);
        }
      }),
      { seed: 2540, numRuns: 100 },
    );
  });

  it('groups, once given, never change; they are given only by a legal pot of one group, not on a break or a free kick (seed 2.6)', () => {
    fc.assert(
      fc.property(choices, (cs) => {
        const { states, rulings, shots } = playFrame(cs);
        for (const [i, r] of rulings.entries()) {
          const before = states[i] as FrameState;
          if (before.groups) expect(r.groups).toEqual(before.groups);
          else if (r.groups) {
            expect(before.break || before.freeKick || r.foul !== null).toBe(false);
            const own = r.groups[before.striker];
            const potted = (shots[i]?.potted ?? []).filter((id) => id !== CUE);
            expect(potted.length).toBeGreaterThan(0);
            expect(potted.every((id) => groupOf(id) === own)).toBe(true);
          }
        }
      }),
      { seed: 26, numRuns: 150 },
    );
  });

  it('the cue ball is in hand exactly when it left the table, or on a re-rack; then it is not listed', () => {
    fc.assert(
      fc.property(choices, (cs) => {
        const { states, rulings, shots } = playFrame(cs);
        for (const [i, r] of rulings.entries()) {
          if (r.frameOver) continue;
          const sh = shots[i] as Shot;
          const gone = sh.potted.includes(CUE) || sh.offTable.includes(CUE);
          expect(r.next.cueInHand).toBe(gone || r.rerack);
          const next = states[i + 1] as FrameState;
          if (r.next.cueInHand) expect(next.balls.some((b) => b.id === CUE)).toBe(false);
          if (r.rerack) expect(next.balls.map((b) => b.id).sort()).toEqual([...OBJECT_BALL_IDS].sort());
        }
      }),
      { seed: 57, numRuns: 100 },
    );
  });
});
