// A ball's motion on the cloth between events, in closed form (Leckie & Greenspan, "An Event-Based
// Pool Physics Simulator", 2006). A sliding ball's contact point slips over the cloth; friction
// μs·m·g opposes the slip, whose direction stays fixed, so the ball moves with constant acceleration
// until the slip is gone (after 2|u|/7μs·g). Then it rolls, slowing at μr·g until it stops. Spin about
// the vertical decays on its own at 5·μsp·g/2R. Every phase is a quadratic in time: that is what makes
// exact contact times possible.
import type { PocketId } from '../../equipment/index.ts';
import type { PhysicsOptions } from './options.ts';

export type Mode = 'sliding' | 'rolling' | 'still' | 'falling' | 'potted';

/** Position, velocity (mm, mm/s) and angular velocity (rad/s, x y z of the table frame) at one instant. */
export interface Kinematics {
  x: number;
  y: number;
  vx: number;
  vy: number;
  wx: number;
  wy: number;
  wz: number;
}

/** One phase of a ball's motion, from t0 until t1 (seconds from the strike; Infinity while open). */
export interface Segment {
  readonly mode: Mode;
  readonly t0: number;
  t1: number;
  /** State at t0. */
  readonly k: Readonly<Kinematics>;
  /** Constant linear acceleration, mm/s². */
  readonly ax: number;
  readonly ay: number;
  /** Constant angular acceleration about x and y while sliding, rad/s². */
  readonly awx: number;
  readonly awy: number;
  /** Decay of the vertical spin, rad/s², towards zero. */
  readonly spinDecay: number;
  /** The pocket a falling or potted ball is in. */
  readonly pocket?: PocketId;
}

/** Below these a slip or a speed is rounding, not motion (mm/s). */
const SLIP_EPS = 1e-6;
const SPEED_EPS = 1e-6;

/** The slip of the contact point with the cloth: u = v + ω × (−R·ẑ). */
const slip = (k: Readonly<Kinematics>, R: number): { ux: number; uy: number } => ({
  ux: k.vx - R * k.wy,
  uy: k.vy + R * k.wx,
});

const decayedSpin = (wz: number, decay: number, tau: number): number => {
  if (wz > 0) return Math.max(0, wz - decay * tau);
  if (wz < 0) return Math.min(0, wz + decay * tau);
  return 0;
};

/**
 * The phase that starts at `t` from state `k`: sliding if the contact point slips, else rolling if
 * the ball moves, else still (perhaps spinning on the spot).
 */
export const segmentFrom = (k: Readonly<Kinematics>, t: number, R: number, o: PhysicsOptions): Segment => {
  const spinDecay = (5 * o.spinFriction * o.gravity) / (2 * R);
  const { ux, uy } = slip(k, R);
  const u = Math.hypot(ux, uy);
  if (u > SLIP_EPS) {
    const f = o.slidingFriction * o.gravity;
    const hx = ux / u;
    const hy = uy / u;
    const alpha = (5 * f) / (2 * R);
    return {
      mode: 'sliding',
      t0: t,
      t1: t + (2 * u) / (7 * f),
      k: { ...k },
      ax: -f * hx,
      ay: -f * hy,
      awx: -alpha * hy,
      awy: alpha * hx,
      spinDecay,
    };
  }
  const speed = Math.hypot(k.vx, k.vy);
  if (speed > SPEED_EPS) {
    const f = o.rollingFriction * o.gravity;
    return {
      mode: 'rolling',
      t0: t,
      t1: t + speed / f,
      // rolling: the contact point is at rest, ω⊥ = ẑ × v / R
      k: { ...k, wx: -k.vy / R, wy: k.vx / R },
      ax: (-f * k.vx) / speed,
      ay: (-f * k.vy) / speed,
      awx: 0,
      awy: 0,
      spinDecay,
    };
  }
  return still(k.x, k.y, k.wz, t, spinDecay);
};

export const still = (x: number, y: number, wz: number, t: number, spinDecay: number): Segment => ({
  mode: 'still',
  t0: t,
  t1: Infinity,
  k: { x, y, vx: 0, vy: 0, wx: 0, wy: 0, wz },
  ax: 0,
  ay: 0,
  awx: 0,
  awy: 0,
  spinDecay,
});

/** The state at time t within a sliding, rolling or still phase. */
export const kinematicsAt = (s: Segment, t: number, R: number): Kinematics => {
  const tau = Math.min(t, s.t1) - s.t0;
  const k = s.k;
  const wz = decayedSpin(k.wz, s.spinDecay, tau);
  if (s.mode === 'still' || tau === 0) return { ...k, wz };
  const vx = k.vx + s.ax * tau;
  const vy = k.vy + s.ay * tau;
  const x = k.x + (k.vx + 0.5 * s.ax * tau) * tau;
  const y = k.y + (k.vy + 0.5 * s.ay * tau) * tau;
  if (s.mode === 'rolling') return { x, y, vx, vy, wx: -vy / R, wy: vx / R, wz };
  return { x, y, vx, vy, wx: k.wx + s.awx * tau, wy: k.wy + s.awy * tau, wz };
};

/** The state at which a sliding or rolling phase ends, made exact: rolling without slip, or stopped. */
export const kinematicsAtEnd = (s: Segment, R: number): Kinematics => {
  const end = kinematicsAt(s, s.t1, R);
  if (s.mode === 'rolling') return { ...end, vx: 0, vy: 0, wx: 0, wy: 0 };
  return { ...end, wx: -end.vy / R, wy: end.vx / R };
};

/** Position polynomial coefficients of a phase, re-based at time t: x(t + τ) = px[0] + px[1]·τ + px[2]·τ². */
export const pathFrom = (
  s: Segment,
  t: number,
  R: number,
): { x: [number, number, number]; y: [number, number, number] } => {
  const k = kinematicsAt(s, t, R);
  return { x: [k.x, k.vx, 0.5 * s.ax], y: [k.y, k.vy, 0.5 * s.ay] };
};

/** Is the ball moving over the cloth in this phase? */
export const moving = (s: Segment): boolean => s.mode === 'sliding' || s.mode === 'rolling';

/**
 * The cue ball just after the tip leaves it: velocity v (mm/s) and spin from where the tip struck,
 * `side` (right positive) and `height` (up positive) in ball radii. A horizontal impulse J = m·v through
 * the point (side·R, height·R) off the centre gives ω = (5|v| / 2R)·(side·ẑ + height·(ẑ × v̂)): struck at
 * height 2/5 the ball rolls at once (the "natural roll" at seven tenths of its height), below centre it
 * carries back spin, and side sets it spinning about the vertical.
 */
export const struck = (
  x: number,
  y: number,
  vx: number,
  vy: number,
  side: number,
  height: number,
  R: number,
): Kinematics => {
  const speed = Math.hypot(vx, vy);
  const k = (5 * speed) / (2 * R);
  const dx = speed > 0 ? vx / speed : 0;
  const dy = speed > 0 ? vy / speed : 0;
  return { x, y, vx, vy, wx: -k * height * dy, wy: k * height * dx, wz: k * side };
};
