// The next-event search. Between events every ball follows a quadratic path, so the gap between two
// balls (squared) is a quartic in time and the gap to a cushion face a quadratic; each is solved for
// the first moment it closes (poly.ts), within the phases both balls are in. Most pairs are ruled out
// first by the boxes their paths stay inside.
import type { Pocket } from '../../equipment/index.ts';
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

/**
 * A ball's path from `now` to the end of its phase: x(now + τ) = x[0] + x[1]·τ + x[2]·τ² (likewise y)
 * for τ in [0, horizon], and the box the centre stays inside meanwhile.
 */
export interface Path {
  readonly moving: boolean;
  readonly x: readonly [number, number, number];
  readonly y: readonly [number, number, number];
  readonly horizon: number;
  readonly minX: number;
  readonly maxX: number;
  readonly minY: number;
  readonly maxY: number;
}

/** The range of c0 + c1·τ + c2·τ² over [0, h]: its ends and its turning point if inside. */
const range = (c: readonly [number, number, number], h: number): [number, number] => {
  const end = c[0] + (c[1] + c[2] * h) * h;
  let lo = Math.min(c[0], end);
  let hi = Math.max(c[0], end);
  if (c[2] !== 0) {
    const turn = -c[1] / (2 * c[2]);
    if (turn > 0 && turn < h) {
      const v = c[0] + (c[1] + c[2] * turn) * turn;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  }
  return [lo, hi];
};

export const pathOf = (s: Segment, now: number, R: number): Path => {
  const { x, y } = pathFrom(s, now, R);
  if (!moving(s))
    return { moving: false, x, y, horizon: Infinity, minX: x[0], maxX: x[0], minY: y[0], maxY: y[0] };
  const horizon = Math.max(0, s.t1 - now);
  const [minX, maxX] = range(x, horizon);
  const [minY, maxY] = range(y, horizon);
  return { moving: true, x, y, horizon, minX, maxX, minY, maxY };
};

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

/** Are two boxes further apart than `gap` along x or y? */
const apart = (a: Path, minX: number, maxX: number, minY: number, maxY: number, gap: number): boolean =>
  a.minX - maxX > gap || minX - a.maxX > gap || a.minY - maxY > gap || minY - a.maxY > gap;

/**
 * When two balls next touch while closing, from `now`, within their current phases; null if not.
 * Balls count as touching `tol` mm before their surfaces meet, so a contact is never found late.
 */
export const nextBallContact = (a: Path, b: Path, now: number, R: number, tol: number): number | null => {
  if (!a.moving && !b.moving) return null;
  const D = 2 * R;
  if (apart(a, b.minX, b.maxX, b.minY, b.maxY, D + tol)) return null;
  const horizon = Math.min(a.horizon, b.horizon);
  const x: [number, number, number] = [b.x[0] - a.x[0], b.x[1] - a.x[1], b.x[2] - a.x[2]];
  const y: [number, number, number] = [b.y[0] - a.y[0], b.y[1] - a.y[1], b.y[2] - a.y[2]];
  const tau = firstClosing(gapQuartic(x, y, D), 2 * D * tol + tol * tol, horizon);
  return tau === null ? null : now + tau;
};

/** The first cushion, jaw, knuckle or fall line a moving ball meets in its current phase, from `now`. */
export const nextBoundary = (
  p: Path,
  now: number,
  rails: Rails,
  pockets: readonly Pocket[],
  R: number,
  tol: number,
): BoundaryHit | null => {
  if (!p.moving) return null;
  const { x, y, horizon } = p;
  let best: BoundaryHit | null = null;
  const consider = (tau: number | null, target: BoundaryTarget): void => {
    if (tau !== null && (best === null || now + tau < best.t)) best = { t: now + tau, target };
  };
  const reach = R + tol;
  rails.lines.forEach((l, index) => {
    const ex = l.ax + l.dx * l.length;
    const ey = l.ay + l.dy * l.length;
    if (apart(p, Math.min(l.ax, ex), Math.max(l.ax, ex), Math.min(l.ay, ey), Math.max(l.ay, ey), reach))
      return;
    const gap = [
      (x[0] - l.ax) * l.nx + (y[0] - l.ay) * l.ny - R,
      x[1] * l.nx + y[1] * l.ny,
      x[2] * l.nx + y[2] * l.ny,
    ];
    const tau = firstClosing(gap, tol, horizon);
    if (tau === null) return;
    const along =
      (x[0] + (x[1] + x[2] * tau) * tau - l.ax) * l.dx + (y[0] + (y[1] + y[2] * tau) * tau - l.ay) * l.dy;
    if (along >= 0 && along <= l.length) consider(tau, { kind: 'line', index });
  });
  rails.knuckles.forEach((k, index) => {
    const r = R + k.r;
    if (apart(p, k.cx, k.cx, k.cy, k.cy, r + tol)) return;
    const cx: [number, number, number] = [x[0] - k.cx, x[1], x[2]];
    const cy: [number, number, number] = [y[0] - k.cy, y[1], y[2]];
    consider(firstClosing(gapQuartic(cx, cy, r), 2 * r * tol + tol * tol, horizon), {
      kind: 'knuckle',
      index,
    });
  });
  pockets.forEach((pocket, index) => {
    const { a, b } = pocket.fall;
    if (apart(p, Math.min(a.x, b.x), Math.max(a.x, b.x), Math.min(a.y, b.y), Math.max(a.y, b.y), 0)) return;
    consider(nextFall(pocket, x, y, horizon), { kind: 'fall', index });
  });
  return best;
};
