// The rubber a ball can touch: the six cushion noses, the twelve jaws, and the rounded knuckles where
// a nose turns into a jaw at the mouth of a pocket. The physics bounces balls off it and the rules
// ask whether a ball can rest where it is said to: both use this one shape.
import type { Pocket, PocketId, Table } from './bed.ts';

/** A straight run of rubber: a cushion nose or a jaw face, trimmed where a knuckle rounds it off. */
export interface LineRail {
  readonly kind: 'cushion' | 'jaw';
  readonly pocket?: PocketId;
  /** Start point, unit direction along the face and length, mm. */
  readonly ax: number;
  readonly ay: number;
  readonly dx: number;
  readonly dy: number;
  readonly length: number;
  /** Unit normal out of the rubber, towards where the balls are. */
  readonly nx: number;
  readonly ny: number;
}

/** A knuckle: the nose rounded off with radius r about (cx, cy), tangent to the nose and the jaw. */
export interface KnuckleRail {
  readonly pocket: PocketId;
  readonly cx: number;
  readonly cy: number;
  readonly r: number;
}

export interface Rails {
  readonly lines: readonly LineRail[];
  readonly knuckles: readonly KnuckleRail[];
}

const SAME_POINT = 1e-6; // mm: a cushion ends at the knuckle it shares with a jaw

const unit = (x: number, y: number): [number, number] => {
  const l = Math.hypot(x, y);
  return [x / l, y / l];
};

/**
 * The rails of a table. At each knuckle the corner between the cushion nose and the jaw is rounded
 * with the pocket's knuckle radius r: the arc's centre lies on the bisector of the rubber's wedge,
 * r / sin(β) from the corner (β half the wedge angle), and both faces are trimmed r / tan(β) short of it.
 */
export const railsOf = (table: Table): Rails => {
  // Trim amounts at each end of each cushion, keyed by cushion index.
  const cushionTrim = table.cushions.map(() => ({ a: 0, b: 0 }));
  const lines: LineRail[] = [];
  const knuckles: KnuckleRail[] = [];
  const centreX = table.width / 2;
  const centreY = table.length / 2;
  for (const pocket of table.pockets) {
    pocket.knuckles.forEach((k, side) => {
      const jaw = pocket.jaws[side as 0 | 1];
      const [ejx, ejy] = unit(jaw.b.x - jaw.a.x, jaw.b.y - jaw.a.y);
      const ci = table.cushions.findIndex(
        (c) =>
          Math.hypot(c.a.x - k.x, c.a.y - k.y) < SAME_POINT ||
          Math.hypot(c.b.x - k.x, c.b.y - k.y) < SAME_POINT,
      );
      const cushion = table.cushions[ci];
      const trim = cushionTrim[ci];
      if (!cushion || !trim) return; // a knuckle on no cushion: left sharp (no such table is built)
      const atA = Math.hypot(cushion.a.x - k.x, cushion.a.y - k.y) < SAME_POINT;
      const far = atA ? cushion.b : cushion.a;
      const [ecx, ecy] = unit(far.x - k.x, far.y - k.y);
      const halfWedge = Math.acos(Math.max(-1, Math.min(1, ecx * ejx + ecy * ejy))) / 2;
      const [bx, by] = unit(ecx + ejx, ecy + ejy);
      const r = pocket.knuckleRadius;
      const toCentre = r / Math.sin(halfWedge);
      const tangent = r / Math.tan(halfWedge);
      knuckles.push({ pocket: pocket.id, cx: k.x + bx * toCentre, cy: k.y + by * toCentre, r });
      if (atA) trim.a = tangent;
      else trim.b = tangent;
      lines.push(jawRail(pocket, jaw.a, jaw.b, tangent));
    });
  }
  table.cushions.forEach((c, ci) => {
    const trim = cushionTrim[ci] ?? { a: 0, b: 0 };
    const [dx, dy] = unit(c.b.x - c.a.x, c.b.y - c.a.y);
    const length = Math.hypot(c.b.x - c.a.x, c.b.y - c.a.y) - trim.a - trim.b;
    // the balls are on the side of the table's centre
    const side = (centreX - c.a.x) * -dy + (centreY - c.a.y) * dx > 0 ? 1 : -1;
    lines.push({
      kind: 'cushion',
      ax: c.a.x + dx * trim.a,
      ay: c.a.y + dy * trim.a,
      dx,
      dy,
      length,
      nx: -dy * side,
      ny: dx * side,
    });
  });
  return { lines, knuckles };
};

const jawRail = (
  pocket: Pocket,
  a: { x: number; y: number },
  b: { x: number; y: number },
  trim: number,
): LineRail => {
  const [dx, dy] = unit(b.x - a.x, b.y - a.y);
  // the balls are on the throat's side: towards the pocket's axis
  const qx = pocket.mouthCentre.x + pocket.axis.x * pocket.fallDepth * 0.5;
  const qy = pocket.mouthCentre.y + pocket.axis.y * pocket.fallDepth * 0.5;
  const side = (qx - a.x) * -dy + (qy - a.y) * dx > 0 ? 1 : -1;
  return {
    kind: 'jaw',
    pocket: pocket.id,
    ax: a.x + dx * trim,
    ay: a.y + dy * trim,
    dx,
    dy,
    length: Math.hypot(b.x - a.x, b.y - a.y) - trim,
    nx: -dy * side,
    ny: dx * side,
  };
};

/** How far a ball centre at (x, y) is from touching any rail (negative: it would be in the rubber). */
export const railClearance = (rails: Rails, x: number, y: number, R: number): number => {
  let best = Infinity;
  for (const l of rails.lines) {
    const along = Math.max(0, Math.min(l.length, (x - l.ax) * l.dx + (y - l.ay) * l.dy));
    best = Math.min(best, Math.hypot(x - (l.ax + l.dx * along), y - (l.ay + l.dy * along)) - R);
  }
  for (const k of rails.knuckles) best = Math.min(best, Math.hypot(x - k.cx, y - k.cy) - k.r - R);
  return best;
};

const cache = new WeakMap<Table, Rails>();

/** The rails of a table, built once per table. */
export const railsFor = (table: Table): Rails => {
  let rails = cache.get(table);
  if (!rails) {
    rails = railsOf(table);
    cache.set(table, rails);
  }
  return rails;
};
