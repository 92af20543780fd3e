// A pocketed bed: playing area, cushion noses, pockets with their jaws, and the marks drawn on the
// cloth. Which game is played on it is the game's business (src/games): the pocket shapes and marks
// are parameters. Table frame as docs/formats.md §1: origin at the bottom-left corner of the playing
// surface (cushion noses), x across to the right-hand side, y along to the top cushion, millimetres.
import { mm, pointMm, type Mm, type PointMm } from '../core/units.ts';
import { add, perp, rotate, scale, toPoint, unit, type Segment, type Vec } from './vector.ts';
import type { BedMarks } from './marks.ts';
import type { BallSet } from './pieces.ts';

export type PocketId = 'BL' | 'BR' | 'ML' | 'MR' | 'TL' | 'TR';
export const POCKET_IDS: readonly PocketId[] = ['BL', 'BR', 'ML', 'MR', 'TL', 'TR'];

export type PocketKind = 'corner' | 'middle';

/**
 * One pocket. The mouth is the gap between the two knuckles, where the cushion noses end; the jaws
 * run from the knuckles back into the pocket; a ball whose centre crosses the fall line (inside the
 * jaws, `fallDepth` behind the mouth) drops. A ball can strike a jaw, rattle, and stay out.
 */
export interface Pocket {
  readonly id: PocketId;
  readonly kind: PocketKind;
  /** Where the cushion lines meet (corners) or the side cushion line's middle (docs/formats.md §1). */
  readonly nominal: PointMm;
  /** Knuckle points, the ends of the two cushion noses at the mouth. */
  readonly knuckles: readonly [PointMm, PointMm];
  /** Midpoint of the mouth. */
  readonly mouthCentre: PointMm;
  /** Unit vector from the mouth into the pocket, out of the bed. */
  readonly axis: Vec;
  /** Mouth width, knuckle to knuckle. */
  readonly mouth: Mm;
  /** Jaw faces, from each knuckle into the pocket. */
  readonly jaws: readonly [Segment, Segment];
  /** Radius of the rounded cushion nose at each knuckle. */
  readonly knuckleRadius: Mm;
  /** How far behind the mouth line, along `axis`, the slate falls away. */
  readonly fallDepth: Mm;
  /** The fall line across the throat: a ball centre past it drops. */
  readonly fall: Segment;
}

/** A bed as other programs give it (docs/formats.md §2): playing area and ball, millimetres. */
export interface BedSize {
  readonly width: number;
  readonly length: number;
  readonly ball: number;
}

export interface Table {
  readonly name: string;
  /** Playing area between the cushion noses: x from 0 to width, y from 0 to length. */
  readonly width: Mm;
  readonly length: Mm;
  readonly ballDiameter: Mm;
  readonly ballRadius: Mm;
  /** Height of a resting ball's centre above the cloth. */
  readonly ballCentreHeight: Mm;
  /** Height of the cushion nose above the cloth (where a ball strikes it). */
  readonly cushionNoseHeight: Mm;
  /** Cushion noses between the pockets (six: bottom, top, two on each side). */
  readonly cushions: readonly Segment[];
  readonly pockets: readonly Pocket[];
  /** Lines, arcs and spots drawn on the cloth (a game's markings); absent for a plain bed. */
  readonly marks?: BedMarks;
  /** The balls played on it. */
  readonly balls: BallSet;
}

/** Pocket figures, as fractions of the ball so that they scale to other beds. */
export interface PocketShape {
  readonly mouth: number;
  /** Angle (degrees) by which each jaw leans in towards the pocket axis: the throat narrows. */
  readonly jawLean: number;
  readonly jawLength: number;
  readonly fallDepth: number;
  readonly knuckleRadius: number;
}

/** The shapes of a bed's four corner and two middle pockets. */
export interface PocketShapes {
  readonly corner: PocketShape;
  readonly middle: PocketShape;
}

const DEG = Math.PI / 180;

/**
 * Build a pocket from its two cushion nose lines. `knuckles` are given so that walking from the first
 * knuckle to the second goes round the mouth; `axis` points into the pocket.
 */
const makePocket = (
  id: PocketId,
  kind: PocketKind,
  nominal: Vec,
  knuckles: readonly [Vec, Vec],
  axis: Vec,
  shape: PocketShape,
  ball: number,
): Pocket => {
  const [k1, k2] = knuckles;
  const mouthCentre = scale(add(k1, k2), 0.5);
  const a = unit(axis);
  // rotate(a, θ) = cos θ·a + sin θ·across, so a jaw from the knuckle on the +across side leans in
  // towards the axis with θ = -lean, and the other with θ = +lean.
  const across = perp(a);
  const lateral = (k: Vec): number => (k.x - mouthCentre.x) * across.x + (k.y - mouthCentre.y) * across.y;
  const jawLength = shape.jawLength * ball;
  const lean = shape.jawLean * DEG;
  const d1 = rotate(a, -Math.sign(lateral(k1)) * lean);
  const d2 = rotate(a, -Math.sign(lateral(k2)) * lean);
  const jaws: [Segment, Segment] = [
    { a: toPoint(k1), b: toPoint(add(k1, scale(d1, jawLength))) },
    { a: toPoint(k2), b: toPoint(add(k2, scale(d2, jawLength))) },
  ];
  const fallDepth = shape.fallDepth * ball;
  // The fall line crosses the throat at fallDepth behind the mouth, from jaw to jaw.
  const atDepth = (k: Vec, dir: Vec): Vec => {
    const along = dir.x * a.x + dir.y * a.y;
    return add(k, scale(dir, fallDepth / along));
  };
  return {
    id,
    kind,
    nominal: toPoint(nominal),
    knuckles: [toPoint(k1), toPoint(k2)],
    mouthCentre: toPoint(mouthCentre),
    axis: a,
    mouth: mm(Math.hypot(k1.x - k2.x, k1.y - k2.y)),
    jaws,
    knuckleRadius: mm(shape.knuckleRadius * ball),
    fallDepth: mm(fallDepth),
    fall: { a: toPoint(atDepth(k1, d1)), b: toPoint(atDepth(k2, d2)) },
  };
};

export interface TableOptions {
  readonly name?: string;
  readonly pockets: PocketShapes;
  readonly marks?: BedMarks;
  readonly balls: BallSet;
}

/** A bed of any size, with its pockets cut to the given shapes, scaled to its ball. */
export const makeTable = (size: BedSize, options: TableOptions): Table => {
  const { corner: CORNER, middle: MIDDLE } = options.pockets;
  const W = size.width;
  const L = size.length;
  const ball = size.ball;
  const dc = (CORNER.mouth * ball) / Math.SQRT2; // knuckle distance from the corner along each cushion
  const hm = (MIDDLE.mouth * ball) / 2;
  const cy = L / 2;
  const s = Math.SQRT1_2;
  const pockets: Pocket[] = [
    makePocket(
      'BL',
      'corner',
      { x: 0, y: 0 },
      [
        { x: dc, y: 0 },
        { x: 0, y: dc },
      ],
      { x: -s, y: -s },
      CORNER,
      ball,
    ),
    makePocket(
      'BR',
      'corner',
      { x: W, y: 0 },
      [
        { x: W - dc, y: 0 },
        { x: W, y: dc },
      ],
      { x: s, y: -s },
      CORNER,
      ball,
    ),
    makePocket(
      'ML',
      'middle',
      { x: 0, y: cy },
      [
        { x: 0, y: cy - hm },
        { x: 0, y: cy + hm },
      ],
      { x: -1, y: 0 },
      MIDDLE,
      ball,
    ),
    makePocket(
      'MR',
      'middle',
      { x: W, y: cy },
      [
        { x: W, y: cy - hm },
        { x: W, y: cy + hm },
      ],
      { x: 1, y: 0 },
      MIDDLE,
      ball,
    ),
    makePocket(
      'TL',
      'corner',
      { x: 0, y: L },
      [
        { x: dc, y: L },
        { x: 0, y: L - dc },
      ],
      { x: -s, y: s },
      CORNER,
      ball,
    ),
    makePocket(
      'TR',
      'corner',
      { x: W, y: L },
      [
        { x: W - dc, y: L },
        { x: W, y: L - dc },
      ],
      { x: s, y: s },
      CORNER,
      ball,
    ),
  ];
  const seg = (ax: number, ay: number, bx: number, by: number): Segment => ({
    a: pointMm(ax, ay),
    b: pointMm(bx, by),
  });
  const cushions: Segment[] = [
    seg(dc, 0, W - dc, 0), // bottom (baulk) cushion
    seg(dc, L, W - dc, L), // top cushion
    seg(0, dc, 0, cy - hm), // left side, baulk half
    seg(0, cy + hm, 0, L - dc), // left side, top half
    seg(W, dc, W, cy - hm), // right side, baulk half
    seg(W, cy + hm, W, L - dc), // right side, top half
  ];
  const base = {
    name: options.name ?? `${W}x${L}x${ball}`,
    width: mm(W),
    length: mm(L),
    ballDiameter: mm(ball),
    ballRadius: mm(ball / 2),
    ballCentreHeight: mm(ball / 2),
    // The cushion nose meets the ball at about 7/10 of its height (WPBSA cushion profile, 63.5% to 70%).
    cushionNoseHeight: mm(ball * 0.7),
    cushions,
    pockets,
    balls: options.balls,
  };
  return options.marks ? { ...base, marks: options.marks } : base;
};

export const pocketById = (table: Table, id: PocketId): Pocket => {
  const p = table.pockets.find((q) => q.id === id);
  if (!p) throw new Error(`no pocket ${id}`); // unreachable: every table has the six
  return p;
};

/**
 * A cushion's line: its direction (b − a), length and outward unit normal (away from the middle of the bed): what
 * looking across a cushion's edge in a picture needs.
 */
export const cushionAcross = (
  t: Pick<Table, 'width' | 'length'>,
  seg: Segment,
): {
  readonly ex: number;
  readonly ey: number;
  readonly len: number;
  readonly nx: number;
  readonly ny: number;
} => {
  const ex = seg.b.x - seg.a.x;
  const ey = seg.b.y - seg.a.y;
  const len = Math.hypot(ex, ey);
  const inward = (ey / len) * (seg.a.x - t.width / 2) + (-ex / len) * (seg.a.y - t.length / 2) < 0;
  return { ex, ey, len, nx: inward ? -ey / len : ey / len, ny: inward ? ex / len : -ex / len };
};
