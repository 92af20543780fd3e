// A simulated camera placed over a table: its pose from where it stands and which way it looks, and a
// lens drawn from the seed (focal length as given, principal point near the middle, barrel
// distortion in a range, a little tangential). Shared by every seeded camera the renderers draw from.
import { validateCalibration, type Calibration, type Intrinsics, type Plane } from '../camera/index.ts';
import type { Mat3 } from '../camera/mat3.ts';
import type { Rng } from './random.ts';

export interface LensRange {
  /** Radial distortion k1 (barrel: negative) and k2. */
  readonly k1: readonly [number, number];
  readonly k2: readonly [number, number];
}

/**
 * The calibration of a camera at `C` (table frame, mm) with rotation `R` (table → camera) and focal
 * length `f` px, its lens drawn from `rng`; undefined when that is no valid calibration (the caller
 * draws again).
 */
export const placedCamera = <S extends Plane>(
  rng: Rng,
  o: {
    readonly R: Mat3;
    readonly C: readonly [number, number, number];
    readonly f: number;
    readonly width: number;
    readonly height: number;
    readonly lens: LensRange;
    readonly table: S;
    readonly tableSpec: unknown;
  },
): Calibration<S> | undefined => {
  const { R, C } = o;
  const t: [number, number, number] = [
    -(R[0][0] * C[0] + R[0][1] * C[1] + R[0][2] * C[2]),
    -(R[1][0] * C[0] + R[1][1] * C[1] + R[1][2] * C[2]),
    -(R[2][0] * C[0] + R[2][1] * C[1] + R[2][2] * C[2]),
  ];
  const camera: Intrinsics = {
    fx: o.f,
    fy: o.f * rng.uniform(0.998, 1.002),
    cx: (o.width - 1) / 2 + rng.uniform(-6, 6),
    cy: (o.height - 1) / 2 + rng.uniform(-6, 6),
    k1: rng.uniform(o.lens.k1[0], o.lens.k1[1]),
    k2: rng.uniform(o.lens.k2[0], o.lens.k2[1]),
    p1: rng.uniform(-3e-4, 3e-4),
    p2: rng.uniform(-3e-4, 3e-4),
    k3: 0,
  };
  const c = validateCalibration({
    table: o.table,
    tableSpec: o.tableSpec,
    image: { width: o.width, height: o.height },
    camera,
    pose: { R, t },
  });
  return c.ok ? c.value : undefined;
};
