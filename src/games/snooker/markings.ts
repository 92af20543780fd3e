// Snooker's markings (WPBSA Rules, Section 1, 1(d)–(f)), in the table frame of docs/formats.md §1.
import { mm, pointMm, type Mm, type PointMm } from '../../core/units.ts';
import type { SnookerColour } from './balls.ts';
import type { BedSize } from '../../equipment/bed.ts';
import type { BedMarks } from '../../equipment/marks.ts';

export interface SnookerMarkings {
  /** y of the baulk line: 29 in (737 mm) from the face of the bottom cushion (1(d)). */
  readonly baulkLine: Mm;
  /** The D: a semicircle in baulk, centred on the middle of the baulk line, radius 11½ in (292 mm) (1(e)). */
  readonly d: { readonly centre: PointMm; readonly radius: Mm };
  /** The six colour spots (1(f)); yellow on the right of the D seen from baulk, green on the left. */
  readonly spots: Readonly<Record<SnookerColour, PointMm>>;
}

const BAULK_LINE = 737; // 29 in
const D_RADIUS = 292; // 11½ in
const BLACK_FROM_TOP = 324; // 12¾ in

/** Markings for a bed; on a full-size table these are exactly the WPBSA figures of docs/formats.md §1. */
export const snookerMarkings = (size: BedSize): SnookerMarkings => {
  const cx = size.width / 2;
  const blue = size.length / 2; // Centre Spot: midway between the faces of the top and bottom cushions
  const pink = (blue + size.length) / 2; // Pyramid Spot: midway between the centre spot and the top cushion
  return {
    baulkLine: mm(BAULK_LINE),
    d: { centre: pointMm(cx, BAULK_LINE), radius: mm(D_RADIUS) },
    spots: {
      yellow: pointMm(cx + D_RADIUS, BAULK_LINE),
      green: pointMm(cx - D_RADIUS, BAULK_LINE),
      brown: pointMm(cx, BAULK_LINE),
      blue: pointMm(cx, blue),
      pink: pointMm(cx, pink),
      black: pointMm(cx, size.length - BLACK_FROM_TOP),
    },
  };
};

/** Is a point in the D (on its lines counts as in: WPBSA Section 2, "in-hand" / 3.11)? */
export const inD = (m: SnookerMarkings, p: PointMm, toleranceMm = 1e-9): boolean =>
  p.y <= m.baulkLine + toleranceMm &&
  Math.hypot(p.x - m.d.centre.x, p.y - m.d.centre.y) <= m.d.radius + toleranceMm;

/** The markings as the cloth shows them: the baulk line, the D's arc on the baulk side, the spots. */
export const snookerMarks = (size: BedSize): BedMarks => {
  const m = snookerMarkings(size);
  return {
    lines: [{ name: 'baulk-line', a: pointMm(0, m.baulkLine), b: pointMm(size.width, m.baulkLine) }],
    arcs: [{ name: 'd', centre: m.d.centre, radius: m.d.radius, from: Math.PI, to: 2 * Math.PI }],
    spots: Object.entries(m.spots).map(([name, at]) => ({ name, at })),
  };
};
