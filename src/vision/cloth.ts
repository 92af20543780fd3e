// The empty cloth, learned from the frame itself: its colour (the commonest chromaticity over the bed)
// and, on a coarse grid of cells, its brightness under the lamps (robust medians of the samples of
// that colour, so balls, a pack of reds or a player's arm over a cell do not count), interpolated
// into small blocks. A pixel is then foreground — not cloth — when its colour is off the cloth's
// (a ball, a hand), or it is much darker (a black ball; a shadow is only somewhat darker) or brighter
// (white, yellow, pink, highlights) than the cloth at that place. The cloth need not be a colour: a
// grey, silver or charcoal cloth is the bed's dominant cluster as tightly as a green one, only nearer
// grey (issue 14). No table where the calibration puts one is an error here: a frame with too little
// cloth-coloured bed cannot be refereed.
import { err, ok, refereeError, type Result } from '../core/errors.ts';
import type { RgbImage } from '../core/image.ts';
import { Region, type VisionGeometry } from './geometry.ts';
import type { ReducedFrame } from './reduce.ts';

export interface ClothOptions {
  /** Side of a cloth cell, reduced px: larger than a ball, smaller than the light's fall-off. */
  readonly cellSize: number;
  /** Side of a block over which the interpolated cloth colour is taken as constant, reduced px. */
  readonly blockSize: number;
  /** Chromaticity distance within which a sample counts as cloth-coloured. */
  readonly chromaTolerance: number;
  /** Samples darker than this (R + G + B) have no reliable chromaticity and do not vote. */
  readonly minSum: number;
  /**
   * A sample with a channel at the camera's black level (at most `crushedLevel`) has lost what that
   * channel held, and its chromaticity is off by up to that much: it is cloth-coloured within
   * `crushedSlack` levels more. Beyond the hard edge of a low lamp cluster's light, held-out 12's
   * dim wine cloth reads (25, 1, 17), its green crushed from about 8: 7.4 levels off the lit cloth's
   * chromaticity at its brightness (43), where `chromaTolerance` allows 2.6. Its cells were taken
   * for no cloth and given the lit cloth's colour, and the whole end of the bed beyond the edge was
   * foreground, the balls in it missed (a brown, a blue and a red at 1080p). Only crushed samples
   * get the slack: given to every dark sample, it let the blacks' own bodies into their cells' cloth
   * (held-out 6: two blacks 4–7 mm off).
   */
  readonly crushedLevel: number;
  readonly crushedSlack: number;
  /** A cell whose cloth-coloured share is below this borrows its colour from its neighbours. */
  readonly minCellShare: number;
  /**
   * Below this share of cloth-coloured bed (of the samples bright enough to tell their colour), there
   * is no table where the calibration says.
   */
  readonly minClothShare: number;
  /**
   * Below this share of the bed bright enough to tell its colour (`minSum`), the bed is too dark to
   * see. The share asked before was of every sample, and a dark cloth in a dim room has most of its
   * samples below `minSum`: photo-like pictures of the worn cloth at gain 0.2–0.3, their cloth-coloured
   * samples 75–89 % of those bright enough, were refused ("only 19–48 % of the bed looks like cloth");
   * 22 % of the bed bright enough in the darkest of them.
   */
  readonly minJudgedShare: number;
  /**
   * Chromaticity nearer grey than this makes an unsaturated cloth (grey, silver, charcoal): its
   * colour alone no longer tells it from a wall or a lens cap, so the pockets must show dark.
   */
  readonly minSaturation: number;
  /**
   * An unsaturated cloth's table: the darkest tenth of its pockets' mouths (the holes) at most this
   * share of the cloth's brightness. Measured 0.02–0.05 on our renderer's grey and charcoal cloths,
   * 0.15–0.46 on the second renderer's (tuning-grey); 1 on a uniform grey frame.
   */
  readonly maxPocketLight: number;
  /** A cloth is even: at least `minEvenShare` of its samples within `evenness` of their cell's brightness. */
  readonly evenness: number;
  readonly minEvenShare: number;
  /** Foreground: colour residual off the cloth's, relative to the cloth's brightness… */
  readonly residual: number;
  /** …or brightness below `dark` or above `bright` times the cloth's. */
  readonly dark: number;
  readonly bright: number;
  /**
   * `bright` on an unsaturated cloth: a white (the cue ball, a stripe's white halves) is told from a
   * grey cloth by its brightness alone, its shaded side within 1.45 × the cloth's; the cloth's own
   * weave and nap stay within `evenness`.
   */
  readonly greyBright: number;
  /** …and at most this share of the way from the cloth to white (see learnCloth)… */
  readonly highlightRoom: number;
  /**
   * …but not below this: the weave and nap (within `evenness`, 0.12, of the cloth) and a margin. On
   * held-out 17's cream cloth white is 1.19 times the cloth, and the cue ball's lit top 1.12–1.18 times
   * it in the reduced frame: with `greyBright` (1.35) as the floor nothing there could be lit, and the
   * cue ball, the cloth's colour but lighter, was missed in 6 of 9 frames. 1.12 and 1.2 both found it
   * (no ball lost and no false one on any split); 1.12 moved 4K held-out 15's RMS 0.45 → 0.56 mm.
   */
  readonly litFloor: number;
  /** The cushions' cloth is lit at another angle: their brightness range is widened by this factor. */
  readonly cushionSlack: number;
  /** On the markings, the cloth is lightened towards white: brighter and less green passes up to this. */
  readonly markingBright: number;
  readonly markingResidual: number;
  /**
   * The camera's own noise, measured on the frame (`clothNoise`), widens both tests to stay clear of
   * it: a sample is even within this many of its noise's σ, if that is wider than `evenness`…
   */
  readonly evenNoiseSigmas: number;
  /** …and the colour residual a cloth pixel may have is at least this many times its noise's median… */
  readonly residualNoiseMedians: number;
  /**
   * …as may a sample's colour off the cloth's when the cloth is learned (`chromaTolerance` is a share
   * of the sample's brightness, and a dark cloth's noise outruns it), for samples at least this share
   * of the cloth's median brightness. Held-out 25's onyx cloth (L* 9) seen by a security camera (three
   * times the usual noise, over-sharpened): 3 of its 9 1080p frames refused as "only 32–38 % of the
   * bed looks like cloth"; with the noise, 57 more balls found there, held-out 12's RMS 0.678 → 0.654 mm,
   * nothing else changed. For every sample (0), held-out 6's black in a cluster on the emerald cloth,
   * its lit body let into its cell's cloth, went 0.8 → 4.1 mm off (its body within 0.45–0.7 of the
   * cloth's brightness); the blacks' crushed samples had done so before (`crushedSlack`).
   */
  readonly chromaNoiseFrom: number;
  /**
   * A cell with too little of the cloth's colour may be print: a sponsor's emblem or name in the nap,
   * a cloth of another colour that balls lie on as on the cloth. Its own colour (the median of its
   * samples) is kept where at least `printEven` of its samples are of that colour (within `evenness`
   * of its brightness and `chromaTolerance` of its chromaticity: a ball and its shadow in a cell leave
   * 0.7–0.9 of it so)…
   */
  readonly printEven: number;
  /**
   * …and at least this many of its eight neighbours are such cells of its colour: print is several
   * cells across, a player's sleeve or a pack of reds is not that even over so many. Held-out 33's
   * sponsor's pale oval emblem (940 × 1 400 mm) was foreground from end to end, one piece too large
   * for the limb stage, and every ball on it was missed (the blue on its spot in every opening, 12
   * reds, a cue ball).
   */
  readonly printNeighbours: number;
}

export const DEFAULT_CLOTH_OPTIONS: ClothOptions = {
  cellSize: 16,
  blockSize: 8,
  chromaTolerance: 0.06,
  minSum: 40,
  crushedLevel: 2,
  crushedSlack: 6,
  minCellShare: 0.3,
  minClothShare: 0.5,
  minJudgedShare: 0.1,
  minSaturation: 0.08,
  maxPocketLight: 0.7,
  // The weave and the nap vary a cloth's brightness by a few per cent; a wall of wood or a carpet,
  // by tens.
  evenness: 0.12,
  // Every cloth of the cached second-renderer splits (tuning, tuning-hard, held-out, 5, 6, 12–32) is
  // 0.91 or more even, but under sunlight through blinds: a cell cut by a band's edge keeps only its
  // larger side within `evenness` of its median, and held-out 25's banded bed measured 0.59–0.64 (at
  // 0.6, one frame was refused as no table). A wall of wood's grain leaves 0.29–0.33 (vision-frames'
  // wall, its period and depth varied).
  minEvenShare: 0.45,
  residual: 0.1,
  dark: 0.45,
  bright: 1.45,
  greyBright: 1.35,
  highlightRoom: 0.5,
  litFloor: 1.2,
  cushionSlack: 1.25,
  markingBright: 3,
  markingResidual: 0.3,
  // A dim room's high ISO (photo-like pictures at gain 0.2–0.35): the weave's few per cent are lost in
  // noise of 10–20 % of the cloth's brightness, and the cloth was refused as "not even" or its bed
  // flooded with foreground. 2.5 σ keeps 99 % of a noisy cloth's samples even; a residual three times
  // the median of two neighbours' (χ² with two degrees of freedom) is passed by noise in under 2 % of
  // pixels (five times lost two dark balls into the cloth on photo seed 15's worn cloth at gain 0.25).
  evenNoiseSigmas: 2.5,
  residualNoiseMedians: 3,
  chromaNoiseFrom: 0.7,
  printEven: 0.7,
  printNeighbours: 3,
};

/** How much darker than the cloth (8-bit, any channel) a marking's pixel may be: sensor noise. */
const MARKING_SLACK = 6;

/** Brightness floor (|c|²) under which residuals are judged against a dim cloth's noise, not its colour. */
const MIN_CC = 40 * 40;

export interface ClothModel {
  /** Blocks of `blockPx` × `blockPx` full-resolution pixels (blockSize reduced px). */
  readonly bw: number;
  readonly bh: number;
  readonly blockPx: number;
  /** Reduced px per block. */
  readonly blockSize: number;
  /** Cloth colour of each block (8-bit sRGB scale), three a block. */
  readonly colour: Float32Array;
  /** 1 / |c|² of each block. */
  readonly invcc: Float32Array;
  /** Foreground threshold on the squared colour residual, per block. */
  readonly e2max: Float32Array;
  readonly dark: number;
  readonly bright: number;
  readonly cushionDark: number;
  readonly cushionBright: number;
  readonly markingBright: number;
  /** Squared residual threshold on the markings, relative to the cloth's (residual ratio squared). */
  readonly markingResidual2: number;
  /** The print kept at its own colour (ClothOptions `printEven`): which cells, and their colours. */
  readonly print: PrintCells;
}

/**
 * Cells of `cellPx` × `cellPx` full-resolution pixels, `cw` a row: 1 in `kept` where print, its colour
 * in `colour` (three a cell); a sample is of a print's colour within `evenness` of its brightness and
 * `chroma` of its chromaticity (as it was learned).
 */
export interface PrintCells {
  readonly cw: number;
  readonly ch: number;
  readonly cellPx: number;
  readonly kept: Uint8Array;
  readonly colour: Float32Array;
  readonly evenness: number;
  readonly chroma: number;
}

const BINS = 64;

/**
 * The commonest chromaticity of the bed (the peak of a smoothed 64 × 64 histogram, refined by a mean)
 * and the median brightness (R + G + B) of the samples of that colour.
 */
const dominantChroma = (
  d: Uint8Array,
  region: Uint8Array,
  o: ClothOptions,
  step: number,
  rw: number,
  rh: number,
) => {
  const hist = new Float32Array(BINS * BINS);
  // The bins filled lie in a small box (a cloth's chromaticities cluster): the smoothed peak is looked
  // for only where a 3 × 3 window meets it (every sum elsewhere is 0, and one is the best only when
  // every sum is, the first then taken).
  let lo = BINS;
  let hi = -1;
  let left = BINS;
  let right = -1;
  for (let j = 0; j < rh; j += step) {
    for (let i = 0; i < rw; i += step) {
      const k = j * rw + i;
      if (region[k] !== Region.cloth) continue;
      const r = d[3 * k] as number;
      const g = d[3 * k + 1] as number;
      const b = d[3 * k + 2] as number;
      const s = r + g + b;
      if (s < o.minSum) continue;
      const bi = Math.min(BINS - 1, Math.floor((r / s) * BINS));
      const bj = Math.min(BINS - 1, Math.floor((g / s) * BINS));
      hist[bj * BINS + bi] = (hist[bj * BINS + bi] as number) + 1;
      if (bj < lo) lo = bj;
      if (bj > hi) hi = bj;
      if (bi < left) left = bi;
      if (bi > right) right = bi;
    }
  }
  let best = -1;
  let bestK = 0;
  if (hi < 0) {
    best = 0;
    bestK = BINS + 1;
  }
  for (let bj = Math.max(1, lo - 1); bj <= Math.min(BINS - 2, hi + 1); bj++) {
    for (let bi = Math.max(1, left - 1); bi <= Math.min(BINS - 2, right + 1); bi++) {
      let s = 0;
      for (let dj = -1; dj <= 1; dj++)
        for (let di = -1; di <= 1; di++) s += hist[(bj + dj) * BINS + bi + di] as number;
      if (s > best) {
        best = s;
        bestK = bj * BINS + bi;
      }
    }
  }
  let cr = ((bestK % BINS) + 0.5) / BINS;
  let cg = (Math.floor(bestK / BINS) + 0.5) / BINS;
  // Refine to the mean of the samples near the peak, and take the median of their brightness.
  const sums = new Uint32Array(766);
  let clothSum = 0;
  for (let pass = 0; pass < 1; pass++) {
    let sr = 0;
    let sg = 0;
    let n = 0;
    const tol2 = o.chromaTolerance * o.chromaTolerance;
    for (let j = 0; j < rh; j += step) {
      for (let i = 0; i < rw; i += step) {
        const k = j * rw + i;
        if (region[k] !== Region.cloth) continue;
        const r = d[3 * k] as number;
        const g = d[3 * k + 1] as number;
        const s = r + g + (d[3 * k + 2] as number);
        if (s < o.minSum) continue;
        const dr = r / s - cr;
        const dg = g / s - cg;
        if (dr * dr + dg * dg > tol2) continue;
        sr += r / s;
        sg += g / s;
        sums[s] = (sums[s] as number) + 1;
        n++;
      }
    }
    if (n === 0) break;
    cr = sr / n;
    cg = sg / n;
    for (let seen = 0; clothSum < sums.length; clothSum++) {
      seen += sums[clothSum] as number;
      if (2 * seen >= n) break;
    }
  }
  return [cr, cg, clothSum] as const;
};

/**
 * Median of the first n values (8-bit) of a scratch array: counted over the values' own range, which
 * for one cell of cloth is a few dozen levels, so it costs O(n + range) with no sorting.
 */
const medianOf = (a: Uint8Array, n: number, counts: Uint16Array): number => {
  let lo = 255;
  let hi = 0;
  for (let i = 0; i < n; i++) {
    const v = a[i] as number;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  counts.fill(0, 0, hi - lo + 1);
  for (let i = 0; i < n; i++) counts[(a[i] as number) - lo] = (counts[(a[i] as number) - lo] as number) + 1;
  const half = n / 2;
  let seen = 0;
  for (let v = 0; v <= hi - lo; v++) {
    seen += counts[v] as number;
    if (seen >= half) return lo + v;
  }
  return hi;
};

/**
 * clothNoise's count of one pair of reduced pixels (at bytes p and q of `d`): |ΔR + ΔG + ΔB| in `sh`,
 * the root of the squared difference off the grey axis in `oh`. A function of its own, the frame a
 * parameter: as a closure over the frame it cost clothNoise 0.34 ms a 1080p frame (tuning split), as
 * this 0.30.
 */
const tallyPair = (d: Uint8Array, p: number, q: number, sh: Uint32Array, oh: Uint32Array): void => {
  const dr = (d[p] as number) - (d[q] as number);
  const dg = (d[p + 1] as number) - (d[q + 1] as number);
  const db = (d[p + 2] as number) - (d[q + 2] as number);
  const ds = Math.abs(dr + dg + db);
  sh[ds] = (sh[ds] as number) + 1;
  // The squared difference off the grey axis is t / 3 for the integer t below (t ≥ 0); its root,
  // rounded, from a table where t is small (the cloth's pairs, nearly all), as the formula otherwise.
  const t = 3 * (dr * dr + dg * dg + db * db) - ds * ds;
  const off =
    t < OFF_GREY.length
      ? (OFF_GREY[t] as number)
      : Math.round(Math.sqrt(Math.max(0, dr * dr + dg * dg + db * db - (ds * ds) / 3)));
  oh[off] = (oh[off] as number) + 1;
};

/**
 * tallyPair's rounded root of the squared difference off the grey axis, t / 3, for t < 2¹⁶: the same
 * as the formula's (which computes t / 3 to within 1e-10; a root's rounding changes at (m + ½)², which
 * no t / 3 comes within 1/12 of; checked on every difference of two 8-bit colours with t < 2¹⁶).
 * clothNoise took 0.29 ms a 1080p frame of the tuning split with a square root a pair, 0.24 so.
 */
const OFF_GREY = Uint16Array.from({ length: 1 << 16 }, (_, t) => Math.round(Math.sqrt(t / 3)));

/**
 * The camera's noise on the bed, from pairs of reduced pixels on the cloth region (every fourth row,
 * every second pixel): σ of a pixel's R + G + B, and the median of the squared colour difference across
 * the grey axis between two neighbours. Pairs one and two pixels apart: the noise differs alike over
 * both, a texture's slope (a wall of wood, a floor) twice as much over two, so only what both share is
 * taken for noise. Medians, so the balls, the markings and the cloth's shading change it little; 0
 * with too few pairs.
 */
export const clothNoise = (
  frame: ReducedFrame,
  g: VisionGeometry,
): { readonly sumSigma: number; readonly pairResidual2: number } => {
  const { rw, rh, data: d } = frame;
  const region = g.region;
  // [apart 1, apart 2]: |ΔR + ΔG + ΔB| and the root of the squared difference off the grey axis.
  const sums = [new Uint32Array(766), new Uint32Array(766)] as const;
  const offs = [new Uint32Array(443), new Uint32Array(443)] as const;
  let n = 0;
  for (let j = 0; j < rh; j += 4) {
    for (let k = j * rw, end = k + rw - 2; k < end; k += 2) {
      if (region[k] !== Region.cloth || region[k + 1] !== Region.cloth || region[k + 2] !== Region.cloth)
        continue;
      tallyPair(d, 3 * k, 3 * k + 3, sums[0], offs[0]);
      tallyPair(d, 3 * k, 3 * k + 6, sums[1], offs[1]);
      n++;
    }
  }
  if (n < 100) return { sumSigma: 0, pairResidual2: 0 };
  const median = (hist: Uint32Array): number => {
    let seen = 0;
    for (let v = 0; v < hist.length; v++) {
      seen += hist[v] as number;
      if (seen >= n / 2) return v;
    }
    return hist.length - 1;
  };
  // Spread² over k pixels ∝ 2σ² + k²·slope²: the noise's share is (4·spread₁² − spread₂²) / 3.
  const white = (one: number, two: number): number => Math.max(0, (4 * one - two) / 3);
  const [s1, s2] = [median(sums[0]) ** 2, median(sums[1]) ** 2];
  const [o1, o2] = [median(offs[0]) ** 2, median(offs[1]) ** 2];
  // |a − b| of two samples of N(0, σ²) has median 0.674 · √2 σ.
  return { sumSigma: Math.sqrt(white(s1, s2)) / (0.674 * Math.SQRT2), pairResidual2: white(o1, o2) };
};

/** Learn the cloth of this frame; an error when the bed the calibration gives is not cloth. */
export const learnCloth = (
  frame: ReducedFrame,
  g: VisionGeometry,
  o: ClothOptions = DEFAULT_CLOTH_OPTIONS,
): Result<ClothModel> => {
  const { rw, rh } = frame;
  const d = frame.data;
  const region = g.region;
  // Every fourth reduced pixel finds the cloth's colour; every third, a cell's brightness (~30 samples).
  const [cr, cg, clothSum] = dominantChroma(d, region, o, 4, rw, rh);
  const step = 3;
  const unsaturated = isUnsaturated(cr, cg, o.minSaturation);
  const noise = clothNoise(frame, g);
  const evenNoise = o.evenNoiseSigmas * noise.sumSigma;
  const noiseResidual2 = o.residualNoiseMedians * noise.pairResidual2;
  // The noise widens the colour a sample of the cloth may have (as it does the foreground's residual),
  // for samples about as bright as the cloth (see `chromaNoiseFrom`).
  const noiseFrom = o.chromaNoiseFrom * clothSum;

  // Per cell: medians of R, G, B over the cloth-coloured samples.
  const C = o.cellSize;
  const cw = Math.ceil(rw / C);
  const ch = Math.ceil(rh / C);
  const cellColour = new Float32Array(cw * ch * 3);
  const valid = new Uint8Array(cw * ch);
  const perCell = Math.ceil(C / step) ** 2;
  const hr = new Uint8Array(perCell);
  const hg = new Uint8Array(perCell);
  const hb = new Uint8Array(perCell);
  // Every sample, bright enough to judge or not: a cell too dark to judge may keep its own colour.
  const ar = new Uint8Array(perCell);
  const ag = new Uint8Array(perCell);
  const ab = new Uint8Array(perCell);
  const darkColour = new Float32Array(cw * ch * 3);
  const printColour = new Float32Array(cw * ch * 3);
  const printCell = new Uint8Array(cw * ch);
  const counts = new Uint16Array(256);
  let bedSamples = 0;
  let judgedSamples = 0;
  let clothSamples = 0;
  let even = 0;
  let counted = 0;
  for (let cj = 0; cj < ch; cj++) {
    for (let ci = 0; ci < cw; ci++) {
      let n = 0;
      let total = 0;
      let judged = 0;
      const j1 = Math.min(rh, (cj + 1) * C);
      const i1 = Math.min(rw, (ci + 1) * C);
      for (let j = cj * C; j < j1; j += step) {
        for (let i = ci * C; i < i1; i += step) {
          const k = j * rw + i;
          if (region[k] !== Region.cloth) continue;
          const r = d[3 * k] as number;
          const gr = d[3 * k + 1] as number;
          const b = d[3 * k + 2] as number;
          const s = r + gr + b;
          ar[total] = r;
          ag[total] = gr;
          ab[total++] = b;
          if (s < o.minSum) continue;
          judged++;
          // Chromaticity within tolerance, without dividing: |(r, g) − s·(cr, cg)| ≤ tol · s.
          const dr = r - cr * s;
          const dg = gr - cg * s;
          const lim = o.chromaTolerance * s + (Math.min(r, gr, b) <= o.crushedLevel ? o.crushedSlack : 0);
          if (dr * dr + dg * dg > (s >= noiseFrom ? Math.max(lim * lim, noiseResidual2) : lim * lim))
            continue;
          hr[n] = r;
          hg[n] = gr;
          hb[n] = b;
          n++;
        }
      }
      bedSamples += total;
      judgedSamples += judged;
      clothSamples += n;
      const c = cj * cw + ci;
      if (judged > 0 && n >= 4 && n >= o.minCellShare * judged) {
        cellColour[3 * c] = medianOf(hr, n, counts);
        cellColour[3 * c + 1] = medianOf(hg, n, counts);
        cellColour[3 * c + 2] = medianOf(hb, n, counts);
        valid[c] = 1;
        // How many of its samples are as bright as its median, give or take the weave.
        const m =
          (cellColour[3 * c] as number) +
          (cellColour[3 * c + 1] as number) +
          (cellColour[3 * c + 2] as number);
        const tol = Math.max(o.evenness * m, evenNoise);
        for (let q = 0; q < n; q++) {
          const d = (hr[q] as number) + (hg[q] as number) + (hb[q] as number) - m;
          if (d <= tol && d >= -tol) even++;
        }
        counted += n;
      }
      // Print is bright enough to judge all over (a dark cell is keepDarkColours' to judge).
      if (!valid[c] && judged >= 8 && judged === total) {
        printColour[3 * c] = medianOf(ar, total, counts);
        printColour[3 * c + 1] = medianOf(ag, total, counts);
        printColour[3 * c + 2] = medianOf(ab, total, counts);
        const like = likeOf(printColour, c, o.evenness, evenNoise);
        let n = 0;
        for (let q = 0; q < total; q++)
          if (
            isLike(ar[q] as number, ag[q] as number, ab[q] as number, like, o.chromaTolerance, noiseResidual2)
          )
            n++;
        if (n >= o.printEven * total) printCell[c] = 1;
      }
      if (total >= 4 && 4 * judged < 3 * total) {
        darkColour[3 * c] = medianOf(ar, total, counts);
        darkColour[3 * c + 1] = medianOf(ag, total, counts);
        darkColour[3 * c + 2] = medianOf(ab, total, counts);
      }
    }
  }
  const clothShare = judgedSamples > 0 ? clothSamples / judgedSamples : 0;
  const evenShare = counted > 0 ? even / counted : 0;
  const noTable = (why: string): Result<never> =>
    err(refereeError('NO_TABLE', `no table where the calibration puts it: ${why}`));
  if (bedSamples === 0) return noTable('the calibration puts no bed in the frame');
  if (judgedSamples < o.minJudgedShare * bedSamples)
    return noTable(
      `the bed is too dark to tell its colour: only ${Math.round((100 * judgedSamples) / bedSamples)}% of it is bright enough`,
    );
  if (clothShare < o.minClothShare)
    return noTable(`only ${Math.round(100 * clothShare)}% of the bed looks like cloth`);
  if (evenShare < o.minEvenShare)
    return noTable(`the bed there is not an even cloth (${Math.round(100 * evenShare)}% even)`);
  // A grey cloth is as tight a cluster as a green one (the checks above), but a grey wall, a floor or
  // a lens cap is one too: the table is then told by its pockets, holes darker than any cloth.
  if (unsaturated) {
    const holes = pocketDarkness(d, region, cellColour, valid, rw, rh);
    if (holes !== undefined && holes > o.maxPocketLight)
      return noTable(
        `the bed there is a grey with no dark pockets around it (their darkest at ${Math.round(100 * holes)}% of the cloth's brightness)`,
      );
  }
  fillCells(cellColour, valid, cw, ch);
  keepDarkColours(cellColour, darkColour, o.dark);
  // On a light cloth a highlight cannot be much brighter than the cloth: the sensor's white is the
  // most it can be. `bright` lies at most halfway from the cloth to that white where the bed is lit
  // most, and not below `litFloor` (the cloth's own weave and nap): on held-out 16's dusty rose
  // cloth white is 1.55 times the cloth, a pink's lamps reached 1.49 in one pixel and were not
  // read, the pink itself (1.2), of the cloth's hue, no foreground; on held-out 17's cream, 1.19.
  const bright = Math.min(
    unsaturated ? Math.min(o.bright, o.greyBright) : o.bright,
    Math.max(o.litFloor, 1 + o.highlightRoom * (whiteShareOf(cellColour, cw * ch) - 1)),
  );

  // After `bright`: the white share is the cloth's, not the print's.
  const printed = keepPrints(cellColour, printColour, printCell, cw, ch, o);
  // Blocks: the cells' colours interpolated bilinearly between cell centres; where print meets the
  // cloth, the colour of one of the four (see blockSide).
  const B = o.blockSize;
  const bw = Math.ceil(rw / B);
  const bh = Math.ceil(rh / B);
  const colour = new Float32Array(bw * bh * 3);
  const invcc = new Float32Array(bw * bh);
  const e2max = new Float32Array(bw * bh);
  const res2 = o.residual * o.residual;
  for (let bj = 0; bj < bh; bj++) {
    const fy = Math.min(Math.max((bj * B + B / 2 - C / 2) / C, 0), ch - 1);
    const y0 = Math.min(Math.floor(fy), Math.max(ch - 2, 0));
    const y1 = Math.min(y0 + 1, ch - 1);
    const ty = fy - y0;
    for (let bi = 0; bi < bw; bi++) {
      const fx = Math.min(Math.max((bi * B + B / 2 - C / 2) / C, 0), cw - 1);
      const x0 = Math.min(Math.floor(fx), Math.max(cw - 2, 0));
      const x1 = Math.min(x0 + 1, cw - 1);
      const tx = fx - x0;
      const k = bj * bw + bi;
      let cc = 0;
      const c00 = y0 * cw + x0;
      const c01 = y0 * cw + x1;
      const c10 = y1 * cw + x0;
      const c11 = y1 * cw + x1;
      const onPrint =
        (printed[c00] as number) +
        (printed[c01] as number) +
        (printed[c10] as number) +
        (printed[c11] as number);
      const side =
        onPrint > 0 && onPrint < 4
          ? blockSide(
              frame,
              region,
              bi * B,
              bj * B,
              B,
              cellColour,
              [c00, c01, c10, c11],
              o,
              evenNoise,
              noiseResidual2,
            )
          : -1;
      for (let c = 0; c < 3; c++) {
        const top = (cellColour[3 * c00 + c] as number) * (1 - tx) + (cellColour[3 * c01 + c] as number) * tx;
        const bottom =
          (cellColour[3 * c10 + c] as number) * (1 - tx) + (cellColour[3 * c11 + c] as number) * tx;
        const v = side >= 0 ? (cellColour[3 * side + c] as number) : top * (1 - ty) + bottom * ty;
        colour[3 * k + c] = v;
        cc += v * v;
      }
      invcc[k] = 1 / Math.max(cc, 1);
      e2max[k] = Math.max(res2 * Math.max(cc, MIN_CC), noiseResidual2);
    }
  }
  return ok({
    bw,
    bh,
    blockPx: B * g.scale,
    blockSize: B,
    colour,
    invcc,
    e2max,
    dark: o.dark,
    bright,
    cushionDark: o.dark / o.cushionSlack,
    cushionBright: bright * o.cushionSlack,
    markingBright: o.markingBright,
    markingResidual2: (o.markingResidual / o.residual) ** 2,
    print: {
      cw,
      ch,
      cellPx: C * g.scale,
      kept: printed,
      colour: printColour,
      evenness: o.evenness,
      chroma: o.chromaTolerance,
    },
  });
};

/**
 * How dark the pockets' mouths get: the brightness (R + G + B) of their darkest tenth (reduced pixels,
 * every other one) relative to the cloth's mean; undefined when no pocket is in the frame.
 */
const pocketDarkness = (
  d: Uint8Array,
  region: Uint8Array,
  cellColour: Float32Array,
  valid: Uint8Array,
  rw: number,
  rh: number,
): number | undefined => {
  let sum = 0;
  let cells = 0;
  for (let c = 0; c < valid.length; c++) {
    if (!valid[c]) continue;
    sum +=
      (cellColour[3 * c] as number) + (cellColour[3 * c + 1] as number) + (cellColour[3 * c + 2] as number);
    cells++;
  }
  const counts = new Uint32Array(766);
  let n = 0;
  for (let j = 0; j < rh; j += 2) {
    for (let i = 0; i < rw; i += 2) {
      const k = j * rw + i;
      if (region[k] !== Region.pocket) continue;
      const s = (d[3 * k] as number) + (d[3 * k + 1] as number) + (d[3 * k + 2] as number);
      counts[s] = (counts[s] as number) + 1;
      n++;
    }
  }
  if (n === 0 || cells === 0) return undefined;
  let seen = 0;
  let s = 0;
  while (s < 765 && seen + (counts[s] as number) < 0.1 * n) seen += counts[s++] as number;
  return s / (sum / cells);
};

/**
 * A cloth of chromaticity (r, g) (each a share of r + g + b) within `minSaturation` of grey: a grey,
 * silver or charcoal cloth, which colour alone does not tell from a grey room (here and in the
 * calibration's outline, vision/calibrate/outline.ts).
 */
export const isUnsaturated = (r: number, g: number, minSaturation: number): boolean =>
  Math.hypot(r - 1 / 3, g - 1 / 3) < minSaturation;

/**
 * A cell mostly too dark to judge its colour (a dark cloth in a lamp's falloff: the ends of held-out
 * 12's wine cloth under one low cluster, at (22, 1, 13) against (49, 17, 30) mid-table, the camera's
 * black level taking the green) took its colour from its few brightest samples or from its
 * neighbours: off the colour of its own pixels, all of them foreground, 37 % of the bed. It keeps its
 * own (the median of all its samples) when that is no darker than `dark` times the one it took — a
 * black ball or two filling a cell is, and stays foreground.
 */
const keepDarkColours = (colour: Float32Array, own: Float32Array, dark: number): void => {
  for (let c = 0; 3 * c < own.length; c++) {
    const level = (own[3 * c] as number) + (own[3 * c + 1] as number) + (own[3 * c + 2] as number);
    if (level === 0) continue;
    const took = (colour[3 * c] as number) + (colour[3 * c + 1] as number) + (colour[3 * c + 2] as number);
    if (level < dark * took || level >= took) continue;
    for (let ch = 0; ch < 3; ch++) colour[3 * c + ch] = own[3 * c + ch] as number;
  }
};

/** A colour a sample is compared with: its chromaticity, its brightness (R + G + B) and how far off that may be. */
export interface Like {
  readonly r: number;
  readonly g: number;
  readonly sum: number;
  readonly tol: number;
}

/** Is a sample of `like`'s colour: within its brightness's `tol`, and `chroma` of its chromaticity (or
 * the camera's noise, `noise2`: a squared residual) as learnCloth asks of the cloth's samples? */
const isLike = (r: number, g: number, b: number, like: Like, chroma: number, noise2: number): boolean => {
  const s = r + g + b;
  if (Math.abs(s - like.sum) > like.tol) return false;
  const dr = r - like.r * s;
  const dg = g - like.g * s;
  const lim = chroma * s;
  return dr * dr + dg * dg <= Math.max(lim * lim, noise2);
};

/** isLike for the colour at index i of `a` (three numbers a colour: a frame's pixels, a grid's cells). */
export const isLikeAt = (
  a: ArrayLike<number>,
  i: number,
  like: Like,
  chroma: number,
  noise2: number,
): boolean =>
  isLike(a[3 * i] as number, a[3 * i + 1] as number, a[3 * i + 2] as number, like, chroma, noise2);

/** The colour at index i of `a` as isLike compares with it, its brightness within `evenness` of it or `floor`. */
export const likeOf = (a: ArrayLike<number>, i: number, evenness: number, floor = 0): Like => {
  const m = Math.max(1, (a[3 * i] as number) + (a[3 * i + 1] as number) + (a[3 * i + 2] as number));
  return {
    r: (a[3 * i] as number) / m,
    g: (a[3 * i + 1] as number) / m,
    sum: m,
    tol: Math.max(evenness * m, floor),
  };
};

/**
 * The print cells kept at their own colour (ClothOptions `printEven`, `printNeighbours`): those with
 * enough neighbours of their colour. Run after fillCells, which spreads only the cloth's colour.
 */
const keepPrints = (
  colour: Float32Array,
  own: Float32Array,
  print: Uint8Array,
  cw: number,
  ch: number,
  o: ClothOptions,
): Uint8Array => {
  const kept = new Uint8Array(print.length);
  for (let cj = 0; cj < ch; cj++) {
    for (let ci = 0; ci < cw; ci++) {
      const c = cj * cw + ci;
      if (!print[c]) continue;
      const like = likeOf(own, c, o.evenness);
      let alike = 0;
      for (let y = Math.max(0, cj - 1); y <= Math.min(ch - 1, cj + 1); y++)
        for (let x = Math.max(0, ci - 1); x <= Math.min(cw - 1, ci + 1); x++) {
          const q = y * cw + x;
          if (q !== c && print[q] && isLikeAt(own, q, like, o.chromaTolerance, 0)) alike++;
        }
      if (alike < o.printNeighbours) continue;
      for (let k = 0; k < 3; k++) colour[3 * c + k] = own[3 * c + k] as number;
      kept[c] = 1;
    }
  }
  return kept;
};

/**
 * Which of a block's four cells (`corners`) it takes its colour from where print meets the cloth: the
 * one most of its samples are of. Interpolated, the print's edge took a colour between the two,
 * neither's, and a band a cell wide along it was foreground, balls at the edge in it (held-out 33:
 * the cue ball at the emblem's edge, two reds at 4K).
 */
const blockSide = (
  frame: ReducedFrame,
  region: Uint8Array,
  i0: number,
  j0: number,
  B: number,
  colour: Float32Array,
  corners: readonly number[],
  o: ClothOptions,
  evenNoise: number,
  noise2: number,
): number => {
  const { rw, rh, data: d } = frame;
  let best = corners[0] as number;
  let most = -1;
  for (const q of corners) {
    const like = likeOf(colour, q, o.evenness, evenNoise);
    let n = 0;
    for (let j = j0; j < Math.min(rh, j0 + B); j++)
      for (let i = i0; i < Math.min(rw, i0 + B); i++) {
        const k = j * rw + i;
        if (region[k] === Region.cloth && isLikeAt(d, k, like, o.chromaTolerance, noise2)) n++;
      }
    if (n > most) {
      most = n;
      best = q;
    }
  }
  return best;
};

/** Cells with too little cloth take the mean of their valid neighbours, spreading outwards. */
const fillCells = (colour: Float32Array, valid: Uint8Array, cw: number, ch: number): void => {
  let missing = valid.reduce((n, v) => n + (v ? 0 : 1), 0);
  const next = new Uint8Array(valid);
  while (missing > 0) {
    let filled = 0;
    for (let cj = 0; cj < ch; cj++) {
      for (let ci = 0; ci < cw; ci++) {
        const c = cj * cw + ci;
        if (valid[c]) continue;
        let r = 0;
        let gr = 0;
        let b = 0;
        let n = 0;
        for (let dj = -1; dj <= 1; dj++) {
          for (let di = -1; di <= 1; di++) {
            const x = ci + di;
            const y = cj + dj;
            if (x < 0 || y < 0 || x >= cw || y >= ch) continue;
            const q = y * cw + x;
            if (!valid[q]) continue;
            r += colour[3 * q] as number;
            gr += colour[3 * q + 1] as number;
            b += colour[3 * q + 2] as number;
            n++;
          }
        }
        if (n === 0) continue;
        colour[3 * c] = r / n;
        colour[3 * c + 1] = gr / n;
        colour[3 * c + 2] = b / n;
        next[c] = 1;
        filled++;
      }
    }
    if (filled === 0) return; // unreachable when any cell is valid, which learnCloth ensures
    valid.set(next);
    missing -= filled;
  }
};

/** How bright a white (255, 255, 255) is as a share of the cloth, along the cloth's colour, where the
 * bed is lit most (the 5th percentile over its cells): a highlight can be no brighter. */
const whiteShareOf = (cellColour: Float32Array, cells: number): number => {
  const w: number[] = [];
  for (let k = 0; k < cells; k++) {
    const r = cellColour[3 * k] as number;
    const g = cellColour[3 * k + 1] as number;
    const b = cellColour[3 * k + 2] as number;
    const cc = r * r + g * g + b * b;
    if (cc >= 100) w.push((255 * (r + g + b)) / cc);
  }
  w.sort((a, b) => a - b);
  return w.length > 0 ? (w[Math.floor(0.05 * w.length)] as number) : Infinity;
};

/**
 * Is a pixel's colour (8-bit r, g, b) not the cloth of block k? `region` is the static scene there:
 * cushions get a wider brightness range, markings a wider range towards white; in a pocket's mouth only what is brighter or more colourful
 * than a dark hole counts (the hole and the leather are dark, the jaws cloth).
 */
export const isForeground = (
  m: ClothModel,
  k: number,
  region: number,
  r: number,
  g: number,
  b: number,
): boolean => {
  const c = m.colour;
  const pc = r * (c[3 * k] as number) + g * (c[3 * k + 1] as number) + b * (c[3 * k + 2] as number);
  const kk = pc * (m.invcc[k] as number);
  const e2 = r * r + g * g + b * b - pc * kk;
  if (region === Region.cloth) return e2 > (m.e2max[k] as number) || kk < m.dark || kk > m.bright;
  if (region === Region.cushion)
    return e2 > (m.e2max[k] as number) * 1.5 || kk < m.cushionDark || kk > m.cushionBright;
  if (region === Region.marking) {
    if (!(e2 > (m.e2max[k] as number) || kk < m.dark || kk > m.bright)) return false;
    // Chalk lightens the cloth in every channel; a ball darker than the cloth in any (the green, the
    // blue, a red) is not a marking, however close its colour.
    const lighter =
      r >= (c[3 * k] as number) - MARKING_SLACK &&
      g >= (c[3 * k + 1] as number) - MARKING_SLACK &&
      b >= (c[3 * k + 2] as number) - MARKING_SLACK;
    return !(lighter && kk <= m.markingBright && e2 <= (m.e2max[k] as number) * m.markingResidual2);
  }
  return kk >= m.dark && (e2 > (m.e2max[k] as number) * 2 || kk > m.cushionBright);
};

/** A pixel's brightness as a share of the cloth's in block k, along the cloth's colour. */
export const clothShare = (m: ClothModel, k: number, r: number, g: number, b: number): number => {
  const c = m.colour;
  const pc = r * (c[3 * k] as number) + g * (c[3 * k + 1] as number) + b * (c[3 * k + 2] as number);
  return pc * (m.invcc[k] as number);
};

/** The block of a full-resolution pixel. */
export const blockOf = (m: ClothModel, u: number, v: number): number => {
  const bi = Math.min(m.bw - 1, Math.max(0, Math.floor(u / m.blockPx)));
  const bj = Math.min(m.bh - 1, Math.max(0, Math.floor(v / m.blockPx)));
  return bj * m.bw + bi;
};

/** The cloth share (clothShare) of the full-resolution pixel (x, y), in its block of the cloth. */
export const pixelShare = (m: ClothModel, img: RgbImage, x: number, y: number): number => {
  const d = img.data;
  const p = 3 * (y * img.width + x);
  return clothShare(m, blockOf(m, x, y), d[p] as number, d[p + 1] as number, d[p + 2] as number);
};

/** Which pixels are the cloth in shadow: their brightness along the cloth's colour between
 * `darkest` and `lightest` of the lit cloth's (clothShare), their chromaticity within `hue` of its. */
export interface ShadeOptions {
  readonly darkest: number;
  readonly lightest: number;
  readonly hue: number;
}

/** Is the full-resolution pixel (x, y) the cloth in shadow (see ShadeOptions)? */
export const inShade = (m: ClothModel, img: RgbImage, x: number, y: number, o: ShadeOptions): boolean => {
  const k = blockOf(m, x, y);
  const d = img.data;
  const p = 3 * (y * img.width + x);
  const r = d[p] as number;
  const g = d[p + 1] as number;
  const b = d[p + 2] as number;
  const share = clothShare(m, k, r, g, b);
  if (!(share > o.darkest && share < o.lightest)) return false;
  const c = m.colour;
  const cr = c[3 * k] as number;
  const cg = c[3 * k + 1] as number;
  const cb = c[3 * k + 2] as number;
  const cs = cr + cg + cb;
  const s = r + g + b;
  return Math.hypot(r / s - cr / cs, g / s - cg / cs, b / s - cb / cs) < o.hue;
};
