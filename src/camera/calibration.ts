// The calibration file (docs/formats.md §2): a pinhole camera with OpenCV's distortion and its pose over
// the table. parseCalibration checks every field and that the camera can see the whole bed;
// makeCalibrationJson writes the same form back.
import { z } from 'zod';
import { err, ok, refereeError, type Result } from '../core/errors.ts';
import { parseWith } from '../core/schema.ts';
import { mm, type Mm, type Point3Mm } from '../core/units.ts';
import { foldRadius, type Intrinsics } from './distortion.ts';
import { det, orthonormalityError, type Mat3 } from './mat3.ts';
import { project, toCamera } from './project.ts';

/** X_cam = R·X_table + t, millimetres; camera axes as OpenCV's (x right, y down, z forward). */
export interface Pose {
  readonly R: Mat3;
  readonly t: readonly [number, number, number];
}

/**
 * What the camera looks at: a plane (the cloth) of a given size, table frame as docs/formats.md §1,
 * x from 0 to `width`, y from 0 to `length`. Which bed or surface it is (pockets, marks, pieces) is the
 * games' business (src/games); the camera needs only the size.
 */
export interface Plane {
  readonly width: Mm;
  readonly length: Mm;
}

/**
 * The calibration's `table` as the file gives it (a game's table by name, or a bed's size as an
 * object): which surface it is, the games (src/games) say.
 */
export type TableSpec = unknown;

/** Turns a `table` value into the surface it names, or an error naming `table` (the game registry's). */
export type TableResolver<S extends Plane = Plane> = (spec: TableSpec) => Result<S>;

export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

/**
 * A rectangle of the picture that the camera or the stream draws over (a CCTV camera's clock and name,
 * a channel's logo): its top-left pixel and its size, px. Nothing there is the table, so the vision
 * does not look there; the person installing marks it on /calibrate (docs/formats.md §2).
 */
export interface Overlay {
  readonly u: number;
  readonly v: number;
  readonly width: number;
  readonly height: number;
}

/** A camera over a plane; `S` is the surface `tableSpec` names, as the resolver gave it. */
export interface Calibration<S extends Plane = Plane> {
  /** The surface `tableSpec` names. */
  readonly table: S;
  readonly tableSpec: TableSpec;
  readonly image: ImageSize;
  readonly camera: Intrinsics;
  readonly pose: Pose;
  /** The picture's burned-in graphics, where the file marks any. */
  readonly overlays?: readonly Overlay[];
}

/** The full form of the calibration file, as JSON (docs/formats.md §2). */
export interface CalibrationJson {
  table: unknown;
  image: { width: number; height: number };
  camera: {
    fx: number;
    fy: number;
    cx: number;
    cy: number;
    k1: number;
    k2: number;
    p1: number;
    p2: number;
    k3: number;
  };
  pose: { R: number[][]; t: number[] };
  overlays?: readonly Overlay[];
}

// R·Rᵀ = I and det R = +1 are checked to this tolerance: a file written with 7 significant digits
// passes, a hand-edited or mirrored matrix does not.
export const ROTATION_TOLERANCE = 1e-6;

const finite = z.number({
  error: (issue) =>
    issue.code !== 'invalid_type'
      ? undefined
      : typeof issue.input === 'number'
        ? `expected a finite number, got ${issue.input}`
        : `expected a number, got ${issue.input === undefined ? 'nothing' : JSON.stringify(issue.input)}`,
});
const positive = finite.positive({ error: (issue) => `must be positive, got ${String(issue.input)}` });
const pixels = finite
  .int({ error: (issue) => `must be a whole number of pixels, got ${String(issue.input)}` })
  .positive({ error: (issue) => `must be positive, got ${String(issue.input)}` });

export const imageSchema = z.object({ width: pixels, height: pixels });

const fromEdge = finite
  .int({ error: (issue) => `must be a whole number of pixels, got ${String(issue.input)}` })
  .nonnegative({ error: (issue) => `must be 0 or more, got ${String(issue.input)}` });

/** A picture's graphics are a few boxes (a clock, a name, a logo, a score bug); more is no camera's. */
export const MAX_OVERLAYS = 16;

export const overlaysSchema = z
  .array(z.object({ u: fromEdge, v: fromEdge, width: pixels, height: pixels }))
  .max(MAX_OVERLAYS, { error: `at most ${MAX_OVERLAYS} boxes` });

// Distortion coefficients a lens does not need may be left out (OpenCV files often stop at k2).
export const intrinsicsSchema = z.object({
  fx: positive,
  fy: positive,
  cx: finite,
  cy: finite,
  k1: finite.default(0),
  k2: finite.default(0),
  p1: finite.default(0),
  p2: finite.default(0),
  k3: finite.default(0),
});

const row = z.tuple([finite, finite, finite]);
const poseSchema = z.object({ R: z.tuple([row, row, row]), t: z.tuple([finite, finite, finite]) });

const calibrationSchema = z.object({
  table: z
    .unknown()
    .refine((t) => t !== undefined, 'required: the bed, by name or as { "width", "length", … } in mm'),
  image: imageSchema,
  camera: intrinsicsSchema,
  pose: poseSchema,
  overlays: overlaysSchema.optional(),
});

/** The least part of the playing area a calibration must show to be a camera over this table. */
export const MIN_VISIBLE_FRACTION = 0.5;

/** A number for a message: short, but enough digits to see what is wrong. */
const show = (n: number): string => String(Number(n.toPrecision(3)));

/**
 * The checks no schema can make: R a rotation, a lens model that can be inverted over the whole image,
 * the playing area in front of the camera and at least half of it inside the image.
 */
export const validateCalibration = <S extends Plane>(c: Calibration<S>): Result<Calibration<S>> => {
  const bad = (field: string, message: string): Result<never> =>
    err(refereeError('CALIBRATION', message, field));
  const { width, height } = c.image;
  for (const [i, o] of (c.overlays ?? []).entries()) {
    if (o.u + o.width > width)
      return bad(
        `overlays[${i}].width`,
        `reaches past the picture's right edge (u + width = ${o.u + o.width} > ${width})`,
      );
    if (o.v + o.height > height)
      return bad(
        `overlays[${i}].height`,
        `reaches past the picture's bottom edge (v + height = ${o.v + o.height} > ${height})`,
      );
  }
  const { R } = c.pose;
  const off = orthonormalityError(R);
  if (!(off <= ROTATION_TOLERANCE))
    return bad('pose.R', `not orthonormal (R·Rᵀ differs from I by ${show(off)})`);
  const d = det(R);
  if (!(Math.abs(d - 1) <= ROTATION_TOLERANCE))
    return bad('pose.R', `determinant is ${show(d)}, not +1: a reflection, not a rotation`);

  const k = c.camera;
  const fold = foldRadius(k);
  // The image spans [-0.5, width - 0.5] with pixel centres at integers (OpenCV).
  const corners = [
    [-0.5, -0.5],
    [width - 0.5, -0.5],
    [-0.5, height - 0.5],
    [width - 0.5, height - 0.5],
  ] as const;
  if (Number.isFinite(fold)) {
    const r2 = fold * fold;
    const reach = fold * (1 + r2 * (k.k1 + r2 * (k.k2 + r2 * k.k3)));
    const corner = Math.max(...corners.map(([u, v]) => Math.hypot((u - k.cx) / k.fx, (v - k.cy) / k.fy)));
    if (corner >= reach)
      return bad(
        'camera',
        `the distortion (k1, k2, k3) folds back inside the image, ${show(reach * k.fx)} px from the principal point, so it cannot be inverted there`,
      );
  }

  const { width: W, length: L } = c.table;
  for (const [x, y] of [
    [0, 0],
    [W, 0],
    [0, L],
    [W, L],
  ] as const) {
    const q = toCamera(c, { x: mm(x), y: mm(y), z: mm(0) });
    if (!(q.z > 0)) return bad('pose', `the table's corner (${x}, ${y}) is behind the camera`);
  }
  // The table must be seen, though not necessarily all of it: a camera that misses a strip at one end
  // still referees what it sees (the example in docs/formats.md §2 is such a camera). Less than half of
  // the playing area in the picture is a camera that is not looking at this table.
  const inImage = (x: number, y: number): boolean => {
    const p: Point3Mm = { x: mm(x), y: mm(y), z: mm(0) };
    const q = toCamera(c, p);
    if (Math.hypot(q.x / q.z, q.y / q.z) >= fold) return false;
    const { u, v } = project(c, p);
    return u >= -0.5 && u <= width - 0.5 && v >= -0.5 && v <= height - 0.5;
  };
  const GRID = 24;
  let seen = 0;
  for (let i = 0; i <= GRID; i++)
    for (let j = 0; j <= GRID; j++) if (inImage((W * i) / GRID, (L * j) / GRID)) seen += 1;
  const fraction = seen / (GRID + 1) ** 2;
  if (fraction < MIN_VISIBLE_FRACTION)
    return bad(
      'pose',
      `only ${Math.round(fraction * 100)}% of the playing area is inside the ${width}×${height} image (at least ${MIN_VISIBLE_FRACTION * 100}% must be)`,
    );
  return ok(c);
};

/** A calibration file's full form (table, image, camera, pose), every field checked. */
export const parseCalibration = <S extends Plane>(
  json: unknown,
  resolve: TableResolver<S>,
): Result<Calibration<S>> => {
  const parsed = parseWith(calibrationSchema, json, 'CALIBRATION');
  if (!parsed.ok) return parsed;
  const { table: spec, image, camera, pose, overlays } = parsed.value;
  const table = resolve(spec);
  if (!table.ok) return err(refereeError('CALIBRATION', table.error.message, table.error.field ?? 'table'));
  return validateCalibration({
    table: table.value,
    tableSpec: spec,
    image,
    camera,
    pose,
    ...marked(overlays),
  });
};

/** The `overlays` field where there are any: a calibration with none leaves it out, as its file does. */
export const marked = (
  overlays: readonly Overlay[] | undefined,
): { readonly overlays?: readonly Overlay[] } =>
  overlays && overlays.length > 0 ? { overlays: overlays.map((o) => ({ ...o })) } : {};

/**
 * The same camera and pose seen in a frame scaled `k` times (a 4K frame of a 1080p calibration, k = 2;
 * the frame looked at at half its size, k = 0.5): the focal lengths scaled, the principal point kept on
 * the same spot of the picture (pixel centres: (c + 0.5) k - 0.5), the lens's distortion unchanged (it
 * is stated in normalised coordinates). The image's size is rounded down to whole pixels.
 */
export const scaleCalibration = <S extends Plane>(c: Calibration<S>, k: number): Result<Calibration<S>> => {
  const width = Math.floor(c.image.width * k);
  const height = Math.floor(c.image.height * k);
  // Each box grown to whole pixels of the new picture that it touches, and kept inside it.
  const overlays = c.overlays?.map((o) => {
    const u = Math.floor(o.u * k);
    const v = Math.floor(o.v * k);
    return {
      u,
      v,
      width: Math.max(1, Math.min(width, Math.ceil((o.u + o.width) * k)) - u),
      height: Math.max(1, Math.min(height, Math.ceil((o.v + o.height) * k)) - v),
    };
  });
  return validateCalibration({
    ...c,
    image: { width, height },
    camera: {
      ...c.camera,
      fx: c.camera.fx * k,
      fy: c.camera.fy * k,
      cx: (c.camera.cx + 0.5) * k - 0.5,
      cy: (c.camera.cy + 0.5) * k - 0.5,
    },
    ...marked(overlays),
  });
};

/** The full JSON form of a calibration (docs/formats.md §2), ready for JSON.stringify. */
export const makeCalibrationJson = (c: Calibration): CalibrationJson => {
  const { fx, fy, cx, cy, k1, k2, p1, p2, k3 } = c.camera;
  return {
    table: c.tableSpec,
    image: { width: c.image.width, height: c.image.height },
    camera: { fx, fy, cx, cy, k1, k2, p1, p2, k3 },
    pose: { R: c.pose.R.map((r) => [...r]), t: [...c.pose.t] },
    ...marked(c.overlays),
  };
};

/** The calibration file's text: makeCalibrationJson pretty-printed, each row of numbers on one line. */
export const stringifyCalibration = (c: Calibration): string =>
  `${JSON.stringify(makeCalibrationJson(c), null, 2).replace(
    /\[[-\d.e+,\s]*\]/g,
    (numbers) =>
      `[${numbers
        .slice(1, -1)
        .trim()
        .split(/\s*,\s*/)
        .join(', ')}]`,
  )}\n`;
