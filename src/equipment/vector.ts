// Plane vector helpers on table millimetres. Kept tiny and pure; anything heavier (matrices, least
// squares) comes from ml-matrix.
import { mm, type Mm, type PointMm } from '../core/units.ts';

export interface Vec {
  readonly x: number;
  readonly y: number;
}

export const add = (a: Vec, b: Vec): Vec => ({ x: a.x + b.x, y: a.y + b.y });
export const sub = (a: Vec, b: Vec): Vec => ({ x: a.x - b.x, y: a.y - b.y });
export const scale = (a: Vec, k: number): Vec => ({ x: a.x * k, y: a.y * k });
export const dot = (a: Vec, b: Vec): number => a.x * b.x + a.y * b.y;
export const cross = (a: Vec, b: Vec): number => a.x * b.y - a.y * b.x;
export const norm = (a: Vec): number => Math.hypot(a.x, a.y);
export const unit = (a: Vec): Vec => scale(a, 1 / norm(a));
/** `a` turned a quarter turn anticlockwise (seen from above, x right, y up). */
export const perp = (a: Vec): Vec => ({ x: -a.y, y: a.x });
export const rotate = (a: Vec, radians: number): Vec => {
  const c = Math.cos(radians);
  const s = Math.sin(radians);
  return { x: a.x * c - a.y * s, y: a.x * s + a.y * c };
};

export const toPoint = (v: Vec): PointMm => ({ x: mm(v.x), y: mm(v.y) });

/** Centre-to-centre distance of two points on the table. */
export const distance = (a: Vec, b: Vec): Mm => mm(Math.hypot(a.x - b.x, a.y - b.y));

/** A straight piece of cushion nose or jaw face, from `a` to `b`. */
export interface Segment {
  readonly a: PointMm;
  readonly b: PointMm;
}

/** The point of segment `s` nearest to `p`. */
export const nearestOnSegment = (s: Segment, p: Vec): Vec => {
  const ab = sub(s.b, s.a);
  const len2 = dot(ab, ab);
  const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, dot(sub(p, s.a), ab) / len2));
  return add(s.a, scale(ab, t));
};

export const distanceToSegment = (s: Segment, p: Vec): Mm => distance(p, nearestOnSegment(s, p));

/** The least distance between two segments: 0 where they cross, else from an end of one to the other. */
export const segmentsApart = (s: Segment, u: Segment): Mm => {
  const side = (p: Vec, q: Segment): number => cross(sub(q.b, q.a), sub(p, q.a));
  const crosses = side(s.a, u) * side(s.b, u) < 0 && side(u.a, s) * side(u.b, s) < 0;
  if (crosses) return mm(0);
  return mm(
    Math.min(
      distanceToSegment(s, u.a),
      distanceToSegment(s, u.b),
      distanceToSegment(u, s.a),
      distanceToSegment(u, s.b),
    ),
  );
};
