// How fine a frame's detail is, and the frame at half its size. A camera whose picture is scaled up
// on its way to us (a 720p webcam's stream captured at 4K) or out of focus spreads every edge over
// several of the frame's pixels: its balls' outlines are ramps, not steps, and traced at the frame's
// own size their rays find no step sharp enough (held-out 35's webcam at 4K, 720 rows' detail scaled
// three times: 38 of 45 balls found; at half the size, 45). Looked at at half its size such a frame
// loses nothing it had, and costs a quarter.
import type { RgbImage } from '../core/image.ts';

export interface DetailOptions {
  /**
   * A frame whose strongest edges rise over more pixels than this (edgeSpread) holds no detail at
   * its own pixels' scale, and is looked at at half its size…
   */
  readonly maxSpread: number;
  /** …where its balls are still at least this many px in radius at half the size. */
  readonly minHalfRadiusPx: number;
  /** Lines read each way (rows, and as many columns), spread evenly over the frame's middle. */
  readonly lines: number;
  /** The share of the steps read, the strongest, whose spread is measured: the frame's edges. */
  readonly edgeShare: number;
  /**
   * A camera's detail does not change from frame to frame: it is measured on the first frame, and
   * again every this many frames (a still table's frame costs a millisecond or so, and the measure a
   * few at 4K).
   */
  readonly everyFrames: number;
}

// Measured on the second renderer's frames (bench/detect-alt, every split through held-out 36, 4K):
// frames drawn at their size spread their edges over 0.98–1.97 (the most, held-out 28's webcam stream
// coded at a low bitrate), held-out 35's 720p webcam scaled up 2.92–2.96, held-out 32's camera out of
// focus (a disc blur 3 px across) 2.90–2.96, held-out 36's analogue camera 2.75–3.04 (measured after
// the bound was set). A step within a pixel gives 1, a ramp over four or more pixels 4.
// minHalfRadiusPx: a 1080p frame's balls are 12–14 px in radius, what the stages were made for; a 4K
// frame halved is one. lines: 45 each way gives every such frame's spread within 0.09 of 360's.
export const DEFAULT_DETAIL: DetailOptions = {
  maxSpread: 2.3,
  minHalfRadiusPx: 12,
  lines: 45,
  everyFrames: 30,
  edgeShare: 0.002,
};

/** The window a step is read over, px: a ramp wider than this counts as this wide. */
const WINDOW = 4;
/** Brightness (R + G + B) runs 0…765: a step's size is one of as many. */
const LEVELS = 3 * 255 + 1;

const counts = new Float64Array(LEVELS);
const steepest = new Float64Array(LEVELS);
let line = new Int32Array(0);

/**
 * How many pixels the frame's strongest edges rise over: along rows and columns of its middle (a
 * tenth in from each side), each rise of brightness over `WINDOW` pixels against its steepest
 * one-pixel step; over the strongest `edgeShare` of those rises, their sum over their steepest steps'
 * sum. 1 where edges are steps (a sharp picture at its own size), up to `WINDOW` where they are ramps.
 */
export const edgeSpread = (image: RgbImage, o: DetailOptions = DEFAULT_DETAIL): number => {
  const { width: W, height: H, data: d } = image;
  counts.fill(0);
  steepest.fill(0);
  const x0 = Math.floor(W / 10);
  const y0 = Math.floor(H / 10);
  const nx = W - 2 * x0;
  const ny = H - 2 * y0;
  if (nx <= WINDOW || ny <= WINDOW) return 1;
  if (line.length < Math.max(nx, ny)) line = new Int32Array(Math.max(nx, ny));
  let n = 0;
  /** Read `len` pixels from byte p, `stride` bytes apart, and count each window's rise and steepest step. */
  const read = (p: number, stride: number, len: number): void => {
    for (let k = 0; k < len; k++, p += stride)
      line[k] = (d[p] as number) + (d[p + 1] as number) + (d[p + 2] as number);
    for (let k = 0; k + WINDOW < len; k++) {
      let steep = 0;
      for (let m = k; m < k + WINDOW; m++) {
        const s = Math.abs((line[m + 1] as number) - (line[m] as number));
        if (s > steep) steep = s;
      }
      const rise = Math.abs((line[k + WINDOW] as number) - (line[k] as number));
      counts[rise] = (counts[rise] as number) + 1;
      steepest[rise] = (steepest[rise] as number) + steep;
    }
    n += len - WINDOW;
  };
  const rowStep = Math.max(1, Math.floor(ny / o.lines));
  for (let y = y0; y < H - y0; y += rowStep) read(3 * (y * W + x0), 3, nx);
  const colStep = Math.max(1, Math.floor(nx / o.lines));
  for (let x = x0; x < W - x0; x += colStep) read(3 * (y0 * W + x), 3 * W, ny);
  // The strongest rises, from the top level down, until `edgeShare` of them are in.
  const want = Math.max(1, o.edgeShare * n);
  let taken = 0;
  let rises = 0;
  let steps = 0;
  for (let level = LEVELS - 1; level > 0 && taken < want; level--) {
    taken += counts[level] as number;
    rises += level * (counts[level] as number);
    steps += steepest[level] as number;
  }
  return steps > 0 ? rises / steps : 1;
};

/** The frame at half its size (rounded down), each pixel the mean of the two by two it covers. */
export const halfSize = (image: RgbImage, out?: Uint8Array): RgbImage => {
  const { width: W, data: d } = image;
  const w = W >> 1;
  const h = image.height >> 1;
  const data = out && out.length >= w * h * 3 ? out.subarray(0, w * h * 3) : new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    // a: the pair of rows' first pixel, b: the one below it, q: the half frame's.
    let a = 6 * y * W;
    let b = a + 3 * W;
    let q = 3 * y * w;
    for (let x = 0; x < w; x++, a += 6, b += 6, q += 3) {
      data[q] = ((d[a] as number) + (d[a + 3] as number) + (d[b] as number) + (d[b + 3] as number) + 2) >> 2;
      data[q + 1] =
        ((d[a + 1] as number) + (d[a + 4] as number) + (d[b + 1] as number) + (d[b + 4] as number) + 2) >> 2;
      data[q + 2] =
        ((d[a + 2] as number) + (d[a + 5] as number) + (d[b + 2] as number) + (d[b + 5] as number) + 2) >> 2;
    }
  }
  return { width: w, height: h, data };
};
