// Balls in motion, as a live referee's camera sees a frame taken mid-stroke (held-out 30's variants):
// the cue ball just struck, object balls rolling after contact, the rest still. Drawn from the case's
// seed among the balls that could roll so over the exposure: a rolling ball leaves its place in the
// layout as the shutter opens (a ball touching others, in a pack or a cluster, only away from them, as
// one just struck out of it does) and keeps on the bed and clear of every other ball, wherever that one
// rolls. Each moving ball is given where it is at the middle of the exposure (what a tracker wants)
// and its velocity; render.ts draws it blurred along its path over the camera's shutter time
// (AltStyle.shutter).
import type { Table } from '../../equipment/index.ts';
import { makeRng, type Rng } from '../random.ts';
import type { AltBall } from './render.ts';
import type { AltVariant } from './style.ts';

/** The variants whose frames are taken mid-stroke (held-out 30's). */
const MID_STROKE: ReadonlySet<AltVariant> = new Set<AltVariant>(['pistachio-motion', 'ink-motion']);

/** The cue ball just struck, mm/s: a soft push to a firm shot. */
const CUE_SPEED = [1000, 4000] as const;
/** An object ball after contact, mm/s: a slow roll to a firm pot. */
const OBJECT_SPEED = [300, 2500] as const;
/**
 * The share of frames in which the cue ball rolls; in the others it has stopped (stunned dead, or come
 * to rest) and object balls alone roll.
 */
const CUE_ROLLING = 0.7;
/** How many object balls roll (weights of 0, 1, 2, 3), with the cue ball rolling and without. */
const OBJECTS_WITH_CUE = [0.35, 0.4, 0.25, 0] as const;
const OBJECTS_ALONE = [0, 0.55, 0.3, 0.15] as const;
/** Ways tried for each ball before it is left still (a ball in a pocket's jaws rolls nowhere). */
const TRIES = 16;
/** The gap a moving ball keeps from every other ball over the exposure, mm. */
const GAP = 0.5;

/**
 * The share in view the score is given for a ball too blurred to be asked for (see altBlurInView):
 * under detect-score's 0.5, so it is neither asked for nor counted as false where found.
 */
export const BLURRED_UNASKED = 0.4;

/** Whether a variant's frames are taken mid-stroke. */
export const inMotion = (variant: AltVariant): boolean => MID_STROKE.has(variant);

/** A weighted draw of an index. */
const drawIndex = (rng: Rng, weights: readonly number[]): number => {
  let x = rng.next() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i] as number;
    if (x < 0) return i;
  }
  return weights.length - 1;
};

/**
 * Whether ball i, leaving its place in the layout at (vx, vy) mm/s as the shutter opens, keeps on the
 * bed (its centre a radius inside the cushions' noses) and clear of every other ball over the exposure
 * (`shutter` s), each leaving its own place at its own velocity (`v`, mm/s, zero for a still one): the
 * two never nearer than GAP, or, where they touch (or nearly) in the layout, drawing apart from the start.
 */
const rollsClear = (
  t: Table,
  balls: readonly AltBall[],
  v: readonly (readonly [number, number])[],
  i: number,
  vx: number,
  vy: number,
  shutter: number,
): boolean => {
  const b = balls[i] as AltBall;
  const R = t.ballRadius;
  const x = b.x + vx * shutter;
  const y = b.y + vy * shutter;
  if (Math.min(b.x, x) < R || Math.max(b.x, x) > t.width - R) return false;
  if (Math.min(b.y, y) < R || Math.max(b.y, y) > t.length - R) return false;
  return balls.every((o, j) => {
    if (j === i) return true;
    const px = b.x - o.x;
    const py = b.y - o.y;
    const [ox, oy] = v[j] as readonly [number, number];
    const wx = vx - ox;
    const wy = vy - oy;
    // Drawing apart (or keeping their distance) from the start: their nearest is where they lie.
    const apart = px * wx + py * wy >= 0;
    if (apart) return Math.hypot(px, py) >= 2 * R - 1e-6;
    // Their nearest over the exposure: the relative position's least length on [0, shutter].
    const s = Math.min(shutter, -(px * wx + py * wy) / (wx * wx + wy * wy));
    return Math.hypot(px + wx * s, py + wy * s) >= 2 * R + GAP;
  });
};

/**
 * A frame mid-stroke, where the variant's frames are (undefined otherwise): the balls of the layout,
 * some of them rolling from their places there (each then where it is at the middle of the exposure,
 * half its blur on, with its velocity), the rest as they lie. The cue ball rolls in CUE_ROLLING of
 * frames, 1–4 m/s, and 0–2 object balls with it (1–3 where it is still), each 0.3–2.5 m/s, each its way
 * drawn from the seed until it rolls clear over an exposure of `shutter` s; one rolling clear nowhere
 * is left still and the next drawn in its place (an object ball in place of the cue ball; the cue ball
 * where no object ball rolls clear). A frame where no ball could roll (met in none of held-out 30's)
 * is still.
 */
export const altMotion = (
  t: Table,
  balls: readonly AltBall[],
  variant: AltVariant,
  seed: number,
  shutter: number,
): AltBall[] | undefined => {
  if (!inMotion(variant)) return undefined;
  const rng = makeRng(seed ^ 0x5707e);
  const v = balls.map(() => [0, 0] as [number, number]);
  const roll = (i: number, [lo, hi]: readonly [number, number]): boolean => {
    const speed = rng.uniform(lo, hi);
    for (let k = 0; k < TRIES; k++) {
      const a = rng.uniform(0, 2 * Math.PI);
      const vx = speed * Math.cos(a);
      const vy = speed * Math.sin(a);
      if (rollsClear(t, balls, v, i, vx, vy, shutter)) {
        v[i] = [vx, vy];
        return true;
      }
    }
    return false;
  };
  const cueRolls = rng.next() < CUE_ROLLING;
  let objects = drawIndex(rng, cueRolls ? OBJECTS_WITH_CUE : OBJECTS_ALONE);
  const cue = balls.findIndex((b) => b.id === 'cue');
  if (cueRolls && cue >= 0 && !roll(cue, CUE_SPEED)) objects = Math.max(objects, 1);
  const others = balls.flatMap((b, i) => (b.id === 'cue' ? [] : [i]));
  for (let n = others.length - 1; n > 0; n--) {
    const m = rng.int(0, n + 1);
    [others[n], others[m]] = [others[m] as number, others[n] as number];
  }
  for (const i of others) {
    if (objects === 0) break;
    if (roll(i, OBJECT_SPEED)) objects--;
  }
  if (!cueRolls && cue >= 0 && v.every(([vx, vy]) => vx === 0 && vy === 0)) roll(cue, CUE_SPEED);
  const half = shutter / 2;
  return balls.map((b, i) => {
    const [vx, vy] = v[i] as [number, number];
    return vx === 0 && vy === 0 ? b : { ...b, x: b.x + vx * half, y: b.y + vy * half, vx, vy };
  });
};

/**
 * Each ball's share in view as the score is given it in a frame mid-stroke: 1 for a still ball and for
 * one whose blur (its path over the exposure, speed × shutter) is at most a ball's diameter, which a
 * referee's camera must see: part of its streak (its middle, as long as the diameter less the blur) is
 * covered by the ball the whole exposure long, the ball's own colour unmixed there. A faster ball
 * leaves no such core, only a translucent smear of its colour and the cloth's, fainter the faster:
 * BLURRED_UNASKED, neither asked for nor counted as false where found (as a ball half hidden by a player).
 */
export const altBlurInView = (t: Table, balls: readonly AltBall[], shutter: number): number[] =>
  balls.map((b) => (Math.hypot(b.vx ?? 0, b.vy ?? 0) * shutter <= 2 * t.ballRadius ? 1 : BLURRED_UNASKED));

/** The frames' interval of a CCTV or IP camera, s (25 frames a second). */
export const FRAME_INTERVAL = 0.04;
/** A ball rolling into its place over the frames before, mm/s: a slow drift to a firm roll. */
const HISTORY_SPEED = [300, 2000] as const;
/** How long ago a ball that rolled has stopped, in frames (0: rolling still), weights of 0, 1, 2, 3. */
const STOPPED_FOR = [0.5, 0.25, 0.15, 0.1] as const;

/**
 * The balls in the `frames` frames before this one (FRAME_INTERVAL apart), the last first, where the
 * camera's frames are drawn from what came before them (a temporal noise reduction, a lost packet's
 * concealment); undefined where `frames` is 0. The balls of this frame are the layout's, as they lie
 * (the truth). One to three of them rolled into their places (the cue ball in CUE_ROLLING of frames):
 * each at HISTORY_SPEED, in a straight line, rolling still or stopped 1 to 3 frames ago (STOPPED_FOR; at
 * most `frames` − 1, so that it moved over the frames drawn),
 * drawn from the seed until its path over the frames before keeps on the bed (its centre a radius
 * inside the cushions' noses) and GAP clear of every other ball where it was then; a ball touching
 * another now (in a pack) is never one. The rest lay where they lie in every frame.
 */
export const altHistory = (
  t: Table,
  balls: readonly AltBall[],
  seed: number,
  frames: number,
): AltBall[][] | undefined => {
  if (frames <= 0) return undefined;
  const rng = makeRng(seed ^ 0x415709);
  const R = t.ballRadius;
  // Each ball's velocity and how many frames ago it stopped (none: still).
  const ways: ({ vx: number; vy: number; stopped: number } | undefined)[] = balls.map(() => undefined);
  const at = (i: number, back: number): readonly [number, number] => {
    const b = balls[i] as AltBall;
    const w = ways[i];
    if (!w) return [b.x, b.y];
    const s = Math.max(0, back - w.stopped) * FRAME_INTERVAL;
    return [b.x - w.vx * s, b.y - w.vy * s];
  };
  const clear = (i: number): boolean => {
    const steps = 8 * frames;
    for (let n = 0; n <= steps; n++) {
      const back = n / 8;
      const [x, y] = at(i, back);
      if (x < R || x > t.width - R || y < R || y > t.length - R) return false;
      for (let j = 0; j < balls.length; j++) {
        if (j === i) continue;
        const [ox, oy] = at(j, back);
        if (Math.hypot(x - ox, y - oy) < 2 * R + GAP) return false;
      }
    }
    return true;
  };
  const roll = (i: number): boolean => {
    const speed = rng.uniform(HISTORY_SPEED[0], HISTORY_SPEED[1]);
    // Stopped no earlier than the first frame drawn (a ball seen rolling into its place over them).
    const stopped = Math.min(frames - 1, drawIndex(rng, STOPPED_FOR));
    for (let k = 0; k < TRIES; k++) {
      const a = rng.uniform(0, 2 * Math.PI);
      ways[i] = { vx: speed * Math.cos(a), vy: speed * Math.sin(a), stopped };
      if (clear(i)) return true;
    }
    ways[i] = undefined;
    return false;
  };
  let movers = 1 + drawIndex(rng, [0.45, 0.35, 0.2]);
  const cue = balls.findIndex((b) => b.id === 'cue');
  if (cue >= 0 && rng.next() < CUE_ROLLING && roll(cue)) movers--;
  const others = balls.flatMap((b, i) => (b.id === 'cue' ? [] : [i]));
  for (let n = others.length - 1; n > 0; n--) {
    const m = rng.int(0, n + 1);
    [others[n], others[m]] = [others[m] as number, others[n] as number];
  }
  for (const i of [...others, ...(cue >= 0 ? [cue] : [])]) {
    if (movers <= 0) break;
    if (!ways[i] && roll(i)) movers--;
  }
  return Array.from({ length: frames }, (_, f) =>
    balls.map((b, i) => {
      const [x, y] = at(i, f + 1);
      return x === b.x && y === b.y ? b : { ...b, x, y };
    }),
  );
};
