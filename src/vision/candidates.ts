// Ball candidates inside one foreground piece, at full resolution: the piece's outline against the
// cloth votes, each outline pixel for the point one apparent ball radius inside it (the calibration
// gives that radius at every place). A ball's outline is a circle of that radius, so its votes meet
// at its centre; a pack of touching reds still shows every ball's outline between the balls (the
// cloth in the gaps), so each ball gets its own peak; the straight edges of a cue or an arm spread
// their votes along a line and make no peak. Votes are counted as a share of a full circle, so a
// ball half under an arm still peaks, at half the height.
import { blockOf, isForeground, type ClothModel } from './cloth.ts';
import { apparentRadius, Region, type VisionGeometry } from './geometry.ts';
import type { Component, Labels } from './foreground.ts';
import type { RgbImage } from '../core/image.ts';

export interface Candidate {
  /** Centre of the ball's outline in the full image, px. */
  readonly u: number;
  readonly v: number;
  /** Apparent radius there, px. */
  readonly radius: number;
  /** Votes as a share of a whole circle's outline. */
  readonly support: number;
}

export interface CandidateOptions {
  /** A peak needs at least this share of a circle's outline voting for it. */
  readonly minSupport: number;
  /** Peaks closer than this many radii are one ball (touching balls are two radii apart). */
  readonly separation: number;
  /**
   * A polished ball whose rim mirrors the cloth shows the cloth model only its body, a disc smaller
   * than the ball: held-out 17's reds on the cream cloth, their rims a quarter of their radius wide,
   * votes cast one ball radius in from the body's outline spread over a ring round the centre and
   * peak nowhere (5 of the 14 pieces of 10 201 000 gave no candidate). A piece with no candidate is
   * voted again for discs of this share of the radius, and what it finds is placed by its limb
   * (Locator.fitPieces). Found there, such balls no longer wait for the limb stage's search over the
   * frame: held-out 17's Locator 17.8 → 11.1 ms a 1080p frame, 33.5 → 18.8 ms at 4K (medians, A/B
   * alternating in one process; the other splits through held-out 18 within ±5 %), every ball found
   * as before on every split through held-out 18 and placed as well (RMS 0.880 → 0.881 mm at 1080p,
   * 0.526 → 0.524 at 4K; the same from 0.65 to 0.85), our own renderer's and black-ball's frames
   * unchanged.
   */
  readonly mirroredBody: number;
}

// A ball in the middle of a pack shows its outline only in the gaps between its six neighbours: about
// a fifth of a circle. Weaker peaks than that are left to the fit and the verification to reject.
export const DEFAULT_CANDIDATE_OPTIONS: CandidateOptions = {
  minSupport: 0.15,
  separation: 1.3,
  mirroredBody: 0.75,
};

/** Scratch buffers reused from piece to piece and frame to frame (no per-pixel allocation). */
export class CandidateScratch {
  /** Full-resolution foreground over a piece's box (1), cloth (0). */
  mask = new Uint8Array(0);
  /** Votes over the box, and the cells that hold any (to find peaks and clear them). */
  votes = new Float32Array(0);
  touched = new Int32Array(0);
  /** Which reduced pixels of the box are the piece's or next to it. */
  active = new Uint8Array(0);
  ensure(n: number, reduced: number): void {
    if (this.active.length < reduced) this.active = new Uint8Array(reduced);
    if (this.mask.length >= n) return;
    this.mask = new Uint8Array(n);
    this.votes = new Float32Array(n);
    this.touched = new Int32Array(n);
  }
}

/** The full-resolution box (inclusive) of a piece: its reduced pixels and their neighbours. */
const pieceBox = (c: Component, g: VisionGeometry): [number, number, number, number, number, number] => {
  const i0 = Math.max(0, c.i0 - 1);
  const j0 = Math.max(0, c.j0 - 1);
  const i1 = Math.min(g.rw - 1, c.i1 + 1);
  const j1 = Math.min(g.rh - 1, c.j1 + 1);
  return [i0, j0, i1, j1, i0 * g.scale, j0 * g.scale];
};

/** A piece's full-resolution foreground: `mask` (w × h, row-major) over the box from (u0, v0). */
export interface PieceMask {
  readonly mask: Uint8Array;
  readonly u0: number;
  readonly v0: number;
  readonly w: number;
  readonly h: number;
}

/**
 * The full-resolution foreground of a piece (in the scratch's mask): its own reduced pixels and their
 * neighbours are looked at closely (a cue across the table makes a wide box of mostly cloth); the
 * rest of the box is cloth.
 */
export const maskPiece = (
  image: RgbImage,
  g: VisionGeometry,
  cloth: ClothModel,
  piece: Component,
  labels: Labels,
  scratch: CandidateScratch,
): PieceMask => {
  const { scale, rw, region } = g;
  const [ai0, aj0, ai1, aj1, u0, v0] = pieceBox(piece, g);
  const aw = ai1 - ai0 + 1;
  const ah = aj1 - aj0 + 1;
  const w = Math.min(g.width, (ai1 + 1) * scale) - u0;
  const h = Math.min(g.height, (aj1 + 1) * scale) - v0;
  const n = w * h;
  scratch.ensure(n, aw * ah);
  const { mask, active } = scratch;
  const lab = labels.labels;
  // The piece's reduced pixels and their 8 neighbours, where the scene can show a ball.
  active.fill(0, 0, aw * ah);
  for (let j = piece.j0; j <= piece.j1; j++) {
    for (let i = piece.i0; i <= piece.i1; i++) {
      if (lab[j * rw + i] !== piece.label) continue;
      for (let dj = -1; dj <= 1; dj++) {
        const y = j + dj - aj0;
        if (y < 0 || y >= ah) continue;
        for (let di = -1; di <= 1; di++) {
          const x = i + di - ai0;
          if (x >= 0 && x < aw) active[y * aw + x] = 1;
        }
      }
    }
  }
  const src = image.data;
  const W = image.width;
  const { dark, bright } = cloth;
  mask.fill(0, 0, n);
  for (let j = 0; j < ah; j++) {
    for (let i = 0; i < aw; i++) {
      if (!active[j * aw + i]) continue;
      const reg = region[(aj0 + j) * rw + ai0 + i] as number;
      if (reg === Region.outside) continue;
      const x0 = i * scale;
      const y0 = j * scale;
      const x1 = Math.min(w, x0 + scale);
      const y1 = Math.min(h, y0 + scale);
      // A reduced block lies in one cloth block: its colour and thresholds for the bed's fast path.
      const b = blockOf(cloth, u0 + x0, v0 + y0);
      const cr = cloth.colour[3 * b] as number;
      const cg = cloth.colour[3 * b + 1] as number;
      const cb = cloth.colour[3 * b + 2] as number;
      const inv = cloth.invcc[b] as number;
      const emax = cloth.e2max[b] as number;
      for (let y = y0; y < y1; y++) {
        let p = ((v0 + y) * W + u0 + x0) * 3;
        // The region is the block's: the bed's test in a loop of its own (most blocks are the bed's).
        if (reg === Region.cloth)
          for (let x = x0, q = y * w + x0; x < x1; x++, q++, p += 3) {
            const r8 = src[p] as number;
            const g8 = src[p + 1] as number;
            const b8 = src[p + 2] as number;
            const pc = r8 * cr + g8 * cg + b8 * cb;
            const kk = pc * inv;
            mask[q] = r8 * r8 + g8 * g8 + b8 * b8 - pc * kk > emax || kk < dark || kk > bright ? 1 : 0;
          }
        else
          for (let x = x0, q = y * w + x0; x < x1; x++, q++, p += 3) {
            const fg = isForeground(
              cloth,
              b,
              reg,
              src[p] as number,
              src[p + 1] as number,
              src[p + 2] as number,
            );
            mask[q] = fg ? 1 : 0;
          }
      }
    }
  }
  return { mask, u0, v0, w, h };
};

// findCandidates' steps a pixel of a piece's outline or a vote cell, as functions of their own with
// the arrays in parameters: as closures over them (the region, the votes), with the bed's test and the
// others' in one loop in maskPiece, findCandidates took 0.63 ms a 1080p frame of the tuning split, as
// these 0.52.

/** Is the static scene at full-resolution pixel (x, y) cloth we can trust (not a pocket, not beyond
 * the table)? */
const usable = (g: VisionGeometry, x: number, y: number): boolean => {
  const { rw, rh, scale } = g;
  const reg =
    g.region[Math.min(rh - 1, Math.floor(y / scale)) * rw + Math.min(rw - 1, Math.floor(x / scale))];
  return reg === Region.cloth || reg === Region.cushion || reg === Region.marking;
};

/** Add `wv` to vote cell q, noting it in `touched` (its first `n` taken) when it held none; the new count. */
const vote = (votes: Float32Array, touched: Int32Array, n: number, q: number, wv: number): number => {
  let m = n;
  if (votes[q] === 0) touched[m++] = q;
  votes[q] = (votes[q] as number) + wv;
  return m;
};

/** The sum of the 5 × 5 vote cells about cell k (rows `gw` cells long). */
const sum5 = (votes: Float32Array, gw: number, k: number): number => {
  let t = 0;
  for (let dy = -2 * gw; dy <= 2 * gw; dy += gw)
    t +=
      (votes[k + dy - 2] as number) +
      (votes[k + dy - 1] as number) +
      (votes[k + dy] as number) +
      (votes[k + dy + 1] as number) +
      (votes[k + dy + 2] as number);
  return t;
};

/**
 * Candidates in one piece of foreground: discs of `share` of the apparent ball radius (1, the ball's
 * outline; see `mirroredBody` for less), each reported with the ball's apparent radius.
 */
export const findCandidates = (
  image: RgbImage,
  g: VisionGeometry,
  cloth: ClothModel,
  piece: Component,
  labels: Labels,
  scratch: CandidateScratch,
  o: CandidateOptions = DEFAULT_CANDIDATE_OPTIONS,
  share = 1,
): Candidate[] => {
  const { scale } = g;
  const { mask, u0, v0, w, h } = maskPiece(image, g, cloth, piece, labels, scratch);
  const { votes, touched, active } = scratch;
  const [ai0, aj0, ai1, aj1] = pieceBox(piece, g);
  const aw = ai1 - ai0 + 1;
  const ah = aj1 - aj0 + 1;
  // Outline pixels vote one radius inwards, along the mask's gradient (which points into the piece).
  // The apparent radius changes by a few per cent at most across a piece: the box's middle's is used.
  const r = share * apparentRadius(g, u0 + w / 2, v0 + h / 2);
  // Votes land within a tenth of a radius or so of the centre (the outline's normals are those of a
  // pixel mask): they are gathered in cells of about that size, so a peak spans the same few cells
  // at 1080p and at 4K.
  const cell = Math.max(1, Math.round(r / 10));
  const half = (cell - 1) / 2;
  const gw = Math.ceil(w / cell);
  const gh = Math.ceil(h / cell);
  let nTouched = 0;
  for (let j = 0; j < ah; j++) {
    for (let i = 0; i < aw; i++) {
      if (!active[j * aw + i]) continue;
      const x0 = Math.max(1, i * scale);
      const y0 = Math.max(1, j * scale);
      const x1 = Math.min(w - 1, i * scale + scale);
      const y1 = Math.min(h - 1, j * scale + scale);
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const k = y * w + x;
          if (!mask[k]) continue;
          // An outline pixel: a 4-neighbour is cloth the scene lets us trust.
          const edge =
            (!mask[k - 1] && usable(g, u0 + x - 1, v0 + y)) ||
            (!mask[k + 1] && usable(g, u0 + x + 1, v0 + y)) ||
            (!mask[k - w] && usable(g, u0 + x, v0 + y - 1)) ||
            (!mask[k + w] && usable(g, u0 + x, v0 + y + 1));
          if (!edge) continue;
          const gx =
            (mask[k - w + 1] as number) +
            2 * (mask[k + 1] as number) +
            (mask[k + w + 1] as number) -
            (mask[k - w - 1] as number) -
            2 * (mask[k - 1] as number) -
            (mask[k + w - 1] as number);
          const gy =
            (mask[k + w - 1] as number) +
            2 * (mask[k + w] as number) +
            (mask[k + w + 1] as number) -
            (mask[k - w - 1] as number) -
            2 * (mask[k - w] as number) -
            (mask[k - w + 1] as number);
          const len = Math.sqrt(gx * gx + gy * gy);
          if (len === 0) continue;
          const tx = (x + (gx / len) * r - half) / cell;
          const ty = (y + (gy / len) * r - half) / cell;
          const ix = Math.floor(tx);
          const iy = Math.floor(ty);
          if (ix < 2 || iy < 2 || ix >= gw - 3 || iy >= gh - 3) continue;
          const fx = tx - ix;
          const fy = ty - iy;
          const q = iy * gw + ix;
          nTouched = vote(votes, touched, nTouched, q, (1 - fx) * (1 - fy));
          nTouched = vote(votes, touched, nTouched, q + 1, fx * (1 - fy));
          nTouched = vote(votes, touched, nTouched, q + gw, (1 - fx) * fy);
          nTouched = vote(votes, touched, nTouched, q + gw + 1, fx * fy);
        }
      }
    }
  }

  // Votes of one circle land within a couple of cells of its centre: a peak is a local maximum of
  // the 5 × 5 sums, with enough of them.
  const minVotes = o.minSupport * 2 * Math.PI * r;
  const peaks: { k: number; s: number }[] = [];
  for (let t = 0; t < nTouched; t++) {
    const k = touched[t] as number;
    const x = k % gw;
    const y = (k - x) / gw;
    if (x < 3 || y < 3 || x >= gw - 3 || y >= gh - 3) continue;
    const s = sum5(votes, gw, k);
    if (s < minVotes) continue;
    if (
      s < sum5(votes, gw, k - 1) ||
      s <= sum5(votes, gw, k + 1) ||
      s < sum5(votes, gw, k - gw) ||
      s <= sum5(votes, gw, k + gw) ||
      s < sum5(votes, gw, k - gw - 1) ||
      s <= sum5(votes, gw, k + gw + 1) ||
      s < sum5(votes, gw, k - gw + 1) ||
      s <= sum5(votes, gw, k + gw - 1)
    )
      continue;
    peaks.push({ k, s });
  }
  // Peaks, strongest first, at least `separation` radii apart; each at the centroid of its votes.
  peaks.sort((a, b) => b.s - a.s);
  const out: Candidate[] = [];
  for (const p of peaks) {
    const x = p.k % gw;
    const y = (p.k - x) / gw;
    let sw = 0;
    let sx = 0;
    let sy = 0;
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++) {
        const wv = votes[(y + dy) * gw + x + dx] as number;
        sw += wv;
        sx += wv * dx;
        sy += wv * dy;
      }
    }
    const u = u0 + (x + sx / sw) * cell + half;
    const v = v0 + (y + sy / sw) * cell + half;
    if (out.some((c) => Math.hypot(c.u - u, c.v - v) < o.separation * r)) continue;
    out.push({ u, v, radius: apparentRadius(g, u, v), support: p.s / (2 * Math.PI * r) });
  }
  for (let t = 0; t < nTouched; t++) votes[touched[t] as number] = 0;
  return out;
};
