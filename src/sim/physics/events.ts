// The next-event search. Between events every ball follows a quadratic path, so the gap between two
// balls (squared) is a quartic in time and the gap to a cushion face a quadratic; each is solved for
// the first moment it closes (poly.ts), within the phases both balls are in.
import type { Pocket } from '../../table/index.ts';
import type { Rails } from './cushion.ts';
import { moving, pathFrom, type Segment } from './motion.ts';
import { nextFall } from './pocket.ts';
import { firstClosing } from './poly.ts';

/** What a ball runs into next on its own: a cushion nose or jaw face, a knuckle, or a pocket's fall line. */
export type BoundaryTarget =
  | { readonly kind: 'line'; readonly index: number }
  | { readonly kind: 'knuckle'; readonly index: number }
  | { readonly kind: 'fall'; readonly index: number };

export interface BoundaryHit {
  readonly t: number;
  readonly target: BoundaryTarget;
}

/** The quartic |c + d(τ)|² − reach² for a relative path d and offset c, and its closing tolerance. */
const gapQuartic = (
  x: readonly [number, number, number],
  y: readonly [number, number, number],
  reach: number,
): number[] => [
  x[0] * x[0] + y[0] * y[0] - reach * reach,
  2 * (x[0] * x[1] + y[0] * y[1]),
  x[1] * x[1] + y[1] * y[1] + 2 * (x[0] * x[2] + y[0] * y[2]),
  2 * (x[1] * x[2] + y[1] * y[2]),
  x[2] * x[2] + y[2] * y[2],
];

/** A bound on how far a path x0 + x1·τ + x2·τ² can move in [0, h]. */
const reachIn = (x: readonly number[], y: readonly number[], h: number): number =>
  Math.hypot(x[1] ?? 0, y[1] ?? 0) * h + Math.hypot(x[2] ?? 0, y[2] ?? 0) * h * h;

/**
 * When two balls next touch while closing, from `now`, within their current phases; null if not.
 * Balls count as touching `tol` mm before their surfaces meet, so a contact is never found late.
 */
export const nextBallContact = (
  a: Segment,
  b: Segment,
  now: number,
  R: number,
  tol: number,
): number | null => {
  if (!moving(a) && !moving(b)) return null;
  const horizon = Math.min(a.t1, b.t1) - now;
  if (!(horizon >= 0) || !Number.isFinite(horizon)) return null;
  const pa = pathFrom(a, now, R);
  const pb = pathFrom(b, now, R);
  const x: [number, number, number] = [pb.x[0] - pa.x[0], pb.x[1] - pa.x[1], pb.x[2] - pa.x[2]];
  const y: [number, number, number] = [pb.y[0] - pa.y[0], pb.y[1] - pa.y[1], pb.y[2] - pa.y[2]];
  const D = 2 * R;
  if (Math.hypot(x[0], y[0]) - D - tol > reachIn(x, y, horizon)) return null;
  const tau = firstClosing(gapQuartic(x, y, D), 2 * D * tol + tol * tol, horizon);
  return tau === null ? null : now + tau;
};

/** The first cushion, jaw, knuckle or fall line a moving ball meets in its current phase, from `now`. */
export const nextBoundary = (
  s: Segment,
  now: number,
  rails: Rails,
  pockets: readonly Pocket[],
  R: number,
  tol: number,
): BoundaryHit | null => {
  if (!moving(s)) return null;
  const horizon = s.t1 - now;
  if (!(horizon >= 0) || !Number.isFinite(horizon)) return null;
  const { x, y } = pathFrom(s, now, R);
  const travel = reachIn(x, y, horizon);
  let best: BoundaryHit | null = null;
  const consider = (tau: number | null, target: BoundaryTarget): void => {
    if (tau !== null && (best === null || now + tau < best.t)) best = { t: now + tau, target };
  };
  rails.lines.forEach((l, index) => {
    const gap = [
      (x[0] - l.ax) * l.nx + (y[0] - l.ay) * l.ny - R,
      x[1] * l.nx + y[1] * l.ny,
      x[2] * l.nx + y[2] * l.ny,
    ];
    if ((gap[0] ?? 0) - tol > travel) return;
    const tau = firstClosing(gap, tol, horizon);
    if (tau === null) return;
    const along =
      (x[0] + (x[1] + x[2] * tau) * tau - l.ax) * l.dx + (y[0] + (y[1] + y[2] * tau) * tau - l.ay) * l.dy;
    if (along >= 0 && along <= l.length) consider(tau, { kind: 'line', index });
  });
  rails.knuckles.forEach((k, index) => {
    const reach = R + k.r;
    const cx: [number, number, number] = [x[0] - k.cx, x[1], x[2]];
    const cy: [number, number, number] = [y[0] - k.cy, y[1], y[2]];
    if (Math.hypot(cx[0], cy[0]) - reach - tol > travel) return;
    consider(firstClosing(gapQuartic(cx, cy, reach), 2 * reach * tol + tol * tol, horizon), {
      kind: 'knuckle',
      index,
    });
  });
  pockets.forEach((p, index) => {
    const depth = (x[0] - p.mouthCentre.x) * p.axis.x + (y[0] - p.mouthCentre.y) * p.axis.y;
    if (p.fallDepth - depth > travel) return;
    consider(nextFall(p, x, y, horizon), { kind: 'fall', index });
  });
  return best;
};
