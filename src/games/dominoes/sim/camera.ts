// A seeded overhead camera over a dominoes table: a metre or so above its middle, looking down with a
// few degrees of tilt (so the tiles' sides show), turned a quarter at random, the table filling most
// of the picture's height.
import {
  validateCalibration,
  rotationFromVector,
  type Calibration,
  type Intrinsics,
} from '../../../camera/index.ts';
import { mulMat, type Mat3 } from '../../../camera/mat3.ts';
import type { Table } from '../../../equipment/bed.ts';
import type { Rng } from '../../../sim/random.ts';

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

export const dominoesCamera = (
  rng: Rng,
  range: DominoesCameraRange,
  bed: { readonly table: Table; readonly tableSpec: unknown },
): Calibration => {
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
    const t: [number, number, number] = [
      -(R[0][0] * C[0] + R[0][1] * C[1] + R[0][2] * C[2]),
      -(R[1][0] * C[0] + R[1][1] * C[1] + R[1][2] * C[2]),
      -(R[2][0] * C[0] + R[2][1] * C[1] + R[2][2] * C[2]),
    ];
    // The table and a hand's breadth round it across ~92 % of the picture's height.
    const f =
      (range.height * rng.uniform(0.9, 0.95) * (H - 12)) / (Math.max(table.width, table.length) + 140);
    const camera: Intrinsics = {
      fx: f,
      fy: f * rng.uniform(0.998, 1.002),
      cx: (range.width - 1) / 2 + rng.uniform(-6, 6),
      cy: (range.height - 1) / 2 + rng.uniform(-6, 6),
      k1: rng.uniform(-0.12, 0),
      k2: rng.uniform(0, 0.03),
      p1: rng.uniform(-3e-4, 3e-4),
      p2: rng.uniform(-3e-4, 3e-4),
      k3: 0,
    };
    const c = validateCalibration({
      table,
      tableSpec,
      image: { width: range.width, height: range.height },
      camera,
      pose: { R, t },
    });
    if (c.ok) return c.value;
  }
};
