// What the classifier sees of a ball: a small square patch resampled around the ball's centre to its
// apparent radius (so a ball looks the same size near the camera and far from it, at 1080p and 4K),
// and the colour of the light it sits in, read from the cloth that fills most of the frame (so red
// under warm light can be told from pink under white light: the cloth turns warm with the ball).
import type { RgbImage } from '../../core/image.ts';

/** A ball to classify: centre and apparent radius in the full-resolution image, pixels. */
export interface BallPatchInput {
  readonly u: number;
  readonly v: number;
  readonly radiusPx: number;
}

export interface PatchOptions {
  /** Side of the square patch, pixels. */
  readonly size: number;
  /** Half the patch's side in ball radii: a little over 1 keeps the whole ball and a rim of cloth. */
  readonly extent: number;
  /**
   * Most samples per output pixel along each axis. Where the patch shrinks the ball (at 4K a ball is
   * 50 px across, the patch 16), each output pixel averages a grid of samples over its footprint so
   * that the highlight and the noise are averaged, not aliased.
   */
  readonly maxSupersample: number;
}

export const DEFAULT_PATCH: PatchOptions = { size: 16, extent: 1.25, maxSupersample: 4 };

/**
 * Write the patches of `balls` into `out` (NHWC, size × size × 3 each, values 0…1 from the 8-bit
 * sRGB code values), starting at patch index `first`. `out` must hold at least
 * (first + balls.length) patches. Each output pixel is the mean of n × n bilinear samples (OpenCV
 * convention: pixel centres at integers), clamped to the image's border.
 */
export const writePatches = (
  img: RgbImage,
  balls: readonly BallPatchInput[],
  out: Float32Array,
  first = 0,
  o: PatchOptions = DEFAULT_PATCH,
): void => {
  const S = o.size;
  const stride = S * S * 3;
  const w = img.width;
  const h = img.height;
  const d = img.data;
  for (const [k, ball] of balls.entries()) {
    const half = o.extent * ball.radiusPx;
    const step = (2 * half) / S; // image pixels per patch pixel
    const n = Math.max(1, Math.min(o.maxSupersample, Math.ceil(step)));
    const sub = step / n;
    const norm = 1 / (n * n * 255);
    const base = (first + k) * stride;
    for (let i = 0; i < S; i++) {
      const v0 = ball.v - half + i * step + sub / 2;
      for (let j = 0; j < S; j++) {
        const u0 = ball.u - half + j * step + sub / 2;
        let r = 0;
        let g = 0;
        let b = 0;
        for (let a = 0; a < n; a++) {
          const v = v0 + a * sub;
          const vc = v < 0 ? 0 : v > h - 1 ? h - 1 : v;
          const y0 = Math.floor(vc);
          const fv = vc - y0;
          const row0 = y0 * w;
          const row1 = (y0 + 1 < h ? y0 + 1 : y0) * w;
          for (let c = 0; c < n; c++) {
            const u = u0 + c * sub;
            const uc = u < 0 ? 0 : u > w - 1 ? w - 1 : u;
            const x0 = Math.floor(uc);
            const fu = uc - x0;
            const x1 = x0 + 1 < w ? x0 + 1 : x0;
            const p00 = (row0 + x0) * 3;
            const p01 = (row0 + x1) * 3;
            const p10 = (row1 + x0) * 3;
            const p11 = (row1 + x1) * 3;
            const w00 = (1 - fu) * (1 - fv);
            const w01 = fu * (1 - fv);
            const w10 = (1 - fu) * fv;
            const w11 = fu * fv;
            r +=
              (d[p00] as number) * w00 +
              (d[p01] as number) * w01 +
              (d[p10] as number) * w10 +
              (d[p11] as number) * w11;
            g +=
              (d[p00 + 1] as number) * w00 +
              (d[p01 + 1] as number) * w01 +
              (d[p10 + 1] as number) * w10 +
              (d[p11 + 1] as number) * w11;
            b +=
              (d[p00 + 2] as number) * w00 +
              (d[p01 + 2] as number) * w01 +
              (d[p10 + 2] as number) * w10 +
              (d[p11 + 2] as number) * w11;
          }
        }
        const at = base + (i * S + j) * 3;
        out[at] = r * norm;
        out[at + 1] = g * norm;
        out[at + 2] = b * norm;
      }
    }
  }
};

// The light reference reads a coarse grid of the frame: 48 × 27 points are plenty for a median and
// cost nothing next to the patches.
const LIGHT_GRID_U = 48;
const LIGHT_GRID_V = 27;

/**
 * The colour of the light, as the cloth shows it: the per-channel median of a coarse grid over the
 * middle of the frame (0…1 from 8-bit code values). An overhead camera framed on the table sees
 * cloth over most of the frame, so the median is the cloth's colour at typical brightness whatever
 * balls, cushions and rails are in view; a dimmer or warmer light moves it as it moves the balls.
 */
export const lightReference = (img: RgbImage): [number, number, number] => {
  const n = LIGHT_GRID_U * LIGHT_GRID_V;
  // A histogram a channel: the median of 8-bit values without sorting.
  const counts = new Uint16Array(768);
  // The middle 80 % of the frame each way: the table, not the room around it.
  for (let i = 0; i < LIGHT_GRID_V; i++) {
    const v = Math.min(img.height - 1, Math.floor(img.height * (0.1 + (0.8 * (i + 0.5)) / LIGHT_GRID_V)));
    for (let j = 0; j < LIGHT_GRID_U; j++) {
      const u = Math.min(img.width - 1, Math.floor(img.width * (0.1 + (0.8 * (j + 0.5)) / LIGHT_GRID_U)));
      const at = (v * img.width + u) * 3;
      for (let c = 0; c < 3; c++) {
        const bin = c * 256 + (img.data[at + c] as number);
        counts[bin] = (counts[bin] as number) + 1;
      }
    }
  }
  const median = (c: number): number => {
    let seen = 0;
    for (let x = 0; x < 256; x++) {
      seen += counts[c * 256 + x] as number;
      if (seen > n >> 1) return x / 255;
    }
    return 1;
  };
  return [median(0), median(1), median(2)];
};
