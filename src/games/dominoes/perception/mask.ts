// Which plan cells are the flat of a tile's face. The cloth's level is the median of the table (most
// of it is cloth). Ivory: a cell well above the cloth and within ~40 % of the brightest face near it
// (the plan's block maxima, so a face in an arm's shadow still counts), which leaves out the dark pips, the
// dividing line, and the rounded edges and the shadowed seam between touching tiles — so the faces
// fall apart into halves. Black tiles: a cell not bright and of much less colour than the cloth (a
// black glaze is grey where it mirrors the lamps, never green, blue or red), which leaves out the
// white pips and line, and the rounded edges catching the room's light (thin ridges) — then grown
// into its rim where a warm lamp tints it (growRims).
import { BLOCK, type PlanFrame } from './rectify.ts';

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

  /** A cell this much darker (ivory; lighter, black) than the cells two steps away on both sides, in
   * any of four directions, is a seam or a line, not face (a share of the local face level). */
  readonly valley: number;
  /** A black face's rim or glaze under a warm lamp (tinted by it, JPEG's coarse colour bleeding the
   * cloth's in): a cell under this share of the cloth's brightness and of under `rimSaturation` of
   * its saturation, joined to black face within `rimDepth` cells of such cells, is black face too. */
  readonly rimLuma: number;
  readonly rimSaturation: number;
  readonly rimDepth: number;
}

export const DEFAULT_MASK: MaskOptions = {
  faceShare: 0.8,
  overCloth: 1.5,
  underCloth: 0.55,
  blackCeiling: 2.7,
  valley: 0.06,
  rimLuma: 0.7,
  rimSaturation: 0.8,
  rimDepth: 3,
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

/** Is a cell within 2 cells (across or along) of one brighter than `bright`? */
const besideMark = (l: Uint8Array, i: number, cols: number, bright: number): boolean =>
  (l[i - 1] as number) > bright ||
  (l[i + 1] as number) > bright ||
  (l[i - 2] as number) > bright ||
  (l[i + 2] as number) > bright ||
  (l[i - cols] as number) > bright ||
  (l[i + cols] as number) > bright ||
  (l[i - 2 * cols] as number) > bright ||
  (l[i + 2 * cols] as number) > bright;

export interface FaceMasks {
  readonly ivory: Uint8Array;
  readonly black: Uint8Array;
  /** Cells a black face could be (grey and under the black ceiling), thin ridges and all. */
  readonly dark: Uint8Array;
  readonly clothLuma: number;
  readonly clothChroma: number;
}

/** The masks for a plan frame; `into`: last frame's masks, their buffers reused. */
export const faceMasks = (f: PlanFrame, o: MaskOptions = DEFAULT_MASK, into?: FaceMasks): FaceMasks => {
  const { cols, rows } = f.grid;
  const { clothLuma, clothChroma, blockCols: bc, blockRows: br } = f;
  // Block maxima of brightness, then the largest over each block's 3 × 3 neighbourhood.
  const bmax = new Uint8Array(bc * br);
  forEachActive(f, (r0, r1, k0, k1, b) => {
    let m = 0;
    for (let r = r0; r < r1; r++)
      for (let k = k0; k < k1; k++) {
        const v = f.luma[r * cols + k] as number;
        if (v > m) m = v;
      }
    bmax[b] = m;
  });
  const ivory = into ? into.ivory.fill(0) : new Uint8Array(cols * rows);
  const black = into ? into.black.fill(0) : new Uint8Array(cols * rows);
  const dark = into ? into.dark.fill(0) : new Uint8Array(cols * rows);
  const floorLuma = clothLuma * o.overCloth;
  const ceilLuma = clothLuma * o.blackCeiling;
  // Colour per unit of brightness (saturation), so that a black glaze lit warm or mirroring a lamp
  // still counts as grey beside the cloth.
  const blackSaturation = (o.underCloth * clothChroma) / Math.max(1, clothLuma);
  const rimLuma = clothLuma * o.rimLuma;
  const rimSaturation = (o.rimSaturation * clothChroma) / Math.max(1, clothLuma);
  const tinted: number[] = [];
  forEachActive(f, (r0, r1, k0, k1, b) => {
    const br0 = (b / bc) | 0;
    const bk0 = b % bc;
    let level = 0;
    for (let dr = -1; dr <= 1; dr++)
      for (let dk = -1; dk <= 1; dk++) {
        const rr = br0 + dr;
        const kk = bk0 + dk;
        if (rr >= 0 && kk >= 0 && rr < br && kk < bc) level = Math.max(level, bmax[rr * bc + kk] as number);
      }
    for (let r = Math.max(2, r0); r < Math.min(rows - 2, r1); r++)
      for (let k = Math.max(2, k0); k < Math.min(cols - 2, k1); k++) {
        const i = r * cols + k;
        const v = f.luma[i] as number;
        // Most cells are plain cloth: neither bright enough for ivory nor grey enough for black. A
        // cell darker than the cloth beside a white mark (a black tile's pip or line) may be black
        // face of any colour: JPEG's coarse colour bleeds the mark's (a warm lamp's) into the face
        // around it — face beside a line for its strokes (lines.ts), and for the face's shape unless
        // a thin seam between two tiles' lit rims.
        const grey = (f.chroma[i] as number) < blackSaturation * Math.max(v, 8);
        const fringe = !grey && v < clothLuma && besideMark(f.luma, i, cols, ceilLuma);
        if (!f.seen[i]) continue;
        if (v <= floorLuma && !grey && !fringe) {
          // Maybe a black face's tinted rim (growRims).
          if (v < rimLuma && (f.chroma[i] as number) < rimSaturation * Math.max(v, 8)) tinted.push(i);
          continue;
        }
        if (v > floorLuma && (v > ceilLuma || !grey) && v >= level * o.faceShare) {
          if (!valley(f.luma, i, cols, Math.max(6, o.valley * level), 1)) ivory[i] = 1;
        } else if (v < ceilLuma && grey) {
          dark[i] = 1;
          if (!valley(f.luma, i, cols, Math.max(6, o.valley * clothLuma), -1)) black[i] = 1;
        } else if (fringe) {
          dark[i] = 1;
          // Not the seam between two tiles side by side (a thin valley between their lit rims).
          if (!valley(f.luma, i, cols, Math.max(6, o.valley * level), 1)) black[i] = 1;
        }
      }
  });
  growRims(f, o, tinted, black, dark, ivory);
  return { ivory, black, dark, clothLuma, clothChroma };
};

/**
 * Black face grown into its tinted rim (mask options `rim…`): under a warm lamp a black tile's rounded
 * edges, and patches of its glaze, mirror the lamp's colour, and through JPEG the cloth's colour bleeds
 * in; such cells are darker than the cloth (not a lit mark) but too coloured for the black mask, so a
 * face-down tile's back came out some 3 mm short at each end and side and was no tile's shape (tuning
 * seeds 3005, 3113, 9417: backs 41–46 mm long). A cloth's shadow is as saturated as the cloth, and
 * the cells a valley or ridge left out (dark) stay out. Grown into every such cell, seams between the
 * backs of a hand filled and its rows were lost (3018, 3019), so a cell between two faces stays out;
 * so do a back's holes (3007's patchy backs are still missed).
 * `tinted`: the cells dark and grey enough to be such a rim, found by faceMasks' walk.
 */
const growRims = (
  f: PlanFrame,
  o: MaskOptions,
  tinted: readonly number[],
  black: Uint8Array,
  dark: Uint8Array,
  ivory: Uint8Array,
): void => {
  const { cols, rows } = f.grid;
  const ceil = f.clothLuma * o.rimLuma;
  const sat = (o.rimSaturation * f.clothChroma) / Math.max(1, f.clothLuma);
  // A cell with black face (as first masked: 1, grown: 2; darker than the cloth, not a side of a tile
  // catching the lamp) within 3 cells on both sides, in any of four directions, lies between two faces
  // — the seam between touching tiles, or a hole — and stays out: a tile is convex, so its own rim has
  // face on one side only.
  const face = (j: number): boolean => black[j] === 1 && (f.luma[j] as number) < f.clothLuma;
  const first = (i: number, u: number): boolean => face(i + u) || face(i + 2 * u) || face(i + 3 * u);
  const between = (i: number): boolean => {
    for (let q = 0; q < 4; q++) {
      const u = q === 0 ? 1 : q === 1 ? cols : q === 2 ? cols + 1 : cols - 1;
      if (first(i, u) && first(i, -u)) return true;
    }
    return false;
  };
  const rim = (i: number): boolean => {
    if (black[i] || dark[i] || ivory[i] || !f.seen[i]) return false;
    const v = f.luma[i] as number;
    return v < ceil && (f.chroma[i] as number) < sat * Math.max(v, 8) && !between(i);
  };
  let front: number[] = [];
  for (const i of tinted) {
    const k = i % cols;
    const r = (i / cols) | 0;
    if (k < 4 || r < 4 || k >= cols - 4 || r >= rows - 4) continue;
    if ((black[i - 1] || black[i + 1] || black[i - cols] || black[i + cols]) && rim(i)) front.push(i);
  }
  for (const i of front) black[i] = 2;
  for (let d = 1; d < o.rimDepth && front.length > 0; d++) {
    const next: number[] = [];
    for (const i of front) {
      const k = i % cols;
      const r = (i / cols) | 0;
      if (k < 4 || r < 4 || k >= cols - 4 || r >= rows - 4) continue;
      for (let q = 0; q < 4; q++) {
        const j = q === 0 ? i - 1 : q === 1 ? i + 1 : q === 2 ? i - cols : i + cols;
        if (rim(j)) {
          black[j] = 2;
          next.push(j);
        }
      }
    }
    front = next;
  }
};

/** Calls `visit` with each filled block's rows [r0, r1) and columns [k0, k1) and its index. */
export const forEachActive = (
  f: PlanFrame,
  visit: (r0: number, r1: number, k0: number, k1: number, b: number) => void,
): void => {
  const { cols, rows } = f.grid;
  for (let b = 0; b < f.active.length; b++) {
    if (!f.active[b]) continue;
    const r0 = ((b / f.blockCols) | 0) * BLOCK;
    const k0 = (b % f.blockCols) * BLOCK;
    visit(r0, Math.min(rows, r0 + BLOCK), k0, Math.min(cols, k0 + BLOCK), b);
  }
};

/** The cells of the filled blocks, for `pieces` to start from (a face is only ever in them). */
export const activeCells =
  (f: PlanFrame) =>
  (visit: (i: number) => void): void =>
    forEachActive(f, (r0, r1, k0, k1) => {
      const cols = f.grid.cols;
      for (let r = r0; r < r1; r++) for (let k = k0; k < k1; k++) visit(r * cols + k);
    });
