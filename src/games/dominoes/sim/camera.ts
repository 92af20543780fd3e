// A seeded overhead camera over a dominoes table: a metre or so above its middle, looking down with a
// few degrees of tilt (so the tiles' sides show), turned a quarter at random, the table filling most
// of the picture's height.
import { rotationFromVector, type Calibration, type Plane } from '../../../camera/index.ts';
import { mulMat, type Mat3 } from '../../../camera/mat3.ts';
import type { Rng } from '../../../sim/random.ts';
import { placedCamera } from '../../../sim/camera.ts';

/** Image x along the table's x, image y down the table's y: the table as diagrams draw it. */
const LOOK_DOWN: Mat3 = [
  [1, 0, 0],
  [0, -1, 0],
  [0, 0, -1],
];

const DEG = Math.PI / 180;

export interface DominoesCameraRange {
  readonly width: number;
  readonly height: number;
  /** Height of the camera above the cloth, mm. */
  readonly elevation: readonly [number, number];
  /** Most tilt off straight down, degrees. */
  readonly tilt: number;
}

export const DEFAULT_DOMINOES_CAMERA: DominoesCameraRange = {
  width: 1920,
  height: 1080,
  elevation: [1100, 1500],
  tilt: 8,
};

export const dominoesCamera = <S extends Plane>(
  rng: Rng,
  range: DominoesCameraRange,
  bed: { readonly table: S; readonly tableSpec: unknown },
): Calibration<S> => {
  const { table, tableSpec } = bed;
  for (;;) {
    const H = rng.uniform(range.elevation[0], range.elevation[1]);
    const w = {
      x: rng.uniform(-range.tilt, range.tilt) * DEG,
      y: rng.uniform(-range.tilt, range.tilt) * DEG,
      z: (rng.uniform(-4, 4) + 90 * rng.int(0, 4)) * DEG,
    };
    const R = mulMat(rotationFromVector(w), LOOK_DOWN);
    // Placed so that its optical axis (R's third row, in the table frame) meets the table near the middle.
    const [ax, ay, az] = R[2];
    const s = -H / az;
    const C = [
      table.width / 2 + rng.uniform(-30, 30) - s * ax,
      table.length / 2 + rng.uniform(-30, 30) - s * ay,
      H,
    ] as const;
    // The table and a hand's breadth round it across ~92 % of the picture's height.
    const f =
      (range.height * rng.uniform(0.9, 0.95) * (H - 12)) / (Math.max(table.width, table.length) + 140);
    const c = placedCamera(rng, {
      R,
      C,
      f,
      width: range.width,
      height: range.height,
      lens: { k1: [-0.12, 0], k2: [0, 0.03] },
      table,
      tableSpec,
    });
    if (c) return c;
  }
};
