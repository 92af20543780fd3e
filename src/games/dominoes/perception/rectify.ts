// The table seen from straight above at the height of the tiles' faces (12 mm: parallax, §9): for each
// cell of a plan grid (1 mm by default) over the playing area, the camera pixel that sees that point
// of the face plane. Computed once per calibration; each frame is then a lookup per cell, and
// everything after works in millimetres.
import { project, type Calibration } from '../../../camera/index.ts';
import type { RgbImage } from '../../../core/image.ts';
import { mm } from '../../../core/units.ts';

export interface PlanGrid {
  /** mm per cell. */
  readonly step: number;
  readonly cols: number;
  readonly rows: number;
  /** Table-frame position of cell (0, 0)'s centre. */
  readonly x0: number;
  readonly y0: number;
  /** Index of the source pixel (row-major) each cell reads, −1 where the camera does not see it. */
  readonly source: Int32Array;
}

/** The plan grid over a `width` × `length` playing area at face height `z`. */
export const planGrid = (c: Calibration, width: number, length: number, z: number, step = 1): PlanGrid => {
  const cols = Math.ceil(width / step);
  const rows = Math.ceil(length / step);
  const source = new Int32Array(cols * rows);
  const x0 = step / 2;
  const y0 = step / 2;
  for (let r = 0; r < rows; r++)
    for (let k = 0; k < cols; k++) {
      const p = project(c, { x: mm(x0 + k * step), y: mm(y0 + r * step), z: mm(z) });
      const u = Math.round(p.u);
      const v = Math.round(p.v);
      source[r * cols + k] =
        Number.isFinite(u) && u >= 0 && v >= 0 && u < c.image.width && v < c.image.height
          ? v * c.image.width + u
          : -1;
    }
  return { step, cols, rows, x0, y0, source };
};

/** A frame on the plan grid: brightness (r + 2g + b) / 4 and the largest channel, a byte a cell each. */
export interface PlanFrame {
  readonly grid: PlanGrid;
  readonly luma: Uint8Array;
  readonly peak: Uint8Array;
  /** 1 where the camera sees the cell. */
  readonly seen: Uint8Array;
}

export const toPlan = (grid: PlanGrid, image: RgbImage): PlanFrame => {
  const n = grid.cols * grid.rows;
  const luma = new Uint8Array(n);
  const peak = new Uint8Array(n);
  const seen = new Uint8Array(n);
  const d = image.data;
  const src = grid.source;
  for (let i = 0; i < n; i++) {
    const s = src[i] as number;
    if (s < 0) continue;
    const r = d[s * 3] as number;
    const g = d[s * 3 + 1] as number;
    const b = d[s * 3 + 2] as number;
    luma[i] = (r + 2 * g + b) >> 2;
    peak[i] = r > g ? (r > b ? r : b) : g > b ? g : b;
    seen[i] = 1;
  }
  return { grid, luma, peak, seen };
};
