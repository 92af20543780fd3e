// The reduced frame: one colour per `scale` × `scale` block, the pixel at the block's centre (one
// read a block keeps a 4K frame as cheap as a 1080p one; a ball still covers 20–40 blocks, and the
// thresholds downstream sit well clear of a single pixel's sensor noise). Everything that looks at
// the whole table (exposure, cloth, foreground) works on this.
import type { RgbImage } from '../core/image.ts';
import type { VisionGeometry } from './geometry.ts';

export interface ReducedFrame {
  readonly rw: number;
  readonly rh: number;
  readonly scale: number;
  /** RGB, 3 bytes a reduced pixel, row-major. */
  readonly data: Uint8Array;
}

/** Reduce a frame whose size matches the geometry (checked before: `checkFrameShape`). */
export const reduceFrame = (image: RgbImage, g: VisionGeometry, out?: Uint8Array): ReducedFrame => {
  const { rw, rh, scale } = g;
  const data = out && out.length === rw * rh * 3 ? out : new Uint8Array(rw * rh * 3);
  const src = image.data;
  const stride = image.width * 3;
  if (scale === 1) {
    for (let j = 0; j < rh; j++) data.set(src.subarray(j * stride, j * stride + rw * 3), j * rw * 3);
    return { rw, rh, scale, data };
  }
  const half = scale >> 1;
  let o = 0;
  for (let j = 0; j < rh; j++) {
    let a = (j * scale + half) * stride + half * 3;
    const step = scale * 3;
    for (let i = 0; i < rw; i++) {
      data[o] = src[a] as number;
      data[o + 1] = src[a + 1] as number;
      data[o + 2] = src[a + 2] as number;
      o += 3;
      a += step;
    }
  }
  return { rw, rh, scale, data };
};

/** Full-resolution pixel position of a reduced pixel: the pixel it samples. */
export const reducedToFull = (scale: number, i: number): number => i * scale + (scale >> 1);
