// Pieces of face as tile parts, by their size and shape in millimetres (moments: a w × l rectangle has
// second moments w²/12 and l²/12): a half (a square the dividing line cuts off, its pips holes in
// it), or whole faces (a face-down tile's back, a face whose line did not show, or a straight run of
// tiles touching whose seams did not show, split evenly by the tile's size), each with its centre
// and, for a whole face, the direction of its length. Anything else (a hand, an arm's shadow, a half
// mostly hidden, an L or T of tiles) is left out.
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
  /** One of a straight run of tiles end to end that the piece was split into. */
  readonly endToEnd: boolean;
}

export type Shape = HalfShape | WholeShape;

/** Millimetres of a face's rim that the rounded edge darkens out of the mask. */
const RIM = 0.8;

/**
 * The piece as a half or whole faces ([] when neither). `step`: mm per cell; `x0`, `y0`: cell (0, 0);
 * `sideBySide`: whether a piece may be three or more tiles side by side (black backs only).
 */
export const shapeOf = (
  p: Piece,
  tile: TileSize,
  step: number,
  x0: number,
  y0: number,
  sideBySide: boolean,
): Shape[] => {
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
    return fill > 0.55 && fill < 1.25 ? [{ kind: 'half', x, y, fill }] : [];
  }
  const length = tile.length - 2 * RIM;
  const theta = 0.5 * Math.atan2(2 * p.sxy, p.sxx - p.syy);
  const ux = Math.cos(theta);
  const uy = Math.sin(theta);
  const fill = area / (long * short);
  if (fill < 0.7 || fill > 1.3) return [];
  // Whole tiles in a straight line, end to end (a chain's run where the seams did not show): as many
  // tiles as the length holds, evenly along it.
  const endToEnd = Math.round(long / tile.length);
  if (
    short > side * 0.8 &&
    short < side * 1.25 &&
    endToEnd >= 1 &&
    Math.abs(long - endToEnd * tile.length) < 0.08 * tile.length * endToEnd + 2 * RIM
  )
    return Array.from({ length: endToEnd }, (_, k): WholeShape => {
      const s = (k - (endToEnd - 1) / 2) * (long / endToEnd);
      return { kind: 'whole', x: x + ux * s, y: y + uy * s, theta, fill, endToEnd: endToEnd > 1 };
    });
  // Three or more side by side (a black hand face down, its seams hairlines that hardly show): as many
  // as the length holds. Not on an ivory face: the seams between ivory tiles touching are dark (their
  // rounded edges turn from the light) and left out of the mask, so ivory tiles fall apart; an ivory
  // piece that long and 50 mm wide is something else — a grey sleeve's lit middle (tuning seed 9516,
  // dim light: eight "face-down tiles" along an arm), a hand's skin (9314), never a row of tiles
  // (none of the 7 such ivory pieces on the tuning sets was; 92 of the 97 black ones were a hand).
  const count = Math.round(long / tile.width);
  if (
    sideBySide &&
    short > length * 0.9 &&
    short < length * 1.12 &&
    count >= 3 &&
    Math.abs(long - count * tile.width) < 0.1 * tile.width * count
  )
    return Array.from({ length: count }, (_, k): WholeShape => {
      const s = (k - (count - 1) / 2) * (long / count);
      return {
        kind: 'whole',
        x: x + ux * s,
        y: y + uy * s,
        theta: theta + Math.PI / 2,
        fill,
        endToEnd: false,
      };
    });
  return [];
};
