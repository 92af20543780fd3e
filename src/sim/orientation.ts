// Which way up each ball is: a rotation (a unit quaternion taking the ball's own axes to the table's)
// that turns as the ball rolls. Only a ball with marks (pool's stripes and numbers) shows it; a plain
// snooker ball looks the same whichever way it turns. The ball is taken to roll without slipping along
// its path — axis horizontal and square to the motion, angle = distance / radius — which is what the
// eye reads from above; slide, side and the spin of a stun shot are left out (docs/formats.md §7).
import type { PlayedScenario } from './truth.ts';
import type { Rng } from './random.ts';
import type { BallSample } from './physics/index.ts';

/** A unit quaternion [w, x, y, z]: the ball's own axes → the table's (x, y on the bed, z up). */
export type Orientation = readonly [number, number, number, number];

export const UPRIGHT: Orientation = [1, 0, 0, 0];

/** A rotation uniform over all rotations (Shoemake, "Uniform random rotations", 1992). */
export const randomOrientation = (rng: Rng): Orientation => {
  const u1 = rng.next();
  const a = 2 * Math.PI * rng.next();
  const b = 2 * Math.PI * rng.next();
  const s1 = Math.sqrt(1 - u1);
  const s2 = Math.sqrt(u1);
  return [s2 * Math.cos(b), s1 * Math.sin(a), s1 * Math.cos(a), s2 * Math.sin(b)];
};

/** `q` after the ball has rolled (dx, dy) mm over the cloth: a turn of |d|/R about ẑ × d̂. */
export const rolled = (q: Orientation, dx: number, dy: number, radius: number): Orientation => {
  const d = Math.hypot(dx, dy);
  if (d === 0) return q;
  const half = d / radius / 2;
  const s = Math.sin(half) / d;
  // axis ẑ × d̂ = (−dy, dx, 0) / d
  const rw = Math.cos(half);
  const rx = -dy * s;
  const ry = dx * s;
  const [w, x, y, z] = q;
  // r ∘ q: turn the already-turned ball by r in the table's frame
  const out: [number, number, number, number] = [
    rw * w - rx * x - ry * y,
    rw * x + rx * w + ry * z,
    rw * y + ry * w - rx * z,
    rw * z + rx * y - ry * x,
  ];
  const n = Math.hypot(out[0], out[1], out[2], out[3]);
  return [out[0] / n, out[1] / n, out[2] / n, out[3] / n];
};

/** A ball at one instant with which way up it is. */
export type OrientedSample = BallSample & { readonly q: Orientation };

/** How finely each stroke's paths are followed, ms: chords this short bend no visible error into a roll. */
const STEP_MS = 2;

/**
 * Every ball's orientation through a played scenario: each ball starts turned at random (from `rng`,
 * in the order the scenario gives them; a cue ball put back in hand draws its own as it appears) and
 * rolls along its path. Each stroke's paths are followed once, in order, the first time a time in it
 * is asked for; the answer at any instant is the same whatever was asked before.
 */
export const orientationsOf = (
  played: PlayedScenario,
  rng: Rng,
): ((t: number, samples: readonly BallSample[]) => OrientedSample[]) => {
  const R = played.table.ballRadius;
  const start = new Map<string, Orientation>();
  for (const b of played.before) start.set(b.track, randomOrientation(rng));
  // Per stroke: for each track, its orientation at every STEP_MS from the strike, and where it was then.
  const tables: { q: Map<string, Orientation[]>; at: BallSample[][] }[] = [];
  let after = start;
  const follow = (k: number): void => {
    while (tables.length <= k) {
      const stroke = played.strokes[tables.length];
      if (!stroke) return;
      const steps = Math.ceil(stroke.result.duration / STEP_MS);
      const q = new Map<string, Orientation[]>();
      const at: BallSample[][] = [];
      let previous = stroke.result.at(0);
      at.push(previous);
      for (const b of previous) {
        let o = after.get(b.track);
        if (!o) o = randomOrientation(rng);
        q.set(b.track, [o]);
      }
      for (let j = 1; j <= steps; j++) {
        const now = stroke.result.at(Math.min(j * STEP_MS, stroke.result.duration));
        now.forEach((b, i) => {
          const list = q.get(b.track) as Orientation[];
          const p = previous[i] as BallSample;
          const last = list[list.length - 1] as Orientation;
          list.push(b.state === 'potted' ? last : rolled(last, b.x - p.x, b.y - p.y, R));
        });
        at.push(now);
        previous = now;
      }
      tables.push({ q, at });
      const end = new Map(after);
      for (const [track, list] of q) end.set(track, list[list.length - 1] as Orientation);
      after = end;
    }
  };
  return (t, samples) => {
    let k = -1;
    for (const [i, s] of played.strokes.entries()) if (s.start <= t) k = i;
    if (k < 0) return samples.map((b) => ({ ...b, q: start.get(b.track) ?? UPRIGHT }));
    follow(k);
    const table = tables[k];
    const stroke = played.strokes[k];
    if (!table || !stroke) return samples.map((b) => ({ ...b, q: UPRIGHT }));
    const local = Math.min(Math.max(0, t - stroke.start), stroke.result.duration);
    const j = Math.min(Math.floor(local / STEP_MS), table.at.length - 1);
    const grid = new Map((table.at[j] ?? []).map((b) => [b.track, b]));
    return samples.map((b) => {
      const o = table.q.get(b.track)?.[j] ?? UPRIGHT;
      const g = grid.get(b.track);
      return { ...b, q: g && b.state !== 'potted' ? rolled(o, b.x - g.x, b.y - g.y, R) : o };
    });
  };
};
