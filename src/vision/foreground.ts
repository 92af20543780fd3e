// The foreground at reduced resolution: every reduced pixel that is not cloth, and the connected
// pieces it makes (one ball, a cluster of touching balls, a ball with a cue or an arm over it). Each
// piece is then looked at closely, at full resolution, by the candidate stage.
import { isForeground, type ClothModel } from './cloth.ts';
import { Region, rowOnTable, type VisionGeometry } from './geometry.ts';
import type { ReducedFrame } from './reduce.ts';

/** A connected piece of foreground; bounds in reduced pixels, inclusive. */
export interface Component {
  /** Its number in the label image (from 1). */
  readonly label: number;
  readonly area: number;
  readonly i0: number;
  readonly j0: number;
  readonly i1: number;
  readonly j1: number;
}

export interface ForegroundOptions {
  /** Pieces smaller than this share of a ball's apparent area are noise or a ball hidden almost whole. */
  readonly minBallShare: number;
  /** Above this share of the bed in the foreground, it is not an even cloth: no table there. */
  readonly maxBedShare: number;
}

// Twenty-two balls cover under 1 % of the bed; a player leaning over it, 10–15 %.
export const DEFAULT_FOREGROUND_OPTIONS: ForegroundOptions = { minBallShare: 0.25, maxBedShare: 0.35 };

/** The label image of a frame's pieces: each reduced pixel's piece number, 0 for none. */
export interface Labels {
  readonly rw: number;
  readonly labels: Int32Array;
}

/** The reduced foreground mask (only where a ball can appear: geometry's regions), and the share of
 * the bed's reduced pixels in it. */
export const foregroundMask = (
  frame: ReducedFrame,
  g: VisionGeometry,
  cloth: ClothModel,
  out?: Uint8Array,
): { mask: Uint8Array; bedShare: number } => {
  const { rw, rh } = frame;
  const mask = out && out.length === rw * rh ? out : new Uint8Array(rw * rh);
  const d = frame.data;
  const region = g.region;
  const B = cloth.blockSize;
  const { colour, invcc, e2max, dark, bright } = cloth;
  let bed = 0;
  let bedForeground = 0;
  for (let j = 0; j < rh; j++) {
    // Only the row's span on the table is read (rowOnTable): the rest is outside, clear (at 1080p
    // 40 % of the reduced frame; the mask took 0.80 ms a 1080p frame of the tuning split reading it
    // all, 0.60 as this).
    const row = j * rw;
    const span = rowOnTable(g, j);
    if (!span) {
      mask.fill(0, row, row + rw);
      continue;
    }
    const [first, last] = span;
    mask.fill(0, row, row + first);
    mask.fill(0, row + last + 1, row + rw);
    const rowBlock = Math.floor(j / B) * cloth.bw;
    for (let i0 = first - (first % B), b = rowBlock + i0 / B; i0 <= last; i0 += B, b++) {
      // One cloth block at a time: its colour and thresholds held in locals for the bed's fast path.
      const cr = colour[3 * b] as number;
      const cg = colour[3 * b + 1] as number;
      const cb = colour[3 * b + 2] as number;
      const inv = invcc[b] as number;
      const emax = e2max[b] as number;
      const i1 = Math.min(last + 1, i0 + B);
      for (let k = row + Math.max(i0, first); k < row + i1; k++) {
        const reg = region[k] as number;
        if (reg === Region.outside) {
          mask[k] = 0;
          continue;
        }
        const r = d[3 * k] as number;
        const gr = d[3 * k + 1] as number;
        const bl = d[3 * k + 2] as number;
        if (reg !== Region.cloth) {
          mask[k] = isForeground(cloth, b, reg, r, gr, bl) ? 1 : 0;
          continue;
        }
        const pc = r * cr + gr * cg + bl * cb;
        const kk = pc * inv;
        const e2 = r * r + gr * gr + bl * bl - pc * kk;
        const fg = e2 > emax || kk < dark || kk > bright ? 1 : 0;
        mask[k] = fg;
        bed++;
        bedForeground += fg;
      }
    }
  }
  return { mask, bedShare: bed > 0 ? bedForeground / bed : 1 };
};

/** A mask's bytes four at a time, where its offset allows (to pass over clear stretches at once). */
export const maskWords = (mask: Uint8Array): Uint32Array | undefined =>
  mask.byteOffset % 4 === 0 ? new Uint32Array(mask.buffer, mask.byteOffset, mask.length >> 2) : undefined;

/**
 * Connected pieces (8-neighbours) of a mask, those big enough to be (most of) a ball, numbered in
 * `labels` (which is overwritten; pieces too small keep their pixels at −1).
 */
export const components = (
  mask: Uint8Array,
  g: VisionGeometry,
  labels: Int32Array,
  stack: Int32Array,
  o: ForegroundOptions = DEFAULT_FOREGROUND_OPTIONS,
): Component[] => {
  const { rw, rh } = g;
  const seen = labels;
  seen.fill(0, 0, rw * rh);
  const rMin = g.minRadius / g.scale;
  const minArea = o.minBallShare * Math.PI * rMin * rMin;
  const out: Component[] = [];
  // Most of the frame is cloth: four mask bytes are passed over at once where all are clear.
  const words = maskWords(mask);
  for (let start = 0; start < mask.length; start++) {
    if (words && (start & 3) === 0 && start + 4 <= mask.length && words[start >> 2] === 0) {
      start += 3;
      continue;
    }
    if (!mask[start] || seen[start]) continue;
    let top = 0;
    stack[top++] = start;
    const label = out.length + 1;
    seen[start] = label;
    let area = 0;
    let i0 = rw;
    let j0 = rh;
    let i1 = -1;
    let j1 = -1;
    while (top > 0) {
      const k = stack[--top] as number;
      area++;
      const i = k % rw;
      const j = (k - i) / rw;
      if (i < i0) i0 = i;
      if (i > i1) i1 = i;
      if (j < j0) j0 = j;
      if (j > j1) j1 = j;
      for (let dj = -1; dj <= 1; dj++) {
        const y = j + dj;
        if (y < 0 || y >= rh) continue;
        for (let di = -1; di <= 1; di++) {
          const x = i + di;
          if (x < 0 || x >= rw) continue;
          const q = y * rw + x;
          if (mask[q] && !seen[q]) {
            seen[q] = label;
            stack[top++] = q;
          }
        }
      }
    }
    if (area >= minArea) {
      out.push({ label, area, i0, j0, i1, j1 });
      continue;
    }
    // Too small: mark its pixels −1 (seen, no piece), walking it again.
    stack[0] = start;
    top = 1;
    seen[start] = -1;
    while (top > 0) {
      const k = stack[--top] as number;
      const i = k % rw;
      const j = (k - i) / rw;
      for (let dj = -1; dj <= 1; dj++) {
        const y = j + dj;
        if (y < 0 || y >= rh) continue;
        for (let di = -1; di <= 1; di++) {
          const x = i + di;
          if (x < 0 || x >= rw) continue;
          const q = y * rw + x;
          if (seen[q] === label) {
            seen[q] = -1;
            stack[top++] = q;
          }
        }
      }
    }
  }
  return out;
};
