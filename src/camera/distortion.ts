// The lens: OpenCV's pinhole intrinsics and its distortion model (radial k1, k2, k3; tangential p1, p2),
// forwards in closed form and backwards by Newton's method.
// Model: https://docs.opencv.org/4.x/d9/d0c/group__calib3d.html (the "detailed description").
import { pointPx, type PointPx } from '../core/units.ts';

/** Pixels, OpenCV's conventions: focal lengths fx, fy, principal point (cx, cy), distortion k1..k3, p1, p2. */
export interface Intrinsics {
  readonly fx: number;
  readonly fy: number;
  readonly cx: number;
  readonly cy: number;
  readonly k1: number;
  readonly k2: number;
  readonly p1: number;
  readonly p2: number;
  readonly k3: number;
}

/** A point in normalised image coordinates (x = X/Z, y = Y/Z in the camera frame). */
export interface Normalised {
  readonly x: number;
  readonly y: number;
}

/** Where the ideal pinhole point (x, y) lands once the lens has bent it, still normalised. */
export const distortNormalised = (k: Intrinsics, x: number, y: number): Normalised => {
  const r2 = x * x + y * y;
  const radial = 1 + r2 * (k.k1 + r2 * (k.k2 + r2 * k.k3));
  return {
    x: x * radial + 2 * k.p1 * x * y + k.p2 * (r2 + 2 * x * x),
    y: y * radial + k.p1 * (r2 + 2 * y * y) + 2 * k.p2 * x * y,
  };
};

/** The pixel of an ideal pinhole point (x, y): distortion, then the camera matrix. */
export const normalisedToPixel = (k: Intrinsics, x: number, y: number): PointPx => {
  const d = distortNormalised(k, x, y);
  return pointPx(k.fx * d.x + k.cx, k.fy * d.y + k.cy);
};

/** The result of inverting the lens at one pixel. */
export interface Undistorted extends Normalised {
  /**
   * False where the pixel lies beyond the radius at which the lens model folds back (there it has no
   * inverse); x, y are then the best finite iterate. Never false inside the image of a calibration
   * that `parseCalibration` accepts, which checks the fold lies outside the image.
   */
  readonly converged: boolean;
}

// Newton stops when the distorted point is matched to 1e-14 (normalised): 3e-11 mm on the cloth from
// 3 m, far below the 1e-6 mm round trip the camera model promises. Quadratic convergence gets there
// in 3–6 steps from the distorted point itself; 30 is a generous cap for strong lenses.
const UNDISTORT_TOLERANCE = 1e-14;
const UNDISTORT_MAX_STEPS = 30;

/** Where `undistortInto` writes its answer (a detection inverts the lens a few thousand times a frame). */
export interface UndistortedOut {
  x: number;
  y: number;
  converged: boolean;
}

/** The ideal pinhole point whose distorted image is (xd, yd), normalised: Newton on the 2×2 model. */
export const undistortNormalised = (k: Intrinsics, xd: number, yd: number): Undistorted => {
  const out = { x: 0, y: 0, converged: false };
  undistortInto(k, xd, yd, out);
  return out;
};

/**
 * undistortNormalised written into `out`, allocating nothing: the vision's outline fits invert the
 * lens at every edge point (some 6 000 a 1080p frame), and the objects returned were a ninth of what
 * a detection allocated.
 */
export const undistortInto = (k: Intrinsics, xd: number, yd: number, out: UndistortedOut): void => {
  let x = xd;
  let y = yd;
  let bestX = x;
  let bestY = y;
  let best = Infinity;
  for (let step = 0; step <= UNDISTORT_MAX_STEPS; step++) {
    const r2 = x * x + y * y;
    const radial = 1 + r2 * (k.k1 + r2 * (k.k2 + r2 * k.k3));
    const ex = x * radial + 2 * k.p1 * x * y + k.p2 * (r2 + 2 * x * x) - xd;
    const ey = y * radial + k.p1 * (r2 + 2 * y * y) + 2 * k.p2 * x * y - yd;
    const residual = Math.abs(ex) + Math.abs(ey);
    if (residual < best) {
      best = residual;
      bestX = x;
      bestY = y;
    }
    if (residual <= UNDISTORT_TOLERANCE) {
      out.x = x;
      out.y = y;
      out.converged = true;
      return;
    }
    // Jacobian of the distortion at (x, y); dRadial/dr² = k1 + 2·k2·r² + 3·k3·r⁴.
    const dRadial = k.k1 + r2 * (2 * k.k2 + 3 * k.k3 * r2);
    const a = radial + 2 * x * x * dRadial + 2 * k.p1 * y + 6 * k.p2 * x;
    const b = 2 * x * y * dRadial + 2 * k.p1 * x + 2 * k.p2 * y;
    const d = radial + 2 * y * y * dRadial + 6 * k.p1 * y + 2 * k.p2 * x;
    const det = a * d - b * b;
    // A non-positive Jacobian means the lens has folded back here: no inverse to walk towards.
    if (!(det > 0) || step === UNDISTORT_MAX_STEPS) break;
    x -= (d * ex - b * ey) / det;
    y -= (a * ey - b * ex) / det;
  }
  out.x = bestX;
  out.y = bestY;
  out.converged = false;
};

/** Normalised undistorted coordinates of a pixel: the inverse of `normalisedToPixel`. */
export const undistortPixel = (k: Intrinsics, p: PointPx): Undistorted =>
  undistortNormalised(k, (p.u - k.cx) / k.fx, (p.v - k.cy) / k.fy);

// The fold search looks no further than r = 10 (84° off the optical axis), far wider than any lens the
// pinhole-plus-polynomial model describes; a fold beyond it is reported as none.
const FOLD_SEARCH_R2 = 100;
const FOLD_SEARCH_STEPS = 10_000;

/**
 * The undistorted radius at which the radial model stops growing (d(r·radial)/dr = 0, i.e.
 * 1 + 3·k1·r² + 5·k2·r⁴ + 7·k3·r⁶ = 0), or Infinity if it grows throughout. Beyond it the model maps
 * two directions to one pixel and cannot be inverted, so a calibration must keep it outside the image.
 */
export const foldRadius = (k: Intrinsics): number => {
  const slope = (s: number): number => 1 + s * (3 * k.k1 + s * (5 * k.k2 + s * 7 * k.k3));
  const ds = FOLD_SEARCH_R2 / FOLD_SEARCH_STEPS;
  for (let i = 1; i <= FOLD_SEARCH_STEPS; i++) {
    let hi = i * ds;
    if (slope(hi) > 0) continue;
    let lo = hi - ds; // slope(lo) > 0 from the previous step (slope(0) = 1)
    for (let j = 0; j < 60; j++) {
      const mid = (lo + hi) / 2;
      if (slope(mid) > 0) lo = mid;
      else hi = mid;
    }
    return Math.sqrt(lo);
  }
  return Infinity;
};
