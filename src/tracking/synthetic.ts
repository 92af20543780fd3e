// Detections as vision would give them, made from exact ball positions (the simulator's truth) with
// realistic faults drawn from a seeded generator: position noise, missed detections, balls hidden
// under a cue or an arm, a class misread now and then, a fast ball's position taken from its motion
// blur (and sometimes lost in it), light changes that make all of that worse, and the odd false ball.
// Lets the tracker be built and measured before, and independently of, the vision stage.
import type { BallId } from '../equipment/pieces.ts';
import type { Table } from '../equipment/bed.ts';
import { distanceToSegment, type Segment } from '../equipment/vector.ts';
import { mm, pointMm } from '../core/units.ts';
import type { Detection, FrameDetections } from './types.ts';

/** A ball's exact state at an instant, as the simulator gives it (`BallSample` of src/sim/physics). */
export interface TruthSample {
  readonly id: BallId;
  readonly x: number;
  readonly y: number;
  readonly vx: number;
  readonly vy: number;
  readonly state: 'table' | 'falling' | 'potted';
}

/** What random numbers the faults need (src/sim/random.ts's `Rng` fits). */
export interface RandomSource {
  /** Uniform in [0, 1). */
  next(): number;
  normal(mean?: number, sd?: number): number;
}

/** Something over the table between `from` and `to` (ms): a capsule round a segment (a cue, an arm). */
export interface Occluder {
  readonly from: number;
  readonly to: number;
  readonly segment: Segment;
  readonly radius: number;
}

/** Is the point (x, y) of the cloth hidden from the camera at time t (ms)? */
export type Cover = (t: number, x: number, y: number) => boolean;

/** The cover of capsules over the table, each for its own stretch of time. */
export const capsuleCover =
  (occluders: readonly Occluder[]): Cover =>
  (t, x, y) =>
    occluders.some((o) => t >= o.from && t < o.to && distanceToSegment(o.segment, pointMm(x, y)) < o.radius);

/** A stretch of worse light: more noise and more misses. */
export interface LightChange {
  readonly from: number;
  readonly to: number;
  readonly noiseMm: number;
  readonly missRate: number;
}

export interface FaultOptions {
  /** Position noise, σ per axis (mm). */
  readonly noiseMm: number;
  /** Chance a ball on the table is not detected in a frame. */
  readonly missRate: number;
  /** Chance a detected ball is given another class. */
  readonly classErrorRate: number;
  /** Exposure (ms), centred on the frame's time (as src/sim/render exposes): a moving ball is seen where it was on average over it. */
  readonly exposureMs: number;
  /** Extra noise along the motion, as a share of the blur streak's length. */
  readonly blurNoiseFraction: number;
  /**
   * A moving ball found this share of its streak's length from the streak's middle, towards one end
   * or the other at random (none by default). The detector does so on the rendered clips: ±18 mm at
   * 5.5 m/s, four tenths of a 1/120 s streak.
   */
  readonly blurEndFraction?: number;
  /** Chance a ball blurred over more than a diameter is lost in the frame. */
  readonly blurMissRate: number;
  /** Chance per frame of a false ball somewhere on the bed, of any class. */
  readonly falseRate: number;
  /** What hides a ball whose centre it covers (a cue, an arm, a hand); none by default. */
  readonly cover?: Cover;
  readonly lights: readonly LightChange[];
}

export const DEFAULT_FAULTS: FaultOptions = {
  noiseMm: 0.7,
  missRate: 0.01,
  classErrorRate: 0.002,
  exposureMs: 1000 / 120,
  blurNoiseFraction: 0.05,
  blurMissRate: 0.2,
  falseRate: 0.002,
  lights: [],
};

const BLUR_SUBSAMPLES = 5;

/**
 * One frame's detections at time `t`. `samplesAt(t)` gives every ball's exact state; balls falling or
 * potted are not on the cloth and are not seen.
 */
export const synthesiseFrame = (
  table: Table,
  samplesAt: (t: number) => readonly TruthSample[],
  t: number,
  faults: FaultOptions,
  rng: RandomSource,
): FrameDetections => {
  const light = faults.lights.find((l) => t >= l.from && t < l.to);
  const noise = light ? light.noiseMm : faults.noiseMm;
  const missRate = light ? light.missRate : faults.missRate;
  const now = samplesAt(t);
  // The blur: each ball's mean position over the exposure about t.
  const sub = Array.from({ length: BLUR_SUBSAMPLES }, (_, i) =>
    samplesAt(t + faults.exposureMs * ((i + 0.5) / BLUR_SUBSAMPLES - 0.5)),
  );
  const hidden = (x: number, y: number): boolean => faults.cover?.(t, x, y) ?? false;
  const balls: Detection[] = [];
  now.forEach((b, i) => {
    if (b.state !== 'table') return;
    const seen = sub.map((s) => s[i]).filter((s): s is TruthSample => s?.state === 'table');
    const x = seen.reduce((a, s) => a + s.x, 0) / Math.max(1, seen.length) || b.x;
    const y = seen.reduce((a, s) => a + s.y, 0) / Math.max(1, seen.length) || b.y;
    const speed = Math.hypot(b.vx, b.vy);
    const streak = (speed * faults.exposureMs) / 1000;
    if (hidden(x, y) || rng.next() < missRate) return;
    if (streak > table.ballDiameter && rng.next() < faults.blurMissRate) return;
    const end = faults.blurEndFraction && streak > 0 ? faults.blurEndFraction * streak : 0;
    const along = rng.normal(0, faults.blurNoiseFraction * streak) + (end && (rng.next() < 0.5 ? -end : end));
    const ux = speed > 0 ? b.vx / speed : 0;
    const uy = speed > 0 ? b.vy / speed : 0;
    const misread = rng.next() < faults.classErrorRate;
    const id = misread ? otherId(table, b.id, rng) : b.id;
    balls.push({
      id,
      x: mm(x + rng.normal(0, noise) + ux * along),
      y: mm(y + rng.normal(0, noise) + uy * along),
      confidence: misread ? 0.6 : 0.98,
    });
  });
  if (rng.next() < faults.falseRate) {
    balls.push({
      id: table.balls.ids[Math.floor(rng.next() * table.balls.ids.length)] ?? 'cue',
      x: mm(table.ballRadius + rng.next() * (table.width - table.ballDiameter)),
      y: mm(table.ballRadius + rng.next() * (table.length - table.ballDiameter)),
      confidence: 0.5,
    });
  }
  // Vision gives balls in no particular order.
  for (let i = balls.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    const a = balls[i];
    const b = balls[j];
    if (a && b) [balls[i], balls[j]] = [b, a];
  }
  return { t, balls };
};

const otherId = (table: Table, id: BallId, rng: RandomSource): BallId => {
  const others = table.balls.ids.filter((x) => x !== id);
  return others[Math.floor(rng.next() * others.length)] ?? id;
};

/** Frames at `fps` from `from` to `to` ms, each through `synthesiseFrame`. */
export const synthesiseClip = (
  table: Table,
  samplesAt: (t: number) => readonly TruthSample[],
  from: number,
  to: number,
  fps: number,
  faults: FaultOptions,
  rng: RandomSource,
): FrameDetections[] => {
  const out: FrameDetections[] = [];
  const first = Math.ceil((from * fps) / 1000 - 1e-9);
  for (let k = first; (k * 1000) / fps <= to + 1e-9; k++)
    out.push(synthesiseFrame(table, samplesAt, (k * 1000) / fps, faults, rng));
  return out;
};
