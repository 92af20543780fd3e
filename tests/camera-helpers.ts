// Shared by the camera tests: a seeded PRNG with Gaussian noise, the demo calibration, and truth
// cameras built from a position and a small rotation.
import { markingsOf } from '../src/games/snooker/equipment.ts';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  rotationFromVector,
  validateCalibration,
  type Calibration,
  type Plane,
  type Intrinsics,
  type Mat3,
} from '../src/camera/index.ts';
import { parseCalibration } from './helpers/games.ts';
import { mulMat, mulMatVec } from '../src/camera/mat3.ts';
import type { Table } from '../src/equipment/index.ts';
import { snookerTable } from '../src/games/snooker/equipment.ts';
import type { RgbImage } from '../src/core/image.ts';
import { createRenderer, renderFrame, type RenderBall } from '../src/sim/render/index.ts';

/** A frame through camera `c`, drawn by our own renderer: `balls` at rest, nobody over the table. */
export const stillFrame = (c: Calibration<Table>, balls: readonly RenderBall[], frameIndex = 0): RgbImage =>
  renderFrame(createRenderer(c, { supersample: 1 }), [{ balls, occluders: [] }], { frameIndex });

/** mulberry32: a small seeded PRNG (uniform in [0, 1)), so every noisy test is repeatable. */
export { mulberry32 as seeded } from '../src/sim/random.ts';

/** Standard normal samples by Box–Muller from a uniform source. */
export const gaussian =
  (uniform: () => number): (() => number) =>
  () =>
    Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());

export const demoJson = (): unknown => JSON.parse(readFileSync('calibration/demo.json', 'utf8')) as unknown;

export const demo = (): Calibration<Table> => {
  const c = parseCalibration(demoJson());
  if (!c.ok) throw new Error(`demo.json: ${c.error.message}`);
  return c.value;
};

const DEG = Math.PI / 180;

/**
 * A camera at `centre` (table frame, mm), looking down with the table's long axis along the image's
 * width, then turned by the rotation vector `tiltDeg` (degrees, camera axes). Not validated.
 */
export const placeCamera = (
  camera: Intrinsics,
  centre: { x: number; y: number; z: number },
  tiltDeg: { x: number; y: number; z: number },
): Calibration<Table> => {
  const down: Mat3 = [
    [0, 1, 0],
    [1, 0, 0],
    [0, 0, -1],
  ];
  const R = mulMat(rotationFromVector({ x: tiltDeg.x * DEG, y: tiltDeg.y * DEG, z: tiltDeg.z * DEG }), down);
  const rc = mulMatVec(R, centre);
  return {
    table: snookerTable(),
    tableSpec: 'snooker',
    image: { width: 1920, height: 1080 },
    camera,
    pose: { R, t: [-rc.x, -rc.y, -rc.z] },
  };
};

/** The camera turned about its own centre by a rotation vector in its own axes (degrees): a knock. */
export const knocked = <S extends Plane>(
  c: Calibration<S>,
  deg: { x: number; y: number; z: number },
): Calibration<S> => {
  const K = rotationFromVector({ x: deg.x * DEG, y: deg.y * DEG, z: deg.z * DEG });
  const t = mulMatVec(K, { x: c.pose.t[0], y: c.pose.t[1], z: c.pose.t[2] });
  return { ...c, pose: { R: mulMat(K, c.pose.R), t: [t.x, t.y, t.z] } };
};

/** `placeCamera`, checked as a calibration file would be. */
export const overheadCamera = (...args: Parameters<typeof placeCamera>): Calibration<Table> => {
  const c = validateCalibration(placeCamera(...args));
  if (!c.ok) throw new Error(`truth camera: ${c.error.field}: ${c.error.message}`);
  return c.value;
};

export const NO_DISTORTION = { k1: 0, k2: 0, p1: 0, p2: 0, k3: 0 };

export const table = snookerTable();
export const spots = Object.values(markingsOf(table).spots);

/** The few OpenCV (opencv.js) calls the camera tests check our model against. */
export interface CvMat {
  readonly data32F: Float32Array;
  readonly data64F: Float64Array;
  delete(): void;
}
export interface OpenCv {
  readonly CV_64F: number;
  readonly CV_32FC1: number;
  readonly SOLVEPNP_ITERATIVE: number;
  Mat: new () => CvMat;
  matFromArray(rows: number, cols: number, type: number, data: readonly number[]): CvMat;
  undistort(src: CvMat, dst: CvMat, k: CvMat, d: CvMat, newK: CvMat): void;
  solvePnP(
    obj: CvMat,
    img: CvMat,
    k: CvMat,
    d: CvMat,
    rvec: CvMat,
    tvec: CvMat,
    guess: boolean,
    flags: number,
  ): boolean;
  Rodrigues(src: CvMat, dst: CvMat): void;
  /** Emscripten's readiness hook: calls back once the runtime is up (the module itself is thenable). */
  then(ready: () => void): void;
}

/**
 * opencv.js (a dev dependency, the benchmark baseline), once its WebAssembly runtime is up. Wrapped in
 * an object: the module is itself thenable and resolves to itself, so a promise of it never settles.
 */
export const loadOpenCv = async (): Promise<{ readonly cv: OpenCv }> => {
  const cv = createRequire(import.meta.url)('@techstark/opencv-js') as OpenCv;
  await new Promise<void>((resolve) => cv.then(() => resolve()));
  return { cv };
};
