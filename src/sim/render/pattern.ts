// The marks on a pool ball, on the ball itself so that they turn with it: a stripe is a white ball with
// a band of colour round its equator; every numbered ball carries its number, black on a white circle,
// twice, on opposite sides (on the band of a stripe). From above, a stripe turned pole-up shows almost
// all white, turned on its side a broad band of colour; a number is seen whole, foreshortened, in part
// or not at all. A ball whose look has neither (a plain colour) has no pattern and is drawn as before.
import { isMarked, type BallLook } from '../../equipment/pieces.ts';
import type { Orientation } from '../orientation.ts';
import { ballAlbedo, fromSrgb8, type Rgb } from './colour.ts';
import { smoothstep } from './lights.ts';

// A 57 mm pool ball: the band of a stripe about 30 mm wide (|z| < 0.53 R), the number's circle about
// 22 mm across (23° from its centre), its figures about two thirds of the circle high.
const STRIPE_HALF = 0.53;
const CIRCLE_COS = Math.cos((23 * Math.PI) / 180);
const CIRCLE_SIN = Math.sin((23 * Math.PI) / 180);
const EDGE = 0.012;
// The figures' cell, in circle radii: one figure fills more of the circle than two side by side.
const CELL_ONE = 0.19;
const CELL_TWO = 0.14;

// 5 × 7 figures, row by row from the top.
const FONT: Readonly<Record<string, readonly string[]>> = {
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11111', '00010', '00100', '00010', '00001', '10001', '01110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
};
const ROWS = 7;

export interface BallPattern {
  readonly colour: Rgb;
  readonly white: Rgb;
  readonly ink: Rgb;
  readonly stripe: boolean;
  /** The number as a bitmap, `cols` × 7 (row-major, 1 = ink); empty when there is none. */
  readonly bitmap: Uint8Array;
  readonly cols: number;
  readonly cell: number;
}

// The white of the circles and of a stripe's caps (the cue ball's ivory), and the figures' ink.
const WHITE = fromSrgb8(240, 236, 222);
const INK = fromSrgb8(22, 22, 26);

const bitmapOf = (text: string): { bitmap: Uint8Array; cols: number } => {
  const glyphs = [...text].map((c) => FONT[c]).filter((g): g is readonly string[] => g !== undefined);
  const cols = glyphs.length === 0 ? 0 : glyphs.length * 6 - 1;
  const bitmap = new Uint8Array(cols * ROWS);
  glyphs.forEach((g, k) => {
    for (let row = 0; row < ROWS; row++)
      for (let col = 0; col < 5; col++) bitmap[row * cols + k * 6 + col] = g[row]?.[col] === '1' ? 1 : 0;
  });
  return { bitmap, cols };
};

/** The pattern a look asks for, or undefined for a plain ball. */
export const patternOf = (look: BallLook | undefined): BallPattern | undefined => {
  if (!look || !isMarked(look)) return undefined;
  const { bitmap, cols } = bitmapOf(look.number ?? '');
  return {
    colour: ballAlbedo(look),
    white: WHITE,
    ink: INK,
    stripe: look.stripe === true,
    bitmap,
    cols,
    cell: cols > 5 ? CELL_TWO : CELL_ONE,
  };
};

const bit = (p: BallPattern, col: number, row: number): number =>
  col < 0 || row < 0 || col >= p.cols || row >= ROWS ? 0 : (p.bitmap[row * p.cols + col] as number);

/** Share of ink at (u, v) in circle radii from the circle's centre (v up the figures), 0…1. */
const inkAt = (p: BallPattern, u: number, v: number): number => {
  if (p.cols === 0) return 0;
  const gx = u / p.cell + p.cols / 2 - 0.5;
  const gy = -v / p.cell + ROWS / 2 - 0.5;
  const x0 = Math.floor(gx);
  const y0 = Math.floor(gy);
  const fx = gx - x0;
  const fy = gy - y0;
  const top = bit(p, x0, y0) * (1 - fx) + bit(p, x0 + 1, y0) * fx;
  const bottom = bit(p, x0, y0 + 1) * (1 - fx) + bit(p, x0 + 1, y0 + 1) * fx;
  return smoothstep(0.3, 0.7, top * (1 - fy) + bottom * fy);
};

/**
 * The albedo (linear) where the unit normal (nx, ny, nz), in the table's frame, leaves a ball turned
 * by q (q[o..o+3]), written to out.
 */
export const patternAlbedo = (
  p: BallPattern,
  q: Float64Array,
  o: number,
  nx: number,
  ny: number,
  nz: number,
  out: [number, number, number],
): [number, number, number] => {
  // The normal in the ball's own axes: rotate by q's inverse (v + 2w(u × v) + 2u × (u × v), u = −q.xyz).
  const w = q[o] as number;
  const ux = -(q[o + 1] as number);
  const uy = -(q[o + 2] as number);
  const uz = -(q[o + 3] as number);
  const cx = uy * nz - uz * ny;
  const cy = uz * nx - ux * nz;
  const cz = ux * ny - uy * nx;
  const bx = nx + 2 * (w * cx + uy * cz - uz * cy);
  const by = ny + 2 * (w * cy + uz * cx - ux * cz);
  const bz = nz + 2 * (w * cz + ux * cy - uy * cx);
  // The band (or the whole ball for a solid) in the colour, the caps of a stripe white.
  const band = p.stripe ? smoothstep(STRIPE_HALF + EDGE, STRIPE_HALF - EDGE, Math.abs(bz)) : 1;
  for (let c = 0; c < 3; c++) out[c] = (p.colour[c] as number) * band + (p.white[c] as number) * (1 - band);
  const a = Math.abs(bx);
  if (a < CIRCLE_COS - EDGE) return out;
  // Inside a circle: its own flat coordinates, the figures upright along the ball's z.
  const circle = smoothstep(CIRCLE_COS - EDGE, CIRCLE_COS + EDGE, a);
  const ink = inkAt(p, (bx > 0 ? by : -by) / CIRCLE_SIN, bz / CIRCLE_SIN);
  for (let c = 0; c < 3; c++) {
    const inside = (p.white[c] as number) * (1 - ink) + (p.ink[c] as number) * ink;
    out[c] = (out[c] as number) * (1 - circle) + inside * circle;
  }
  return out;
};

/** Orientation as the compositor keeps it: four numbers per sub-sample. */
export const ORIENTATION_SIZE = 4;
export const writeOrientation = (q: Orientation, out: Float64Array, k: number): void => {
  out.set(q, k * ORIENTATION_SIZE);
};
