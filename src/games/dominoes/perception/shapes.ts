// Pieces of face as tile parts, by their size and shape in millimetres (moments: a w × l rectangle has
// second moments w²/12 and l²/12): a half (a square the dividing line cuts off, its pips holes in
// it), or a whole face (a face-down tile's back, or a face whose line did not show), each with its
// centre and, for a whole face, the direction of its length. Anything else (a hand, an arm's shadow,
// a half mostly hidden) is left out.
import type { TileSize } from '../equipment.ts';
import type { Piece } from './components.ts';

export interface HalfShape {
  readonly kind: 'half';
  readonly x: number;
  readonly y: number;
  /** Share of a whole half's flat area this piece covers. */
  readonly fill: number;
}

export interface WholeShape {
  readonly kind: 'whole';
  readonly x: number;
  readonly y: number;
  /** Direction of the length, radians. */
  readonly theta: number;
  readonly fill: number;
}

export type Shape = HalfShape | WholeShape;

/** Millimetres of a face's rim that the rounded edge darkens out of the mask. */
const RIM = 0.8;

/** The piece as a half or a whole face, or undefined. `step`: mm per cell; `x0`, `y0`: cell (0, 0). */
export const shapeOf = (
  p: Piece,
  tile: TileSize,
  step: number,
  x0: number,
  y0: number,
): Shape | undefined => {
  const tr = p.sxx + p.syy;
  const det = p.sxx * p.syy - p.sxy * p.sxy;
  const disc = Math.sqrt(Math.max(0, (tr * tr) / 4 - det));
  const long = Math.sqrt(12 * (tr / 2 + disc)) * step;
  const short = Math.sqrt(12 * Math.max(0, tr / 2 - disc)) * step;
  const x = x0 + p.cx * step;
  const y = y0 + p.cy * step;
  const area = p.area * step * step;
  const side = tile.width - 2 * RIM;
  const halfArea = side * (tile.length / 2 - RIM);
  if (long < side * 1.2 && short > side * 0.7) {
    const fill = area / halfArea;
    return fill > 0.55 && fill < 1.25 ? { kind: 'half', x, y, fill } : undefined;
  }
  const length = tile.length - 2 * RIM;
  if (long > length * 0.85 && long < length * 1.15 && short > side * 0.8 && short < side * 1.25) {
    const fill = area / (length * side);
    const theta = 0.5 * Math.atan2(2 * p.sxy, p.sxx - p.syy);
    return fill > 0.7 && fill < 1.3 ? { kind: 'whole', x, y, theta, fill } : undefined;
  }
  return undefined;
};
