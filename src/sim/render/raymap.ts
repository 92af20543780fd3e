// The ray map: for every pixel of a calibration's image, the ray it sees in the table frame. Computed
// once per calibration (undistortion is iterative, so not per frame) and shared by every renderer of
// that calibration. Everything the renderer draws is found by following these rays, so perspective,
// parallax and the lens's distortion come out right by construction.
import { pixelRay, cameraCentre, type Calibration } from '../../camera/index.ts';
import { pointPx } from '../../core/units.ts';

export interface RayMap {
  readonly width: number;
  readonly height: number;
  /** The camera centre in the table frame, mm: every ray starts here. */
  readonly ox: number;
  readonly oy: number;
  readonly oz: number;
  /** Unit direction of each pixel's ray, table frame: three numbers a pixel, row-major. */
  readonly dir: Float32Array;
  /** Angle between a pixel's ray and its neighbours', radians: a pixel spans distance × this. */
  readonly pixelAngle: Float32Array;
}

const cache = new WeakMap<Calibration, RayMap>();

/** The ray map of a calibration; computed on first use, then cached for as long as the calibration lives. */
export const rayMapFor = (c: Calibration): RayMap => {
  const hit = cache.get(c);
  if (hit) return hit;
  const map = computeRayMap(c);
  cache.set(c, map);
  return map;
};

const computeRayMap = (c: Calibration): RayMap => {
  const { width, height } = c.image;
  const dir = new Float32Array(width * height * 3);
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const r = pixelRay(c, pointPx(u, v)).dir;
      const i = (v * width + u) * 3;
      dir[i] = r.x;
      dir[i + 1] = r.y;
      dir[i + 2] = r.z;
    }
  }
  const pixelAngle = new Float32Array(width * height);
  const gap = (i: number, j: number): number =>
    Math.hypot(
      (dir[i] as number) - (dir[j] as number),
      (dir[i + 1] as number) - (dir[j + 1] as number),
      (dir[i + 2] as number) - (dir[j + 2] as number),
    );
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const i = (v * width + u) * 3;
      const du = u + 1 < width ? gap(i, i + 3) : gap(i, i - 3);
      const dv = v + 1 < height ? gap(i, i + width * 3) : gap(i, i - width * 3);
      pixelAngle[v * width + u] = Math.sqrt(du * dv);
    }
  }
  const o = cameraCentre(c);
  return { width, height, ox: o.x, oy: o.y, oz: o.z, dir, pixelAngle };
};

/**
 * The ray direction at a point between pixel centres (u, v), bilinear between the four nearest
 * pixels' rays and renormalised: rays vary smoothly, so this is exact to far below a pixel's width.
 * Used to supersample the static background.
 */
export const sampleDir = (m: RayMap, u: number, v: number, out: Float64Array): void => {
  const uc = Math.min(m.width - 1.000001, Math.max(0, u));
  const vc = Math.min(m.height - 1.000001, Math.max(0, v));
  const u0 = Math.floor(uc);
  const v0 = Math.floor(vc);
  const fu = uc - u0;
  const fv = vc - v0;
  const u1 = Math.min(m.width - 1, u0 + 1);
  const v1 = Math.min(m.height - 1, v0 + 1);
  const d = m.dir;
  const i00 = (v0 * m.width + u0) * 3;
  const i10 = (v0 * m.width + u1) * 3;
  const i01 = (v1 * m.width + u0) * 3;
  const i11 = (v1 * m.width + u1) * 3;
  let len = 0;
  for (let k = 0; k < 3; k++) {
    const a = (d[i00 + k] as number) * (1 - fu) + (d[i10 + k] as number) * fu;
    const b = (d[i01 + k] as number) * (1 - fu) + (d[i11 + k] as number) * fu;
    const x = a * (1 - fv) + b * fv;
    out[k] = x;
    len += x * x;
  }
  len = Math.sqrt(len);
  out[0] = (out[0] as number) / len;
  out[1] = (out[1] as number) / len;
  out[2] = (out[2] as number) / len;
};
