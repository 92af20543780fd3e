// Scenes for training and testing the vision stages on rendered frames: overhead cameras drawn from a
// seed (height, tilt, which end of the table is on which side of the picture, lens), and layouts of
// balls (scattered, packed touching, against the cushions and in the jaws, moving). Training tooling:
// the training script, the tests and the benchmarks use it; nothing at run time does.
import { rotationFromVector, type Calibration, type TableSpec } from '../../camera/index.ts';
import { mulMat, type Mat3 } from '../../camera/mat3.ts';
import type { Rng } from '../random.ts';
import { placedCamera } from '../camera.ts';
import { isOnBed, type Table } from '../../equipment/index.ts';
import type { BallId } from '../../equipment/pieces.ts';
import { pointMm } from '../../core/units.ts';

// Looking straight down with the table's long axis along the picture's width: camera x along the
// table's y, camera y along its x, camera z down (as calibration/demo.json, before its small tilt).
const LOOK_DOWN: Mat3 = [
  [0, 1, 0],
  [1, 0, 0],
  [0, 0, -1],
];

export interface CameraRange {
  readonly width: number;
  readonly height: number;
  /** Height of the camera above the cloth, mm. */
  readonly elevation: readonly [number, number];
  /** Most tilt off straight down, and most turn about the optical axis, degrees. */
  readonly tilt: number;
  readonly turn: number;
  /** Radial distortion k1 (barrel: negative). */
  readonly k1: readonly [number, number];
}

export const DEFAULT_CAMERA_RANGE: CameraRange = {
  width: 1920,
  height: 1080,
  elevation: [2400, 3200],
  tilt: 2,
  turn: 3,
  k1: [-0.22, -0.05],
};

const DEG = Math.PI / 180;

/**
 * An overhead camera over a bed (`table`, which a calibration file names `tableSpec`), drawn from `rng`:
 * anywhere in `range`, either end of the table on the left of the picture, framed so the table and its
 * rails fill most of the width, and a valid calibration (redrawn until it is).
 */
export const seededCamera = (
  rng: Rng,
  range: CameraRange,
  bed: { readonly table: Table; readonly tableSpec: TableSpec },
): Calibration<Table> => {
  const { table, tableSpec } = bed;
  for (;;) {
    const H = rng.uniform(range.elevation[0], range.elevation[1]);
    const flip = rng.next() < 0.5 ? Math.PI : 0;
    const w = {
      x: rng.uniform(-range.tilt, range.tilt) * DEG,
      y: rng.uniform(-range.tilt, range.tilt) * DEG,
      z: rng.uniform(-range.turn, range.turn) * DEG + flip,
    };
    const R = mulMat(rotationFromVector(w), LOOK_DOWN);
    const C = [table.width / 2 + rng.uniform(-60, 60), table.length / 2 + rng.uniform(-60, 60), H] as const;
    // The table and its rails (≈130 mm each side) across 86–94 % of the width before the lens's barrel.
    const outer = table.length + 260;
    const f = (range.width * rng.uniform(0.86, 0.94) * (H - 40)) / outer;
    const c = placedCamera(rng, {
      R,
      C,
      f,
      width: range.width,
      height: range.height,
      lens: { k1: range.k1, k2: [0, 0.04] },
      table,
      tableSpec,
    });
    if (c) return c;
  }
};

/** A ball placed for a scene, with its velocity (mm/s) for motion blur. */
export interface PlacedBall {
  readonly id: BallId;
  readonly x: number;
  readonly y: number;
  readonly vx: number;
  readonly vy: number;
}

export type LayoutKind = 'scatter' | 'pack' | 'cushions' | 'jaws';

const clearOf = (
  table: Table,
  balls: readonly { x: number; y: number }[],
  x: number,
  y: number,
  gap: number,
): boolean => balls.every((b) => Math.hypot(b.x - x, b.y - y) >= table.ballDiameter + gap);

/**
 * Positions for `ids` on the bed, none overlapping: `scatter` anywhere; `pack` most of them in a
 * triangle of touching balls (as the reds at the start) somewhere on the bed; `cushions` many touching
 * a cushion; `jaws` some in the pockets' jaws. Balls that cannot be placed are left out.
 */
export const placeBalls = (
  rng: Rng,
  table: Table,
  ids: readonly BallId[],
  kind: LayoutKind,
): PlacedBall[] => {
  const placed: { id: BallId; x: number; y: number }[] = [];
  const r = table.ballRadius;
  const D = table.ballDiameter;
  const tryAt = (id: BallId, x: number, y: number, gap: number): boolean => {
    if (!isOnBed(table, pointMm(x, y)) || !clearOf(table, placed, x, y, gap)) return false;
    placed.push({ id, x, y });
    return true;
  };
  const rest = [...ids];
  if (kind === 'pack') {
    // A triangle of touching balls (0.05 mm apart), apex pointing a random way.
    const n = Math.min(rest.length, 10 + rng.int(0, 6));
    const angle = rng.uniform(0, 2 * Math.PI);
    const ax = Math.cos(angle);
    const ay = Math.sin(angle);
    const cx = rng.uniform(5 * D, table.width - 5 * D);
    const cy = rng.uniform(5 * D, table.length - 5 * D);
    const pitch = D + 0.05;
    let k = 0;
    for (let row = 0; k < n; row++) {
      for (let j = 0; j <= row && k < n; j++, k++) {
        const along = (row * pitch * Math.sqrt(3)) / 2;
        const across = (j - row / 2) * pitch;
        const id = rest.shift();
        if (id) tryAt(id, cx + along * ax - across * ay, cy + along * ay + across * ax, 0);
      }
    }
  } else if (kind === 'cushions') {
    const n = Math.min(rest.length, 8 + rng.int(0, 6));
    for (let k = 0; k < n; k++) {
      const id = rest.shift();
      if (!id) break;
      for (let attempt = 0; attempt < 30; attempt++) {
        const side = rng.int(0, 4);
        const gap = rng.uniform(0.1, 3);
        const s = rng.next();
        const [x, y] =
          side === 0
            ? [r + gap, s * table.length]
            : side === 1
              ? [table.width - r - gap, s * table.length]
              : side === 2
                ? [s * table.width, r + gap]
                : [s * table.width, table.length - r - gap];
        if (tryAt(id, x, y, 0.1)) break;
      }
    }
  } else if (kind === 'jaws') {
    for (const p of table.pockets) {
      const id = rest.shift();
      if (!id) break;
      for (let attempt = 0; attempt < 60; attempt++) {
        const depth = rng.uniform(-D, p.fallDepth * 0.6);
        const lateral = rng.uniform(-p.mouth / 2, p.mouth / 2);
        const x = p.mouthCentre.x + depth * p.axis.x - lateral * p.axis.y;
        const y = p.mouthCentre.y + depth * p.axis.y + lateral * p.axis.x;
        if (tryAt(id, x, y, 0.5)) break;
      }
    }
  }
  // The rest anywhere; a third of them touching a ball already down (0.05 mm apart).
  for (const id of rest) {
    const touch = placed.length > 0 && rng.next() < 1 / 3;
    for (let attempt = 0; attempt < 200; attempt++) {
      if (touch && attempt < 50) {
        const b = placed[rng.int(0, placed.length)] as { x: number; y: number };
        const a = rng.uniform(0, 2 * Math.PI);
        if (tryAt(id, b.x + (D + 0.05) * Math.cos(a), b.y + (D + 0.05) * Math.sin(a), 0)) break;
      } else if (tryAt(id, rng.uniform(r, table.width - r), rng.uniform(r, table.length - r), 2)) break;
    }
  }
  return placed.map((b) => ({ ...b, vx: 0, vy: 0 }));
};
