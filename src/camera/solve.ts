// Pose solving from cloth-plane correspondences (docs/formats.md §2, the `points` form): a normalised DLT
// homography, decomposed into a pose (and, with no camera given, a focal length from its
// orthogonality constraints: Zhang, "A flexible new technique for camera calibration", 2000, §3.1),
// then refined by Levenberg–Marquardt on the reprojection error in pixels.
import { inverse, Matrix, SingularValueDecomposition } from 'ml-matrix';
import { z } from 'zod';
import { err, ok, refereeError, type RefereeError, type Result } from '../core/errors.ts';
import { parseWith } from '../core/schema.ts';
import { mm, pointPx } from '../core/units.ts';
import {
  imageSchema,
  intrinsicsSchema,
  marked,
  overlaysSchema,
  validateCalibration,
  type Calibration,
  type ImageSize,
  type Overlay,
  type Plane,
  type TableResolver,
  type TableSpec,
} from './calibration.ts';
import { undistortPixel, type Intrinsics } from './distortion.ts';
import { fitHomography, generalPositionProblem } from './homography.ts';
import { levenbergMarquardt } from './lm.ts';
import {
  cross3,
  mulMat,
  mulMatVec,
  norm3,
  rotationFromVector,
  type Mat3,
  type Row3,
  type Vec3,
} from './mat3.ts';
import { cameraCentre, project } from './project.ts';

/** One correspondence on the cloth (z = 0): the pixel (u, v) at which the table point (x, y) is seen. */
export interface PointCorrespondence {
  readonly u: number;
  readonly v: number;
  readonly x: number;
  readonly y: number;
  /**
   * Height above the cloth, mm (0 where absent; the file's `points` are all on the cloth). A point
   * a little above it, as a cushion nose, is solved where it is: the homography that starts the solve
   * takes it as on the cloth, the refinement as it is.
   */
  readonly z?: number;
}

export interface PointsCalibrationInput<S extends Plane = Plane> {
  /** The surface the points lie on, and its `table` value as the file gave it. */
  readonly table: S;
  readonly tableSpec: TableSpec;
  readonly image: ImageSize;
  readonly points: readonly PointCorrespondence[];
  /** Known intrinsics (with distortion): only the pose is solved. Absent: focal length solved too. */
  readonly camera?: Intrinsics;
  /** The picture's burned-in graphics, kept as given (calibration.ts Overlay). */
  readonly overlays?: readonly Overlay[];
}

export interface SolvedCalibration<S extends Plane = Plane> {
  readonly calibration: Calibration<S>;
  /** √(mean of squared pixel distances) between each point's pixel and its reprojection. */
  readonly rmsPx: number;
  /**
   * Where the focal length was solved: its standard deviation as a fraction of it, if the points were
   * good to `NOMINAL_NOISE_PX`. A camera looking straight down at one plane barely fixes its focal
   * length (only focal length ÷ height is seen), and this says how much.
   */
  readonly focalUncertainty?: number;
}

// Points files past this size are not hand-measured; the limit keeps the O(n²) checks cheap.
export const MAX_POINTS = 10_000;

const finite = intrinsicsSchema.shape.cx;
const pointSchema = z.object({ u: finite, v: finite, x: finite, y: finite });
const pointsSchema = z
  .array(pointSchema)
  .min(4, { error: (issue) => `need at least 4 points, got ${(issue.input as unknown[]).length}` })
  .max(MAX_POINTS, { error: `at most ${MAX_POINTS} points` });

const pointsFileSchema = z.object({
  table: z
    .unknown()
    .refine((t) => t !== undefined, 'required: the bed, by name or as { "width", "length", … } in mm'),
  image: imageSchema,
  points: pointsSchema,
  camera: intrinsicsSchema.optional(),
  overlays: overlaysSchema.optional(),
});

/** The `points` form of a calibration file: `{ table, image, points: [{u, v, x, y}, …], camera? }`. */
export const parsePointsCalibration = <S extends Plane>(
  json: unknown,
  resolve: TableResolver<S>,
): Result<PointsCalibrationInput<S>> => {
  const parsed = parseWith(pointsFileSchema, json);
  if (!parsed.ok) return parsed;
  const { table: tableSpec, image, points, camera, overlays } = parsed.value;
  const table = resolve(tableSpec);
  if (!table.ok) return table;
  const input = { table: table.value, tableSpec, image, points, ...marked(overlays) };
  return ok(camera ? { ...input, camera } : input);
};

// The focal length's uncertainty is quoted for points measured to about half a pixel.
export const NOMINAL_NOISE_PX = 0.5;

const column = (H: Mat3, j: 0 | 1 | 2): Vec3 => ({ x: H[0][j], y: H[1][j], z: H[2][j] });

/** The rotation nearest to M in the Frobenius sense: U·Vᵀ from M's SVD, kept a proper rotation. */
const nearestRotation = (m: Mat3): Mat3 => {
  const svd = new SingularValueDecomposition(new Matrix(m.map((r) => [...r])));
  const U = svd.leftSingularVectors;
  const V = svd.rightSingularVectors;
  let R = U.mmul(V.transpose());
  if (detOf(R) < 0) R = U.mmul(Matrix.diag([1, 1, -1])).mmul(V.transpose());
  const row = (i: number): Row3 => [R.get(i, 0), R.get(i, 1), R.get(i, 2)];
  return [row(0), row(1), row(2)];
};

const detOf = (m: Matrix): number =>
  m.get(0, 0) * (m.get(1, 1) * m.get(2, 2) - m.get(1, 2) * m.get(2, 1)) -
  m.get(0, 1) * (m.get(1, 0) * m.get(2, 2) - m.get(1, 2) * m.get(2, 0)) +
  m.get(0, 2) * (m.get(1, 0) * m.get(2, 1) - m.get(1, 1) * m.get(2, 0));

/**
 * The pose from a homography G that maps table (x, y, 1) to normalised camera coordinates:
 * G ∝ [r1 r2 t] (Zhang §2.3), with the sign chosen so the points lie in front of the camera.
 */
const poseFromHomography = (G: Mat3, centroid: { x: number; y: number }): { R: Mat3; t: Vec3 } => {
  const g1 = column(G, 0);
  const g2 = column(G, 1);
  const g3 = column(G, 2);
  let lambda = 2 / (norm3(g1) + norm3(g2));
  const depth = G[2][0] * centroid.x + G[2][1] * centroid.y + G[2][2];
  if (lambda * depth < 0) lambda = -lambda;
  const r1 = { x: lambda * g1.x, y: lambda * g1.y, z: lambda * g1.z };
  const r2 = { x: lambda * g2.x, y: lambda * g2.y, z: lambda * g2.z };
  const r3 = cross3(r1, r2);
  const R = nearestRotation([
    [r1.x, r2.x, r3.x],
    [r1.y, r2.y, r3.y],
    [r1.z, r2.z, r3.z],
  ]);
  return { R, t: { x: lambda * g3.x, y: lambda * g3.y, z: lambda * g3.z } };
};

/**
 * The focal length (in the units of H's image side) from a homography to centred image coordinates
 * with square pixels: the columns of K⁻¹·H are orthogonal and of equal length (Zhang §3.1), two
 * equations linear in ω = 1/f², solved in the least-squares sense. Undefined where the view is too
 * close to head-on for them to say anything (ω not positive).
 */
const focalFromHomography = (H: Mat3): number | undefined => {
  const [a, b, c] = H;
  const a1 = a[0] * a[1] + b[0] * b[1];
  const b1 = c[0] * c[1];
  const a2 = a[0] * a[0] + b[0] * b[0] - a[1] * a[1] - b[1] * b[1];
  const b2 = c[0] * c[0] - c[1] * c[1];
  const omega = -(a1 * b1 + a2 * b2) / (a1 * a1 + a2 * a2);
  return omega > 0 && Number.isFinite(omega) ? 1 / Math.sqrt(omega) : undefined;
};

// With no camera given, focal lengths outside this range of image widths (fields of view of 180°…3°)
// are noise from a nearly head-on view; the solve then starts from a focal length of one image width
// (a 53° field of view) and lets the refinement move it.
const FOCAL_RANGE = [0.05, 20] as const;
const FALLBACK_FOCAL = 1;
const plausibleFocal = (f: number | undefined): number =>
  f !== undefined && f >= FOCAL_RANGE[0] && f <= FOCAL_RANGE[1] ? f : FALLBACK_FOCAL;

// Finite-difference step for the refinement: every parameter is an angle (radians), a ratio or a log,
// so one step of 1e-7 fits all: far above rounding, far below any change that matters.
const STEP = 1e-7;

const solveFailed = (message: string): Result<never> => err(refereeError('SOLVE_FAILED', message, 'points'));

/**
 * Solve the camera from cloth-plane correspondences: pose only where `camera` is given, pose and focal
 * length (square pixels, principal point at the image centre, no distortion) where it is not. The
 * result is a calibration `parseCalibration` accepts, with its RMS reprojection error.
 */
export const solveCalibration = <S extends Plane>(
  input: PointsCalibrationInput<S>,
): Result<SolvedCalibration<S>> => {
  // The same checks as the file's schema, for callers that build the input in code.
  const checks: Result<unknown>[] = [
    parseWith(imageSchema, input.image, 'INVALID_INPUT', 'image'),
    parseWith(pointsSchema, input.points, 'INVALID_INPUT', 'points'),
  ];
  if (input.camera) checks.push(parseWith(intrinsicsSchema, input.camera, 'INVALID_INPUT', 'camera'));
  for (const c of checks) if (!c.ok) return c;

  const { image, points, camera: known } = input;
  const { table } = input;
  const onTable = points.map((p) => ({ x: p.x, y: p.y }));
  const inImage = points.map((p) => ({ x: p.u, y: p.v }));
  const tableProblem = generalPositionProblem(onTable, 'table');
  if (tableProblem) return err(refereeError('INVALID_INPUT', tableProblem, 'points'));
  const imageProblem = generalPositionProblem(inImage, 'image');
  if (imageProblem) return err(refereeError('INVALID_INPUT', imageProblem, 'points'));

  // Principal point at the image centre; with pixel centres at integers it lies at (w − 1)/2, as
  // OpenCV's initial guess (initIntrinsicParams2D) has it.
  const cx = (image.width - 1) / 2;
  const cy = (image.height - 1) / 2;

  // What each pixel says about its ray: normalised camera coordinates through the known lens, or
  // (focal length unknown) pixels from the centre in image widths, which the focal length, in image
  // widths too, turns into normalised coordinates once the homography has given it.
  const observed: { x: number; y: number }[] = [];
  for (const [i, p] of points.entries()) {
    if (!known) {
      observed.push({ x: (p.u - cx) / image.width, y: (p.v - cy) / image.width });
      continue;
    }
    const n = undistortPixel(known, pointPx(p.u, p.v));
    if (!n.converged)
      return err(
        refereeError(
          'INVALID_INPUT',
          "lies beyond where the camera's lens model can be inverted",
          `points[${i}]`,
        ),
      );
    observed.push(n);
  }
  const H = fitHomography(onTable, observed);
  if (!H.ok) return H;
  const focalWidths = known ? 1 : plausibleFocal(focalFromHomography(H.value));
  const focal = focalWidths * image.width;
  const [h1, h2, h3] = H.value;
  const perFocal = (r: Row3): Row3 => [r[0] / focalWidths, r[1] / focalWidths, r[2] / focalWidths];
  const G: Mat3 = [perFocal(h1), perFocal(h2), h3];
  const centroid = {
    x: onTable.reduce((s, p) => s + p.x, 0) / onTable.length,
    y: onTable.reduce((s, p) => s + p.y, 0) / onTable.length,
  };
  const start = poseFromHomography(G, centroid);

  // Parameters: a rotation vector applied before the starting rotation; where the points' centroid
  // lies in the camera frame, as its direction (a, b) = (X/Z, Y/Z) and the log of its depth Z; and
  // (focal unknown) the log of the focal length. Seen nearly head-on, the image fixes little more than
  // focal length ÷ depth: in these terms that is a straight valley (log f − log Z), which the
  // refinement walks along in a step, where in (t, f) it is a curved one it crawls.
  const centroidCam = mulMatVec(start.R, { x: centroid.x, y: centroid.y, z: 0 });
  const q0 = { x: centroidCam.x + start.t.x, y: centroidCam.y + start.t.y, z: centroidCam.z + start.t.z };
  const cameraOf = (p: readonly number[]): Intrinsics => {
    if (known) return known;
    const f = focal * Math.exp(p[6] ?? 0);
    return { fx: f, fy: f, cx, cy, k1: 0, k2: 0, p1: 0, p2: 0, k3: 0 };
  };
  const calibrationOf = (p: readonly number[]): Calibration<S> => {
    const R = mulMat(rotationFromVector({ x: p[0] ?? 0, y: p[1] ?? 0, z: p[2] ?? 0 }), start.R);
    const depth = q0.z * Math.exp(p[5] ?? 0);
    const c = mulMatVec(R, { x: centroid.x, y: centroid.y, z: 0 });
    return {
      table,
      tableSpec: input.tableSpec,
      image: { width: image.width, height: image.height },
      camera: cameraOf(p),
      pose: { R, t: [(p[3] ?? 0) * depth - c.x, (p[4] ?? 0) * depth - c.y, depth - c.z] },
    };
  };
  const residuals = (p: readonly number[]): number[] => {
    const c = calibrationOf(p);
    const out: number[] = [];
    for (const q of points) {
      const px = project(c, { x: mm(q.x), y: mm(q.y), z: mm(q.z ?? 0) });
      out.push(px.u - q.u, px.v - q.v);
    }
    return out;
  };
  const p0 = [0, 0, 0, q0.x / q0.z, q0.y / q0.z, 0, ...(known ? [] : [0])];
  const fit = levenbergMarquardt(residuals, p0, Array<number>(p0.length).fill(STEP));
  if (!Number.isFinite(fit.cost) || !fit.params.every(Number.isFinite))
    return solveFailed('the pose refinement did not converge to finite numbers');

  const calibration = { ...calibrationOf(fit.params), ...marked(input.overlays) };
  if (!(cameraCentre(calibration).z > 0))
    return err(
      refereeError(
        'INVALID_INPUT',
        'these correspondences put the camera below the table: is the image mirrored (u and v swapped, or x and y)?',
        'points',
      ),
    );
  const valid = validateCalibration(calibration);
  // A box of graphics past the picture's edge is the box's fault, not the points'.
  if (!valid.ok)
    return err(valid.error.field?.startsWith('overlays') ? valid.error : seenFromPoints(valid.error));
  const rmsPx = Math.sqrt(fit.cost / points.length);
  if (known) return ok({ calibration, rmsPx });
  return ok({ calibration, rmsPx, focalUncertainty: focalUncertainty(fit.jacobian) });
};

/** A problem with the solved camera, told in terms of the points that gave it. */
const seenFromPoints = (e: RefereeError): RefereeError =>
  refereeError(
    e.code,
    `the camera these points give does not fit a usable calibration: ${e.field ?? ''}: ${e.message}`,
    'points',
  );

/**
 * σ(log f) = σ₀·√((JᵀJ)⁻¹)_ff: the focal length's relative standard deviation for points good to σ₀
 * (Infinity where the points do not fix it at all). JᵀJ is scaled to unit diagonal before inverting,
 * as its parameters (radians, ratios, logs) differ in size by orders of magnitude.
 */
const focalUncertainty = (J: Matrix): number => {
  const A = J.transpose().mmul(J);
  const n = A.columns;
  const d = A.diag().map((x) => 1 / Math.sqrt(x));
  const scaled = Matrix.zeros(n, n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) scaled.set(i, j, A.get(i, j) * (d[i] ?? 0) * (d[j] ?? 0));
  const last = n - 1;
  const variance = inverse(scaled).get(last, last) * (d[last] ?? 0) ** 2;
  return variance >= 0 && Number.isFinite(variance) ? NOMINAL_NOISE_PX * Math.sqrt(variance) : Infinity;
};
