// The marks a game draws on the cloth (a baulk line, a D and spots; pool's head line and foot
// spot), as plain geometry: what the renderer paints, the vision stage expects lighter than the cloth,
// calibration looks for, and the pages draw. What each mark means is the game's (src/games).
import type { Mm, PointMm } from '../core/units.ts';

export interface MarkLine {
  readonly name: string;
  readonly a: PointMm;
  readonly b: PointMm;
}

/** An arc of a circle, from angle `from` to `to` (radians, from +x towards +y, `from` < `to`). */
export interface MarkArc {
  readonly name: string;
  readonly centre: PointMm;
  readonly radius: Mm;
  readonly from: number;
  readonly to: number;
}

export interface MarkSpot {
  readonly name: string;
  readonly at: PointMm;
}

export interface BedMarks {
  readonly lines: readonly MarkLine[];
  readonly arcs: readonly MarkArc[];
  readonly spots: readonly MarkSpot[];
}

const toSegment = (l: MarkLine, x: number, y: number): number => {
  const dx = l.b.x - l.a.x;
  const dy = l.b.y - l.a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - l.a.x) * dx + (y - l.a.y) * dy) / len2));
  return Math.hypot(x - (l.a.x + t * dx), y - (l.a.y + t * dy));
};

/** Is angle `a` within the arc's sweep? */
export const onArcSweep = (arc: MarkArc, a: number): boolean => {
  const turn = 2 * Math.PI;
  const rel = (((a - arc.from) % turn) + turn) % turn;
  return rel <= arc.to - arc.from + 1e-12;
};

const toArc = (arc: MarkArc, x: number, y: number): number => {
  const a = Math.atan2(y - arc.centre.y, x - arc.centre.x);
  if (onArcSweep(arc, a)) return Math.abs(Math.hypot(x - arc.centre.x, y - arc.centre.y) - arc.radius);
  const end = (t: number): number =>
    Math.hypot(x - (arc.centre.x + arc.radius * Math.cos(t)), y - (arc.centre.y + arc.radius * Math.sin(t)));
  return Math.min(end(arc.from), end(arc.to));
};

/**
 * How far the cloth point (x, y) lies outside the nearest mark's ink, mm (0 or less: on a mark), for
 * lines `lineWidth` wide and spots of `spotRadius`.
 */
export const markDistance = (
  marks: BedMarks,
  x: number,
  y: number,
  lineWidth: number,
  spotRadius: number,
): number => {
  const half = lineWidth / 2;
  let d = Infinity;
  for (const l of marks.lines) d = Math.min(d, toSegment(l, x, y) - half);
  for (const a of marks.arcs) d = Math.min(d, toArc(a, x, y) - half);
  for (const s of marks.spots) d = Math.min(d, Math.hypot(x - s.at.x, y - s.at.y) - spotRadius);
  return d;
};
