// A row of tiles side by side that the seams between them did not split (a hand face down, the
// boneyard): black backs touching make one blob, and the seam between two of them is a hairline
// (~1 mm, at ~1 px/mm) that shows only here and there — under a warm or dim lamp the blob is a
// rectangle of the tile's length by n tiles' widths, often with a stray part of a tile or a shadow
// joined to it. The blob's own rectangle (the smallest that holds it, its edges read where its rows
// are mostly face) says how many tiles it holds and where; each is then judged on its own as a whole
// face (detector.ts: face down unless it shows pips or a line).
import type { TileSize } from '../equipment.ts';
import type { WholeShape } from './shapes.ts';

/** A tile's span counts as filled when its cells are at least this share of its rectangle. */
const TILE_FILL = 0.6;
/** A row's or column's count of cells under this share of the fullest one is a stray, not the blob. */
const TRIM = 0.3;

/**
 * The tiles of a row side by side in a piece of mask (its cells as indices in `cells`, of a plan grid
 * `cols` wide, `step` mm a cell, cell (0, 0) at x0, y0): [] when the piece is not such a row.
 */
export const rowOfTiles = (
  cells: Int32Array,
  cols: number,
  step: number,
  x0: number,
  y0: number,
  tile: TileSize,
): WholeShape[] => {
  const { length: L, width: W } = tile;
  const n = cells.length;
  // The smallest rectangle (of min-max extents) over the piece's directions, 3° apart then 0.5°.
  let cx = 0;
  let cy = 0;
  for (let j = 0; j < n; j++) {
    const i = cells[j] as number;
    cx += i % cols;
    cy += (i / cols) | 0;
  }
  cx /= n;
  cy /= n;
  const areaAt = (a: number): number => {
    const c = Math.cos(a);
    const s = Math.sin(a);
    let u0 = Infinity;
    let u1 = -Infinity;
    let v0 = Infinity;
    let v1 = -Infinity;
    for (let j = 0; j < n; j += 2) {
      const i = cells[j] as number;
      const x = (i % cols) - cx;
      const y = ((i / cols) | 0) - cy;
      const u = x * c + y * s;
      const v = y * c - x * s;
      if (u < u0) u0 = u;
      if (u > u1) u1 = u;
      if (v < v0) v0 = v;
      if (v > v1) v1 = v;
    }
    return (u1 - u0) * (v1 - v0);
  };
  let best = 0;
  let bestArea = Infinity;
  for (let d = 0; d < 90; d += 3) {
    const a = areaAt((d * Math.PI) / 180);
    if (a < bestArea) [best, bestArea] = [d, a];
  }
  for (let d = best - 2.5; d <= best + 2.5; d += 0.5) {
    const a = areaAt((d * Math.PI) / 180);
    if (a < bestArea) [best, bestArea] = [d, a];
  }
  const a = (best * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  // Counts of cells per 1-cell row and column of the rectangle; its edges where they are mostly face.
  const R = Math.ceil((4 * L) / step);
  const hu = new Int32Array(2 * R + 1);
  const hv = new Int32Array(2 * R + 1);
  for (let j = 0; j < n; j++) {
    const i = cells[j] as number;
    const x = (i % cols) - cx;
    const y = ((i / cols) | 0) - cy;
    const u = Math.round(x * c + y * s) + R;
    const v = Math.round(y * c - x * s) + R;
    if (u < 0 || v < 0 || u > 2 * R || v > 2 * R) return [];
    hu[u] = (hu[u] as number) + 1;
    hv[v] = (hv[v] as number) + 1;
  }
  const span = (h: Int32Array): [number, number] => {
    const top = Math.max(...h);
    let lo = 0;
    while ((h[lo] as number) < TRIM * top) lo++;
    let hi = h.length - 1;
    while ((h[hi] as number) < TRIM * top) hi--;
    return [lo - R - 0.5, hi - R + 0.5];
  };
  const su = span(hu);
  const sv = span(hv);
  const eu = (su[1] - su[0]) * step;
  const ev = (sv[1] - sv[0]) * step;
  // The tile's length across the row (its rounded rim darkened out: a little short), the row along.
  // Two tiles side by side make a square: the row runs across the seam, where the blob's count of
  // cells dips (the seam's lit rims are left out of the mask) — the deeper dip of the two.
  const dip = (h: Int32Array, sp: [number, number]): number => {
    const m = Math.round((sp[0] + sp[1]) / 2) + R;
    let low = Infinity;
    for (let k = m - 2; k <= m + 2; k++) low = Math.min(low, h[k] as number);
    return low / Math.max(1, Math.max(...h));
  };
  const square = Math.abs(eu - ev) < 0.25 * W;
  const rowAlongU = square ? dip(hu, su) < dip(hv, sv) : Math.abs(ev - L) < Math.abs(eu - L);
  const [across, along, alongSpan, acrossSpan] = rowAlongU ? [ev, eu, su, sv] : [eu, ev, sv, su];
  if (across < 0.85 * L || across > 1.12 * L) return [];
  // Tiles in a hand lie a hair apart (~1 mm).
  const count = Math.round(along / (W + 0.6));
  if (count < 2 || Math.abs(along - count * (W + 0.6)) > 0.4 * W) return [];
  const pitch = along / count;
  // The row's direction and the direction across it (the tile's length), in the plan.
  const [rx, ry, ax, ay] = rowAlongU ? [c, s, -s, c] : [-s, c, c, s];
  const midAcross = (acrossSpan[0] + acrossSpan[1]) / 2;
  // Each tile's share of face: the cells that fall in its span of the row.
  const inTile = new Int32Array(count);
  for (let j = 0; j < n; j++) {
    const i = cells[j] as number;
    const x = (i % cols) - cx;
    const y = ((i / cols) | 0) - cy;
    const t = Math.floor(((x * rx + y * ry - alongSpan[0]) * step) / pitch);
    const q = (x * ax + y * ay - acrossSpan[0]) * step;
    if (t >= 0 && t < count && q >= 0 && q <= across) inTile[t] = (inTile[t] as number) + 1;
  }
  const out: WholeShape[] = [];
  for (let t = 0; t < count; t++) {
    const fill = ((inTile[t] as number) * step * step) / (pitch * across);
    if (fill < TILE_FILL) continue;
    const u = alongSpan[0] + ((t + 0.5) * pitch) / step;
    out.push({
      kind: 'whole',
      x: x0 + (cx + u * rx + midAcross * ax) * step,
      y: y0 + (cy + u * ry + midAcross * ay) * step,
      // The tile's length lies across the row.
      theta: Math.atan2(ay, ax),
      fill,
      endToEnd: false,
    });
  }
  return out;
};
