// Moving the camera until the table model lies on what the picture shows: Levenberg–Marquardt (the
// camera module's loop) over the pose, and, where no camera is given, the focal length and the lens's
// radial distortion k1, k2 (principal point at the image centre, square pixels, no tangential terms:
// a straight line across the whole frame, as a cushion is, bends by k1, k2 and hardly by the rest).
// Edges and marking lines count only across their direction; spots in both.
import { levenbergMarquardt } from '../../camera/lm.ts';
import {
  project,
  rotationFromVector,
  type Calibration,
  type Intrinsics,
  type Plane,
} from '../../camera/index.ts';
import { mulMat } from '../../camera/mat3.ts';
import { mm } from '../../core/units.ts';
import type { Feature } from './features.ts';

export interface FitOptions {
  /**
   * Solve focal length and distortion too (no camera given), or the pose only; 'focal' keeps the
   * lens's bending in pixels as it is (k1, k2 scale with the focal length), '+centre' moves the
   * principal point too (a strong barrel bends about it, and a few pixels off it show).
   */
  readonly intrinsics: 'pose' | 'focal' | 'focal+distortion' | 'focal+distortion+centre';
}

// Finite-difference steps, as the camera's own solver takes them: 1 µrad, 1 µm, 1e-6 of the focal
// length, 1e-6 of a distortion coefficient.
const STEPS = [1e-6, 1e-6, 1e-6, 1e-3, 1e-3, 1e-3, 1e-6, 1e-6, 1e-6, 1e-3, 1e-3];

const calibrationOf = <S extends Plane>(
  start: Calibration<S>,
  p: readonly number[],
  o: FitOptions,
): Calibration<S> => {
  const k = start.camera;
  const s = Math.exp(p[6] ?? 0);
  const camera: Intrinsics =
    o.intrinsics === 'pose'
      ? k
      : o.intrinsics === 'focal'
        ? { ...k, fx: k.fx * s, fy: k.fy * s, k1: k.k1 * s * s, k2: k.k2 * s ** 4 }
        : {
            ...k,
            fx: k.fx * s,
            fy: k.fy * s,
            k1: k.k1 + (p[7] ?? 0),
            k2: k.k2 + (p[8] ?? 0),
            ...(o.intrinsics === 'focal+distortion+centre'
              ? { cx: k.cx + (p[9] ?? 0), cy: k.cy + (p[10] ?? 0) }
              : {}),
          };
  return {
    ...start,
    camera,
    pose: {
      R: mulMat(rotationFromVector({ x: p[0] ?? 0, y: p[1] ?? 0, z: p[2] ?? 0 }), start.pose.R),
      t: [start.pose.t[0] + (p[3] ?? 0), start.pose.t[1] + (p[4] ?? 0), start.pose.t[2] + (p[5] ?? 0)],
    },
  };
};

/** Each feature's residuals (px): one across an edge or line, two for a spot. */
export const residualsOf = (c: Calibration, features: readonly Feature[]): number[] => {
  const out: number[] = [];
  for (const f of features) {
    const q = project(c, { x: mm(f.at.x), y: mm(f.at.y), z: mm(f.at.z) });
    const du = f.u - q.u;
    const dv = f.v - q.v;
    if (f.normal) out.push(du * f.normal.u + dv * f.normal.v);
    else out.push(du, dv);
  }
  return out;
};

/** Each feature's distance (px) from where the camera puts it. */
export const distancesOf = (c: Calibration, features: readonly Feature[]): number[] =>
  features.map((f) => {
    const q = project(c, { x: mm(f.at.x), y: mm(f.at.y), z: mm(f.at.z) });
    const du = f.u - q.u;
    const dv = f.v - q.v;
    return f.normal ? Math.abs(du * f.normal.u + dv * f.normal.v) : Math.hypot(du, dv);
  });

/** The camera that best puts the model on the features, starting from `start`. */
export const fitCamera = <S extends Plane>(
  start: Calibration<S>,
  features: readonly Feature[],
  o: FitOptions,
): Calibration<S> => {
  const n = { pose: 6, focal: 7, 'focal+distortion': 9, 'focal+distortion+centre': 11 }[o.intrinsics];
  const fit = levenbergMarquardt(
    (p) => residualsOf(calibrationOf(start, p, o), features),
    new Array<number>(n).fill(0),
    STEPS.slice(0, n),
    { maxIterations: 50, relativeTolerance: 1e-10 },
  );
  return calibrationOf(start, fit.params, o);
};

/**
 * Fit, then drop the features the fit leaves far out (a ball on a cushion, a chalk mark taken for a
 * spot) and fit again: far is beyond three robust standard deviations, and never closer than
 * `floorPx`.
 */
export const fitRobust = <S extends Plane>(
  start: Calibration<S>,
  features: readonly Feature[],
  o: FitOptions,
  floorPx = 0.75,
): { calibration: Calibration<S>; inliers: Feature[] } => {
  let c = fitCamera(start, features, o);
  let kept = [...features];
  for (let pass = 0; pass < 2; pass++) {
    const d = distancesOf(c, kept);
    const sorted = [...d].sort((a, b) => a - b);
    const sigma = 1.4826 * (sorted[sorted.length >> 1] ?? 0);
    const limit = Math.max(3 * sigma, floorPx);
    const next = kept.filter((_, i) => (d[i] as number) <= limit);
    if (next.length === kept.length || next.length < 8) break;
    kept = next;
    c = fitCamera(c, kept, o);
  }
  return { calibration: c, inliers: kept };
};
