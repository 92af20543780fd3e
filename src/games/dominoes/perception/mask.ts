// Which plan cells are the flat of a tile's face. The cloth's level is the median of the table (most
// of it is cloth). Ivory: a cell well above the cloth and within ~40 % of the brightest face near it
// (block maxima, so a face in an arm's shadow still counts), which leaves out the dark pips, the
// dividing line, and the rounded edges and the shadowed seam between touching tiles — so the faces
// fall apart into halves. Black tiles: a cell not bright and of much less colour than the cloth (a
// black glaze is grey where it mirrors the lamps, never green, blue or red), which leaves out the
// white pips and line, and the rounded edges catching the room's light (thin ridges).
import type { PlanFrame } from './rectify.ts';

export interface MaskOptions {
  /** A face cell is at least this share of the brightest face near it. */
  readonly faceShare: number;
  /** … and at least this many times the cloth's brightness. */
  readonly overCloth: number;
  /** A black face's saturation (chroma over brightness) is under this share of the cloth's. */
  readonly underCloth: number;
  /** A black face (even where its glaze mirrors the lamps) is under this many times the cloth's
   * brightness, an ivory face over it (tuning frames: black ≤ 2.2, ivory ≥ 3.4). */
  readonly blackCeiling: number;
  /** Side of the blocks whose maxima set the local face level, cells. */
  readonly block: number;

  /** A cell this much darker (ivory; lighter, black) than the cells two steps away on both sides, in
   * any of four directions, is a seam or a line, not face (a share of the local face level). */
  readonly valley: number;
}

export const DEFAULT_MASK: MaskOptions = {
  faceShare: 0.8,
  overCloth: 1.5,
  underCloth: 0.55,
  blackCeiling: 2.7,
  block: 12,
  valley: 0.06,
};

/** The median of the seen cells (every third one: plenty for a level). */
const median = (values: Uint8Array, seen: Uint8Array): number => {
  const hist = new Uint32Array(256);
  let n = 0;
  for (let i = 0; i < values.length; i += 3)
    if (seen[i]) {
      hist[values[i] as number] = (hist[values[i] as number] as number) + 1;
      n++;
    }
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v] as number;
    if (acc * 2 >= n) return v;
  }
  return 255;
};

/**
 * Is cell i a thin valley (sign 1: darker than the cells two away on both sides; −1: a thin ridge) in
 * any of the four directions, by more than `depth`? The seam between touching tiles is such a valley
 * (their rounded edges turn from the light), and so is the dividing line — but the line stops short
 * of the tile's long edges, so the two halves of a tile stay joined at its ends and its whole face
 * is one piece, while touching tiles fall apart.
 */
const valley = (l: Uint8Array, i: number, cols: number, depth: number, sign: 1 | -1): boolean => {
  const v = (l[i] as number) * sign;
  for (let k = 0; k < 4; k++) {
    const d = k === 0 ? 2 : k === 1 ? 2 * cols : k === 2 ? 2 * cols + 2 : 2 * cols - 2;
    const a = (l[i - d] as number) * sign;
    const b = (l[i + d] as number) * sign;
    if ((a < b ? a : b) - v > depth) return true;
  }
  return false;
};

export interface FaceMasks {
  readonly ivory: Uint8Array;
  readonly black: Uint8Array;
  readonly clothLuma: number;
  readonly clothChroma: number;
}

/** The masks for a plan frame; `into`: last frame's masks, their buffers reused. */
export const faceMasks = (f: PlanFrame, o: MaskOptions = DEFAULT_MASK, into?: FaceMasks): FaceMasks => {
  const { cols, rows } = f.grid;
  const clothLuma = median(f.luma, f.seen);
  const clothChroma = median(f.chroma, f.seen);
  // Block maxima of brightness, then the largest over each block's 3 × 3 neighbourhood.
  const bc = Math.ceil(cols / o.block);
  const br = Math.ceil(rows / o.block);
  const bmax = new Uint8Array(bc * br);
  const blocks = Int32Array.from({ length: cols }, (_, k) => (k / o.block) | 0);
  for (let r = 0; r < rows; r++) {
    const rb = ((r / o.block) | 0) * bc;
    const row = r * cols;
    for (let k = 0; k < cols; k++) {
      const v = f.luma[row + k] as number;
      const j = rb + (blocks[k] as number);
      if (v > (bmax[j] as number)) bmax[j] = v;
    }
  }
  const near = new Uint8Array(bc * br);
  for (let r = 0; r < br; r++)
    for (let k = 0; k < bc; k++) {
      let m = 0;
      for (let dr = -1; dr <= 1; dr++)
        for (let dk = -1; dk <= 1; dk++) {
          const rr = r + dr;
          const kk = k + dk;
          if (rr >= 0 && kk >= 0 && rr < br && kk < bc) m = Math.max(m, bmax[rr * bc + kk] as number);
        }
      near[r * bc + k] = m;
    }
  const ivory = into ? into.ivory.fill(0) : new Uint8Array(cols * rows);
  const black = into ? into.black.fill(0) : new Uint8Array(cols * rows);
  const floorLuma = clothLuma * o.overCloth;
  const ceilLuma = clothLuma * o.blackCeiling;
  // Colour per unit of brightness (saturation), so that a black glaze lit warm or mirroring a lamp
  // still counts as grey beside the cloth.
  const blackSaturation = (o.underCloth * clothChroma) / Math.max(1, clothLuma);
  for (let r = 2; r < rows - 2; r++) {
    const rb = ((r / o.block) | 0) * bc;
    for (let k = 2; k < cols - 2; k++) {
      const i = r * cols + k;
      const v = f.luma[i] as number;
      // Most cells are plain cloth: neither bright enough for ivory nor grey enough for black.
      const grey = (f.chroma[i] as number) < blackSaturation * Math.max(v, 8);
      if (!f.seen[i] || (v <= floorLuma && !grey)) continue;
      const level = near[rb + (blocks[k] as number)] as number;
      if (v > floorLuma && (v > ceilLuma || !grey) && v >= level * o.faceShare) {
        if (!valley(f.luma, i, cols, Math.max(6, o.valley * level), 1)) ivory[i] = 1;
      } else if (v < ceilLuma && grey && !valley(f.luma, i, cols, Math.max(6, o.valley * clothLuma), -1))
        black[i] = 1;
    }
  }
  return { ivory, black, clothLuma, clothChroma };
};
