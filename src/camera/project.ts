// The camera model's two directions: a table point to its pixel, and a pixel back to the ray it saw
// and to where that ray meets a horizontal plane (the cloth at z = 0, ball centres at z = 26.25).
import { mm, type Mm, type Point3Mm, type PointMm, type PointPx } from '../core/units.ts';
import type { Calibration } from './calibration.ts';
import { normalisedToPixel, undistortPixel } from './distortion.ts';
import { mulMatVec, mulTransposeVec, type Vec3 } from './mat3.ts';

/** Camera coordinates of a table point: X_cam = R·X_table + t (docs/formats.md §2), millimetres. */
export const toCamera = (c: Calibration, p: Vec3): Vec3 => {
  const r = mulMatVec(c.pose.R, p);
  return { x: r.x + c.pose.t[0], y: r.y + c.pose.t[1], z: r.z + c.pose.t[2] };
};

/** Is the point in front of the camera (positive depth along the optical axis)? */
export const inFront = (c: Calibration, p: Point3Mm): boolean => toCamera(c, p).z > 0;

/**
 * The pixel at which the camera sees a table point, with the lens's distortion. Meaningful only for
 * points in front of the camera (`inFront`); a point behind it has no image.
 */
export const project = (c: Calibration, p: Point3Mm): PointPx => {
  const q = toCamera(c, p);
  return normalisedToPixel(c.camera, q.x / q.z, q.y / q.z);
};

/** The camera's optical centre in the table frame: C = −Rᵀ·t, millimetres. */
export const cameraCentre = (c: Calibration): Vec3 => {
  const [tx, ty, tz] = c.pose.t;
  const r = mulTransposeVec(c.pose.R, { x: tx, y: ty, z: tz });
  return { x: -r.x, y: -r.y, z: -r.z };
};

export interface Ray {
  /** The camera centre, table frame, mm. */
  readonly origin: Vec3;
  /** Unit direction in the table frame. */
  readonly dir: Vec3;
}

/**
 * The ray a pixel sees, in the table frame. Every pixel of an image whose calibration
 * `parseCalibration` accepted has one; beyond the lens model's fold (outside such an image) the ray is
 * the nearest the model can give, and `pixelToPlane` says undefined there instead.
 */
export const pixelRay = (c: Calibration, p: PointPx): Ray => rayOf(c, undistortPixel(c.camera, p));

const rayOf = (c: Calibration, n: { readonly x: number; readonly y: number }): Ray => {
  const len = Math.hypot(n.x, n.y, 1);
  return {
    origin: cameraCentre(c),
    dir: mulTransposeVec(c.pose.R, { x: n.x / len, y: n.y / len, z: 1 / len }),
  };
};

// A ray this close to parallel with the plane (|dir.z| below 1e-12) meets it, if at all, too far away
// to mean anything.
const PARALLEL = 1e-12;

/**
 * Where the ray of a pixel meets the horizontal plane z = h: the cloth (h = 0) or the plane of the
 * resting balls' centres (h = ball radius), which is how a ball's image is placed without parallax
 * (docs/design.md). Undefined where the ray runs parallel to the plane or meets it behind the camera, or
 * where the pixel lies beyond the lens model's fold.
 */
export const pixelToPlane = (c: Calibration, p: PointPx, z: Mm): PointMm | undefined => {
  const n = undistortPixel(c.camera, p);
  if (!n.converged) return undefined;
  const { origin, dir } = rayOf(c, n);
  if (Math.abs(dir.z) < PARALLEL) return undefined;
  const s = (z - origin.z) / dir.z;
  if (!(s > 0)) return undefined;
  return { x: mm(origin.x + s * dir.x), y: mm(origin.y + s * dir.y) };
};
