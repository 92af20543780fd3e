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

/** Side of the blocks the plan is filled by, cells, and the step (cells) of the coarse look at each. */
export const BLOCK = 8;
const COARSE = 8;

/**
 * A frame on the plan grid: brightness (r + 2g + b) / 4 and chroma (largest channel − smallest), a
 * byte a cell each — filled only in the blocks (BLOCK cells square) where a coarse look (every
 * COARSE-th cell) saw something other than cloth, and their neighbours: tiles cover a few per cent of
 * the table, so the fine work is done there only.
 */
export interface PlanFrame {
  readonly grid: PlanGrid;
  readonly luma: Uint8Array;
  readonly chroma: Uint8Array;
  /** 1 where the camera sees the cell and its block was looked at. */
  readonly seen: Uint8Array;
  /** Blocks filled, row-major over ceil(cols / BLOCK) × ceil(rows / BLOCK). */
  readonly active: Uint8Array;
  readonly blockCols: number;
  readonly blockRows: number;
  /** The cloth's brightness and chroma (medians of the coarse look: most of the table is cloth). */
  readonly clothLuma: number;
  readonly clothChroma: number;
}

/** What the coarse look takes for a tile: brighter than the cloth (ivory) or much greyer (black; the
 * cloth in a shadow and the wood beyond it are as coloured as the cloth). */
export interface CoarseOptions {
  readonly brighter: number;
  readonly greyer: number;
}

export const DEFAULT_COARSE: CoarseOptions = { brighter: 1.35, greyer: 0.6 };

const median = (hist: Uint32Array, n: number): number => {
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v] as number;
    if (acc * 2 >= n) return v;
  }
  return 255;
};

/** The frame on the grid; `into`: last frame's plan, its buffers reused. */
export const toPlan = (
  grid: PlanGrid,
  image: RgbImage,
  into?: PlanFrame,
  o: CoarseOptions = DEFAULT_COARSE,
): PlanFrame => {
  const { cols, rows } = grid;
  const n = cols * rows;
  const bc = Math.ceil(cols / BLOCK);
  const br = Math.ceil(rows / BLOCK);
  // Last frame's cells cleared, so that nothing of it is read at the edges of this frame's blocks.
  const luma = into ? into.luma.fill(0) : new Uint8Array(n);
  const chroma = into ? into.chroma.fill(0) : new Uint8Array(n);
  const seen = into ? into.seen.fill(0) : new Uint8Array(n);
  const active = into ? into.active.fill(0) : new Uint8Array(bc * br);
  const d = image.data;
  const src = grid.source;
  const fill = (i: number): boolean => {
    const s = src[i] as number;
    if (s < 0) return false;
    const r = d[s * 3] as number;
    const g = d[s * 3 + 1] as number;
    const b = d[s * 3 + 2] as number;
    luma[i] = (r + 2 * g + b) >> 2;
    chroma[i] = (r > g ? (r > b ? r : b) : g > b ? g : b) - (r < g ? (r < b ? r : b) : g < b ? g : b);
    seen[i] = 1;
    return true;
  };
  // The coarse look, and the cloth's levels from it.
  const hl = new Uint32Array(256);
  const hc = new Uint32Array(256);
  let m = 0;
  for (let r = COARSE >> 1; r < rows; r += COARSE)
    for (let k = COARSE >> 1; k < cols; k += COARSE) {
      const i = r * cols + k;
      if (!fill(i)) continue;
      hl[luma[i] as number] = (hl[luma[i] as number] as number) + 1;
      hc[chroma[i] as number] = (hc[chroma[i] as number] as number) + 1;
      m++;
    }
  const clothLuma = median(hl, m);
  const clothChroma = median(hc, m);
  const hi = clothLuma * o.brighter;
  const sat = (o.greyer * clothChroma) / Math.max(1, clothLuma);
  const hot = new Uint8Array(bc * br);
  for (let r = COARSE >> 1; r < rows; r += COARSE)
    for (let k = COARSE >> 1; k < cols; k += COARSE) {
      const i = r * cols + k;
      if (!seen[i]) continue;
      const v = luma[i] as number;
      if (v > hi || (chroma[i] as number) < sat * Math.max(v, 8))
        hot[((r / BLOCK) | 0) * bc + ((k / BLOCK) | 0)] = 1;
    }
  for (let r = 0; r < br; r++)
    for (let k = 0; k < bc; k++) {
      if (!hot[r * bc + k]) continue;
      for (let dr = -1; dr <= 1; dr++)
        for (let dk = -1; dk <= 1; dk++)
          if (r + dr >= 0 && k + dk >= 0 && r + dr < br && k + dk < bc) active[(r + dr) * bc + k + dk] = 1;
    }
  for (let b = 0; b < bc * br; b++) {
    if (!active[b]) continue;
    const r0 = ((b / bc) | 0) * BLOCK;
    const k0 = (b % bc) * BLOCK;
    for (let r = r0; r < Math.min(rows, r0 + BLOCK); r++)
      for (let k = k0; k < Math.min(cols, k0 + BLOCK); k++) fill(r * cols + k);
  }
  return { grid, luma, chroma, seen, active, blockCols: bc, blockRows: br, clothLuma, clothChroma };
};
