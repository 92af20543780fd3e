// Is the striker snookered? (WPBSA Section 2.17, "Snookered"), answered from ball positions alone.
//
// The cue ball can hit an object ball O at its extreme edge on either side by a straight stroke whose
// path is tangent to the circle of radius 2r about O: the cue ball's centre runs from C to the
// tangent point P. That stroke is obstructed when, on the way from C to P, the cue ball would first
// touch a ball not on (its centre comes within 2r of that ball's centre) or a pocket jaw (within r of
// the jaw face). A ball on counts as hittable when both extreme edges are clear (2.17: "If one or
// more balls on can be struck at both extreme edges free of obstruction by any ball not on, the
// cue-ball is not snookered"). Balls on never obstruct: reaching another red first still hits a red.
//
// 2.17(e): the cue ball cannot be snookered by a cushion. When the curved face of a cushion (a jaw)
// is met before any obstructing ball not on, the ball is "angled", not snookered, and a free ball is
// not given for it. Straight cushion faces never obstruct: an object ball rests on the bed, and a
// stroke to its cushion-side edge that the cushion would stop is not a snooker either.
//
// In hand (2.17(a)) the cue ball is snookered only if it is so from every position on or within the
// lines of the D. The region of cue-ball positions from which a ball O is hittable is star-shaped
// about O: every stroke from a point C' on the segment from C towards O sweeps a subset of what the
// strokes from C sweep (C' lies in the convex kite bounded by C's two tangents and O's near arc). So
// if any point of the D is clear, the point where the segment from it to O leaves the D is clear too:
// it is exact to test the D's boundary (the baulk line and the arc), which we sample every 0.5 mm,
// plus, for a ball on lying inside the D, a ring of positions just clear of it. The only
// approximation is that sampling: a gap narrower than 0.5 mm along the boundary could be missed.
import { markingsOf } from '../equipment.ts';
import {
  add,
  distance,
  distanceToSegment,
  dot,
  isOnBed,
  nearestOnSegment,
  norm,
  perp,
  rotate,
  scale,
  sub,
  unit,
  type Table,
  type Vec,
} from '../../../equipment/index.ts';
import { inD } from '../equipment.ts';
import { pointMm } from '../../../core/units.ts';

/** Float guard: a path that only grazes (exactly touches) an obstacle is not obstructed. */
const GRAZE_MM = 1e-6;
/** Spacing of the in-hand positions sampled along the D's boundary. */
export const D_BOUNDARY_STEP_MM = 0.5;
/** Directions tested around a ball on that lies inside the D (every half degree). */
const RING_STEPS = 720;

/**
 * The smallest t ≥ 0 at which a point moving from `from` along the unit vector `dir` comes within
 * `radius` of the segment a–b (a capsule); Infinity if it never does. A start already inside counts
 * as 0 only when it is moving further in (balls measured a fraction closer than touching).
 */
export const capsuleEntry = (from: Vec, dir: Vec, a: Vec, b: Vec, radius: number): number => {
  if (distanceToSegment({ a: pointMm(a.x, a.y), b: pointMm(b.x, b.y) }, from) < radius) {
    const q = nearestOnSegment({ a: pointMm(a.x, a.y), b: pointMm(b.x, b.y) }, from);
    return dot(dir, sub(q, from)) > 0 ? 0 : Infinity;
  }
  let best = Infinity;
  const circle = (c: Vec): void => {
    const f = sub(from, c);
    const fd = dot(f, dir);
    const disc = fd * fd - (dot(f, f) - radius * radius);
    if (disc < 0) return;
    const t = -fd - Math.sqrt(disc);
    if (t >= 0 && t < best) best = t;
  };
  circle(a);
  circle(b);
  const ab = sub(b, a);
  const len = norm(ab);
  if (len > 0) {
    const u = scale(ab, 1 / len);
    const n = perp(u);
    const dn = dot(dir, n);
    if (dn !== 0) {
      for (const side of [-1, 1]) {
        const t = (side * radius - dot(sub(from, a), n)) / dn;
        const along = dot(sub(add(from, scale(dir, t)), a), u);
        if (t >= 0 && t < best && along >= 0 && along <= len) best = t;
      }
    }
  }
  return best;
};

export type Obstruction =
  | { readonly kind: 'ball'; readonly at: number; readonly index: number }
  | { readonly kind: 'jaw'; readonly at: number };

/**
 * The first thing the cue ball meets on a straight stroke from `from` to `to` (its centre's path):
 * a ball of `notOn` (by index) or a pocket jaw; null if the path is clear.
 */
export const firstObstruction = (
  table: Table,
  from: Vec,
  to: Vec,
  notOn: readonly Vec[],
): Obstruction | null => {
  const length = distance(from, to);
  if (length === 0) return null;
  const dir = scale(sub(to, from), 1 / length);
  const r = table.ballRadius;
  let found: Obstruction | null = null;
  // Only what comes within `reach` of the path's centre line, between its ends, can be met.
  const near = (c: Vec, reach: number): boolean => {
    const rx = c.x - from.x;
    const ry = c.y - from.y;
    const along = rx * dir.x + ry * dir.y;
    return along > -reach && along < length + reach && Math.abs(rx * dir.y - ry * dir.x) < reach;
  };
  notOn.forEach((b, index) => {
    if (!near(b, 2 * r)) return;
    const at = capsuleEntry(from, dir, b, b, 2 * r - GRAZE_MM);
    if (at <= length && (found === null || at < found.at)) found = { kind: 'ball', at, index };
  });
  for (const pocket of table.pockets) {
    for (const jaw of pocket.jaws) {
      const half = distance(jaw.a, jaw.b) / 2;
      if (!near(scale(add(jaw.a, jaw.b), 0.5), half + r)) continue;
      const at = capsuleEntry(from, dir, jaw.a, jaw.b, r - GRAZE_MM);
      if (at <= length && (found === null || at < found.at)) found = { kind: 'jaw', at };
    }
  }
  return found;
};

/** How the cue ball stands to one ball on: both edges clear, snookered by a ball not on, or angled by a jaw. */
export type Sight =
  | { readonly kind: 'clear' }
  | { readonly kind: 'snookered'; readonly by: number }
  | { readonly kind: 'angled' };

/** The two cue-ball centre paths that strike `target` at its extreme edges; none if touching. */
export const edgePaths = (table: Table, cue: Vec, target: Vec): readonly Vec[] => {
  const d = distance(cue, target);
  const contact = table.ballDiameter;
  if (d <= contact + GRAZE_MM) return [];
  const alpha = Math.asin(contact / d);
  const reach = Math.sqrt(d * d - contact * contact);
  const u = unit(sub(target, cue));
  return [-1, 1].map((side) => add(cue, scale(rotate(u, side * alpha), reach)));
};

/** WPBSA 2.17: can `target` be struck at both extreme edges from `cue`? If not, by what? */
export const sightOf = (table: Table, cue: Vec, target: Vec, notOn: readonly Vec[]): Sight => {
  let nearest: Obstruction | null = null;
  for (const p of edgePaths(table, cue, target)) {
    const o = firstObstruction(table, cue, p, notOn);
    if (o && (nearest === null || o.at < nearest.at)) nearest = o;
  }
  if (nearest === null) return { kind: 'clear' };
  // 2.17(e): a jaw met before any obstructing ball angles the cue ball; it is not a snooker.
  return nearest.kind === 'ball' ? { kind: 'snookered', by: nearest.index } : { kind: 'angled' };
};

/** Is a central, full-ball contact on `target` open from `cue` (WPBSA 3.14, the three-miss rule)? */
export const fullBallOpen = (table: Table, cue: Vec, target: Vec, notOn: readonly Vec[]): boolean => {
  const d = distance(cue, target);
  if (d <= table.ballDiameter + GRAZE_MM) return true;
  const contact = sub(target, scale(unit(sub(target, cue)), table.ballDiameter));
  return firstObstruction(table, cue, contact, notOn) === null;
};

/** The balls on and the balls not on, as positions, for the geometric questions below. */
export interface Layout {
  readonly on: readonly Vec[];
  readonly notOn: readonly Vec[];
}

/** Snookered from this cue-ball position: every ball on is obstructed by a ball not on (2.17). */
export const isSnookeredFrom = (table: Table, cue: Vec, layout: Layout): boolean =>
  layout.on.length > 0 && layout.on.every((o) => sightOf(table, cue, o, layout.notOn).kind === 'snookered');

/** The D's boundary sampled every `D_BOUNDARY_STEP_MM`, where a ball can rest; the same for every layout. */
const boundaryCache = new WeakMap<Table, readonly Vec[]>();
const dBoundary = (table: Table): readonly Vec[] => {
  const cached = boundaryCache.get(table);
  if (cached) return cached;
  const m = markingsOf(table);
  const { centre, radius } = m.d;
  const out: Vec[] = [];
  const arcSteps = Math.ceil((Math.PI * radius) / D_BOUNDARY_STEP_MM);
  for (let i = 0; i <= arcSteps; i++) {
    const theta = Math.PI + (Math.PI * i) / arcSteps; // the half on the baulk side (y ≤ baulk line)
    out.push({ x: centre.x + radius * Math.cos(theta), y: centre.y + radius * Math.sin(theta) });
  }
  const lineSteps = Math.ceil((2 * radius) / D_BOUNDARY_STEP_MM);
  for (let i = 1; i < lineSteps; i++)
    out.push({ x: centre.x - radius + (2 * radius * i) / lineSteps, y: m.baulkLine });
  const onBed = out.filter((p) => isOnBed(table, pointMm(p.x, p.y)));
  boundaryCache.set(table, onBed);
  return onBed;
};

/**
 * The cue-ball positions worth testing when in hand (see the header): the D's boundary every
 * `D_BOUNDARY_STEP_MM`, and rings just clear of any ball on inside the D; only positions where the
 * cue ball can be placed (on the bed, touching no ball).
 */
export const inHandPositions = (table: Table, layout: Layout): Vec[] => {
  const m = markingsOf(table);
  const { centre, radius } = m.d;
  const rings: Vec[] = [];
  const ring = table.ballDiameter + D_BOUNDARY_STEP_MM;
  for (const o of layout.on) {
    if (distance(o, centre) > radius + ring) continue;
    for (let k = 0; k < RING_STEPS; k++) {
      const theta = (2 * Math.PI * k) / RING_STEPS;
      const p = add(o, scale({ x: Math.cos(theta), y: Math.sin(theta) }, ring));
      if (inD(m, pointMm(p.x, p.y), 1e-6) && isOnBed(table, pointMm(p.x, p.y))) rings.push(p);
    }
  }
  const all = [...layout.on, ...layout.notOn];
  const placeable = [...dBoundary(table), ...rings].filter((p) =>
    all.every((b) => Math.abs(b.x - p.x) >= table.ballDiameter || distance(b, p) >= table.ballDiameter),
  );
  // Visit them spread out (a stride coprime with the count) rather than in order round the D: a
  // clear position, where there is one, is then met early, and the answer is the same.
  const n = placeable.length;
  let stride = Math.max(1, Math.floor(n * 0.618));
  while (gcd(stride, n) !== 1) stride++;
  return placeable.map((_, i) => placeable[(i * stride) % n] as Vec);
};

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Where the cue ball is: a position, or in hand (to be played from the D). */
export type CuePosition = Vec | 'inHand';

/** WPBSA 2.17, with 2.17(a) for the cue ball in hand: snookered from every position in the D. */
export const isSnookered = (table: Table, cue: CuePosition, layout: Layout): boolean => {
  if (cue !== 'inHand') return isSnookeredFrom(table, cue, layout);
  const positions = inHandPositions(table, layout);
  return positions.length > 0 && positions.every((p) => isSnookeredFrom(table, p, layout));
};

/** Is a full-ball contact on some ball on open (from some position in the D when in hand)? */
export const isFullBallAvailable = (table: Table, cue: CuePosition, layout: Layout): boolean => {
  const from = (c: Vec): boolean => layout.on.some((o) => fullBallOpen(table, c, o, layout.notOn));
  return cue === 'inHand' ? inHandPositions(table, layout).some(from) : from(cue);
};

/**
 * WPBSA 3.12(b)(ii): after a non-scoring free-ball stroke, is the next striker snookered on every ball
 * on by the free ball? Each ball on must be snookered with the free ball (index `freeBall` in
 * `notOn`) as the effective snookering ball, the obstruction nearest the cue ball (2.17(b), (c)).
 * The cue ball is on the table: a stroke that left it in hand was a foul already.
 */
export const isSnookeredByFreeBall = (table: Table, cue: Vec, layout: Layout, freeBall: number): boolean =>
  layout.on.length > 0 &&
  layout.on.every((o) => {
    const s = sightOf(table, cue, o, layout.notOn);
    return s.kind === 'snookered' && s.by === freeBall;
  });
