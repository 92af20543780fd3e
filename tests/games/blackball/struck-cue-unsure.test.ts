// Fault found running the events benchmark's rendered part (bench/blackball-events.ts, seed 26 000 001
// at 30 fps): a cue ball broken off fast from under the player's cue was missed in the first frame and
// then seen only in its blur, the classifier 0.4–0.7 sure of it, until it met the pack. The tracker
// found a hidden ball again only on a sure sighting, so the cue ball was taken up only as it slowed in
// the pack: the break dated 370 ms late and its first contact unknown (the 1 or the 2). Reproduced
// here on detections from the simulator's truth, with those sightings made unsure.
import { describe, expect, it } from 'vitest';
import { toMove } from '../../../src/games/blackball/perception.ts';
import { namedPoolTable } from '../../../src/games/blackball/table.ts';
import { makeRng } from '../../../src/sim/random.ts';
import { visibleAt } from '../../../src/sim/truth.ts';
import { DEFAULT_FAULTS, StrokeFollower, synthesiseClip } from '../../../src/tracking/index.ts';
import { playPool, POOL_SIM, poolTruth } from './clips.ts';

const table = namedPoolTable();
const opening = POOL_SIM.opening(table).filter((b) => b.id !== 'cue');
const apex = opening.reduce((a, b) => (b.y < a.y ? b : a));

/** A break from (x, 183) at the apex at `speed` mm/s. */
const breakFrom = (x: number, speed: number) => {
  const cue = { x, y: 183 };
  const dx = apex.x + 5 - cue.x;
  const dy = apex.y - cue.y;
  const n = Math.hypot(dx, dy);
  return {
    table: 'pool-9ft',
    balls: [{ id: 'cue', ...cue }, ...opening.map((b) => ({ id: b.id, x: b.x, y: b.y }))],
    strokes: [{ cue: { vx: (dx / n) * speed, vy: (dy / n) * speed } }],
    seed: 1,
    render: { leadMs: 1010 },
  };
};

describe('a cue ball struck unseen and seen only unsure in its blur', () => {
  it.each([
    { x: 842, speed: 4800, fps: 30 },
    { x: 400, speed: 7000, fps: 30 },
    { x: 842, speed: 4800, fps: 60 },
  ])(
    'break from x $x at $speed mm/s, $fps fps: dated from the strike, first contact right',
    ({ x, speed, fps }) => {
      const played = playPool(breakFrom(x, speed));
      const [truth] = poolTruth(played);
      if (!truth) throw new Error('a stroke');
      const frames = synthesiseClip(
        table,
        (t) => visibleAt(played, t),
        0,
        played.totalMs,
        fps,
        DEFAULT_FAULTS,
        makeRng(5),
      );
      // The fault: nothing of the cue ball in the first frame after the strike, then 0.5 sure for 250 ms.
      const struck = frames.filter((f) => f.t > truth.start && f.t <= truth.start + 250);
      const faulty = frames.map((f) =>
        !struck.includes(f)
          ? f
          : {
              t: f.t,
              balls:
                f === struck[0]
                  ? f.balls.filter((b) => b.id !== 'cue')
                  : f.balls.map((b) => (b.id === 'cue' ? { ...b, confidence: 0.5 } : b)),
            },
      );
      const follower = new StrokeFollower(table);
      const found = [...faulty.map((f) => follower.push(f)), follower.flush()].filter((d) => d !== undefined);
      expect(found).toHaveLength(1);
      const [d] = found;
      if (!d) throw new Error('a stroke');
      expect(Math.abs(d.shot.start - truth.start)).toBeLessThan(150);
      const move = toMove(table, { shot: d.shot, trails: [], frames: d.record.frames });
      expect(move.shot.firstContact).toEqual(truth.firstContact);
    },
  );
});
