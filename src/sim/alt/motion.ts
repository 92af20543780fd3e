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
