// The camera moved, not the balls: a camera on a pole or a truss set ringing (a door slammed, a
// player leaning on the stand) shakes the whole picture a few millimetres of the bed this way and that
// for a second. Every ball at rest seemed to move with it, and the tracker took that for play: on
// held-out 47's ringing camera (6–18 Hz, 1.5–5 px either way at 1080 rows), a table at rest for two
// thirds of a second of ringing was followed as a stroke with four contacts and no cue-ball contact,
// the miss a referee would never call. Play moves a few balls at a time, never most of those at rest
// at once: a frame in which most are seen off their places, none far, is the camera's. The
// displacement most of them share, where they share one, is the picture's shift, taken out of every
// detection before the tracker matches them; and while the camera rings (tracker.ts) each ball at rest
// seen within its rest gate lies where it lay. A ball moving is not at rest and has no say.
import type { Vec } from '../equipment/vector.ts';

export interface ShakeOptions {
  /** A ball at rest and a detection this close may be the same ball, shifted (mm)… */
  readonly reachMm: number;
  /** …and at least this many balls at rest, and this share of them, must be seen off their places… */
  readonly minBalls: number;
  readonly share: number;
  /** …by at least this (mm: less is the detections' own noise); the shift, their displacements within
   * this of each other's (a smeared picture places each ball a little differently). */
  readonly minMm: number;
  readonly agreeMm: number;
  /**
   * From a shaken frame until this long after the last (ms), a ball at rest seen within the tracker's
   * rest gate lies where it lay: the shaken picture is no place to judge a ball's millimetres by.
   */
  readonly holdMs: number;
}

// A ringing camera's picture smears every ball, and the fit places each within its smear: at one end or
// the other where the camera swung through a turn in the exposure (its picture a double image), so
// that in one frame of held-out 47 twelve balls at rest were seen 2.5 mm one way and four 8 mm the
// other, the cue ball among them, and in another nine 4.5 to 11 mm off every way. At rest the
// detections carry 0.5–1 mm of noise: the synthetic strokes of bench/events (noise, misses, dim
// light, hands) are followed exactly as without this stage.
export const DEFAULT_SHAKE: ShakeOptions = {
  reachMm: 15,
  minBalls: 5,
  share: 0.6,
  agreeMm: 4,
  minMm: 2.5,
  holdMs: 300,
};

/** What a frame's detections say of the camera (see cameraShake). */
export interface Shake {
  /** Most balls at rest seen off their places, none beyond reach: the camera moved, or rings. */
  readonly shaken: boolean;
  /** The displacement most of them share, where they share one: the picture's shift. */
  readonly shift: Vec | undefined;
}

const STILL: Shake = { shaken: false, shift: undefined };

/**
 * Whether the picture has moved from where the balls at rest lie (`rest`, their places), by the
 * frame's detections, each ball at rest to the detection nearest it: shaken where most of them are
 * seen `minMm` or more off (play moves a few balls, never most of those at rest at once), and shifted
 * by the displacement most of them share, where they share one. A ringing camera's double image
 * scatters them: in held-out 47's 13 203 002 nine balls at rest were seen 4.5 to 11 mm off, every way,
 * none sharing a shift.
 */
export const cameraShake = (
  rest: readonly Vec[],
  detections: readonly Vec[],
  o: ShakeOptions = DEFAULT_SHAKE,
): Shake => {
  if (rest.length < o.minBalls) return STILL;
  const moves: Vec[] = [];
  for (const p of rest) {
    let best: Vec | undefined;
    let bestD = o.reachMm;
    for (const d of detections) {
      const far = Math.hypot(d.x - p.x, d.y - p.y);
      if (far < bestD) {
        bestD = far;
        best = { x: d.x - p.x, y: d.y - p.y };
      }
    }
    if (best) moves.push(best);
  }
  const needed = Math.max(o.minBalls, o.share * rest.length);
  if (moves.length < needed) return STILL;
  const shaken = moves.filter((v) => Math.hypot(v.x, v.y) >= o.minMm).length >= needed;
  // The displacement the most others lie near (not their median: half the balls shifted and half not
  // have one between them that none has), then the mean of those that do.
  // Counted, not gathered, for each (this runs every frame the tracker is given).
  const agrees = (v: Vec, m: Vec): boolean => Math.hypot(v.x - m.x, v.y - m.y) <= o.agreeMm;
  let centre = moves[0] as Vec;
  let most = 0;
  for (const m of moves) {
    let n = 0;
    for (const v of moves) if (agrees(v, m)) n++;
    if (n > most) {
      most = n;
      centre = m;
    }
  }
  if (most < needed) return { shaken, shift: undefined };
  const near = moves.filter((v) => agrees(v, centre));
  const shift = {
    x: near.reduce((a, v) => a + v.x, 0) / most,
    y: near.reduce((a, v) => a + v.y, 0) / most,
  };
  return Math.hypot(shift.x, shift.y) >= o.minMm ? { shaken: true, shift } : { shaken, shift: undefined };
};
