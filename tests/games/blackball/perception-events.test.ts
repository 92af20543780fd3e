// Black-ball's events from tracking, on simulated clips with exact truth (tests/games/blackball/clips.ts):
// detections synthesised from the physics' positions with the detector's faults (noise, misses, misread
// ids, motion blur, false balls), followed by the tracker, made into §8's shot by the perception. Each
// case checks what the rules need against the physics' own truth, never against the tracker.
import { describe, expect, it } from 'vitest';
import { namedPoolTable } from '../../../src/games/blackball/table.ts';
import { makeRng } from '../../../src/sim/random.ts';
import { OBJECT_BALL_IDS } from '../../../src/games/blackball/equipment.ts';
import { DEFAULT_FAULTS } from '../../../src/tracking/index.ts';
import { followPool, playPool, poolTruth, randomBreak, sorted } from './clips.ts';

const table = namedPoolTable();

/** One stroke's scenario on a 9 ft bed, a far ball (the 9) left alone as a witness. */
const stroke = (balls: { id: string; x: number; y: number }[], cue: { vx: number; vy: number }) => ({
  table: 'pool-9ft',
  balls: [...balls, { id: '9', x: 100, y: 2000 }],
  strokes: [{ cue }],
  seed: 1,
});

const followOne = (json: unknown, fps = 60) => {
  const played = playPool(json);
  const truth = poolTruth(played);
  const got = followPool(played, fps, DEFAULT_FAULTS, makeRng(7));
  expect(got).toHaveLength(truth.length);
  const [t] = truth;
  const [g] = got;
  if (!t || !g) throw new Error('no stroke');
  return { truth: t, move: g.move, shot: g.shot };
};

describe('the break (seed 2.5(b)): first contact, pots with pocket, balls over the centre line, from the tracks', () => {
  const rng = makeRng(2_500_001);
  const breaks = Array.from({ length: 3 }, () => randomBreak(table, rng));
  let balls = 0;
  let wrong = 0;
  it.each(breaks.flatMap((b, i) => [60, 30].map((fps) => ({ name: `break ${i + 1}`, fps, b }))))(
    '$name at $fps fps',
    ({ b, fps }) => {
      const { truth, move, shot } = followOne(b, fps);
      expect(move.shot.firstContact).toEqual(truth.firstContact);
      expect(sorted(shot.potted.map((p) => `${p.id}@${p.pocket}`))).toEqual(
        sorted(truth.potted.map((p) => `${p.id}@${p.pocket}`)),
      );
      // The break's verdict (a pot, or two balls over the line) is the truth's.
      const legal = (potted: number, crossed: number): boolean => potted > 0 || crossed >= 2;
      expect(legal(shot.potted.length, (move.shot.crossedCentre ?? []).length)).toBe(
        legal(truth.potted.length, truth.crossedCentre.length),
      );
      const ours = new Set(move.shot.crossedCentre ?? []);
      const theirs = new Set(truth.crossedCentre);
      balls += 15;
      for (const id of OBJECT_BALL_IDS) wrong += Number(ours.has(id) !== theirs.has(id));
    },
  );
  it('each object ball said to have crossed the line, or not, as the truth has it: 98 % of balls or more', () => {
    expect(balls).toBe(90);
    expect(wrong / balls).toBeLessThanOrEqual(0.02);
  });
});

describe('seed 3.4: from the cabin, a first contact in the cabin before the cue ball crossed the head line', () => {
  it('straight at a ball in the cabin: cabinContact', () => {
    const { truth, move } = followOne(
      stroke(
        [
          { id: 'cue', x: 300, y: 250 },
          { id: '1', x: 800, y: 450 },
        ],
        { vx: 1500, vy: 600 },
      ),
    );
    expect(truth).toMatchObject({ firstContact: ['1'], cueCrossedHeadLineFirst: false });
    expect(move.shot).toMatchObject({ firstContact: ['1'], cabinContact: true, cueInCabin: true });
  });
  it('up the table and back off the foot cushion to the same ball: not cabinContact', () => {
    const { truth, move } = followOne(
      stroke(
        [
          { id: 'cue', x: 300, y: 300 },
          { id: '1', x: 700, y: 420 },
        ],
        { vx: 360, vy: 5000 },
      ),
    );
    expect(truth).toMatchObject({ firstContact: ['1'], cueCrossedHeadLineFirst: true });
    expect(move.shot).toMatchObject({ firstContact: ['1'], cabinContact: false, cueInCabin: true });
  });
});

describe('seed 2.9: the cue ball touching an object ball before the stroke', () => {
  const touching = [
    { id: 'cue', x: 600, y: 1000 },
    { id: '3', x: 657.5, y: 1000 },
  ];
  it('played away from it: the touching ball counts as touched first, no foul', () => {
    const { truth, move } = followOne(stroke(touching, { vx: -1500, vy: 400 }));
    expect(truth.firstContact).toEqual([]); // the physics never touches it again…
    expect(move.shot).toMatchObject({ firstContact: ['3'], fouls: [], cushionAfterContact: true }); // …the seed counts it
  });
  it('played into it: the playedIntoTouching foul proposed', () => {
    const { truth, move } = followOne(stroke(touching, { vx: 1500, vy: 400 }));
    expect(truth.firstContact).toEqual(['3']);
    expect(move.shot).toMatchObject({ firstContact: ['3'], fouls: ['playedIntoTouching'] });
  });
  it.each([
    { vx: 1000, vy: 1000 },
    { vx: 600, vy: 1500 },
  ])(
    'pushed at a glance ($vx, $vy), the cue ball running on square to it into another ball: the touching ball is the first contact, and the foul proposed (held-out clip 28 000 013)',
    (v) => {
      const { truth, move } = followOne(stroke([...touching, { id: '5', x: 600, y: 1500 }], v));
      expect(truth.firstContact).toEqual(['3']);
      expect(move.shot).toMatchObject({ firstContact: ['3'], fouls: ['playedIntoTouching'] });
    },
  );
});

describe('seed 2.8: where the cue ball was struck from', () => {
  it('outside the cabin: cueInCabin false (a foul only when it was in hand)', () => {
    const { move } = followOne(
      stroke(
        [
          { id: 'cue', x: 600, y: 1000 },
          { id: '3', x: 900, y: 1500 },
        ],
        { vx: 900, vy: 1500 },
      ),
    );
    expect(move.shot.cueInCabin).toBe(false);
  });
});
