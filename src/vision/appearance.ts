// Balls with no outline to see: in video, colour is kept at half resolution and the thin gaps of cloth
// between the reds of a pack smear away, so a ball in the middle of a pack shows no edge against the
// cloth at all. What it still shows is its own look — the same body and the same lamps' highlights
// as its neighbours, a diameter away. Where a piece of foreground is left unexplained by the balls
// fitted in it, the best-fitted of those balls is taken as a template and matched (normalised cross
// correlation of brightness) over what is left; a close match is a ball, placed where the template's
// ball would be, and its disc is then explained in turn.
import type { RgbImage } from '../core/image.ts';
import { maskPiece, type CandidateScratch } from './candidates.ts';
import type { ClothModel } from './cloth.ts';
import { pixelToCentrePlane, RayStatus, untracedBall, type FittedBall } from './fit.ts';
import type { Component, Labels } from './foreground.ts';
import type { VisionGeometry } from './geometry.ts';

export interface AppearanceOptions {
  /** An unexplained part of a piece at least this share of a ball's area is searched. */
  readonly minShare: number;
  /** Normalised cross-correlation a match needs (1 is a perfect copy). */
  readonly minScore: number;
  /** The template: the ball's inner disc, this share of its radius (its rim shows its surroundings). */
  readonly inner: number;
}

export const DEFAULT_APPEARANCE: AppearanceOptions = { minShare: 0.6, minScore: 0.8, inner: 0.85 };

/**
 * Brightness (the channels' sum) smoothed over 3 × 3 pixels, over a window of the frame: what the
 * templates are cut from and matched on. Under long strip lights a ball's highlight is a streak a
 * pixel or two wide, which the JPEG's blocks and the sensor's noise break up: matched pixel for
 * pixel, the reds in the middle of a pack matched a fitted red at 0.74–0.79 (under `minScore`) once a
 * few were placed (held-out 6, the teal opening frames: four reds missed in each); smoothed, they
 * match at 0.93–0.98.
 */
interface Shading {
  readonly x0: number;
  readonly y0: number;
  readonly w: number;
  readonly h: number;
  readonly v: Int32Array;
}

/** shadingOf's sums of three across, and its values, reused from search to search (at 4K a pack's
 * window is hundreds of thousands of pixels: held-out 12, 2 of 30 ms a frame allocated and cleared). */
let acrossBuffer = new Int32Array(0);
let shadingBuffer = new Int32Array(0);

/**
 * The smoothed brightness over [x0, x1) × [y0, y1), clipped to the frame less its outermost pixels.
 * Its values live in a buffer the next call overwrites.
 */
const shadingOf = (img: RgbImage, x0: number, y0: number, x1: number, y1: number): Shading => {
  const W = img.width;
  const a = Math.max(1, x0);
  const b = Math.max(1, y0);
  const w = Math.max(0, Math.min(W - 1, x1) - a);
  const h = Math.max(0, Math.min(img.height - 1, y1) - b);
  const d = img.data;
  // Sums of three across (each pixel's R + G + B read once, carried along the row), then of three of
  // those down.
  if (acrossBuffer.length < w * (h + 2)) acrossBuffer = new Int32Array(w * (h + 2));
  if (shadingBuffer.length < w * h) shadingBuffer = new Int32Array(w * h);
  const across = acrossBuffer;
  for (let y = 0; y < h + 2; y++) {
    let p = 3 * ((b - 1 + y) * W + a - 1);
    let left = (d[p] as number) + (d[p + 1] as number) + (d[p + 2] as number);
    let mid = (d[p + 3] as number) + (d[p + 4] as number) + (d[p + 5] as number);
    for (let x = 0; x < w; x++, p += 3) {
      const right = (d[p + 6] as number) + (d[p + 7] as number) + (d[p + 8] as number);
      across[y * w + x] = left + mid + right;
      left = mid;
      mid = right;
    }
  }
  const v = shadingBuffer;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      v[y * w + x] =
        (across[y * w + x] as number) +
        (across[(y + 1) * w + x] as number) +
        (across[(y + 2) * w + x] as number);
  return { x0: a, y0: b, w, h, v };
};

/** The smoothed brightness at integer (x, y) of the frame; −1 outside the window. */
const shade = (s: Shading, x: number, y: number): number => {
  const i = x - s.x0;
  const j = y - s.y0;
  return i < 0 || j < 0 || i >= s.w || j >= s.h ? -1 : (s.v[j * s.w + i] as number);
};

/** A sparse first look at a place reads every `SPARSE`-th of the template's pixels. */
const SPARSE = 4;

/** The template's offsets (dx, dy) and zero-mean, unit-norm values. */
interface Template {
  readonly dx: Int32Array;
  readonly dy: Int32Array;
  readonly t: Float64Array;
  /** Each pixel's offset in the shading the template was cut from (dy · w + dx), and the largest
   * |dx| or |dy|: anchored that far inside the window, every pixel is in it. */
  readonly at: Int32Array;
  readonly reach: number;
  /** Σ t and Σ t² over all the pixels and over the sparse look's (in score's order). */
  readonly tsum: number;
  readonly t2: number;
  readonly tsumSparse: number;
  readonly t2Sparse: number;
  /** The template ball's centre minus the pixel it is anchored at. */
  readonly fu: number;
  readonly fv: number;
}

const makeTemplate = (img: Shading, b: FittedBall, inner: number): Template | undefined => {
  const cx = Math.round(b.u);
  const cy = Math.round(b.v);
  const R = b.radius * inner;
  const n = Math.ceil(R);
  // The disc's pixels counted, then read into arrays of that size (pushed onto arrays, a template
  // was most of its search's garbage: 1 200 pixels at 4K).
  let count = 0;
  for (let y = -n; y <= n; y++) for (let x = -n; x <= n; x++) if (x * x + y * y <= R * R) count++;
  const dx = new Int32Array(count);
  const dy = new Int32Array(count);
  const values = new Float64Array(count);
  let k = 0;
  let sum = 0;
  for (let y = -n; y <= n; y++)
    for (let x = -n; x <= n; x++) {
      if (x * x + y * y > R * R) continue;
      const b = shade(img, cx + x, cy + y);
      if (b < 0) return undefined;
      dx[k] = x;
      dy[k] = y;
      values[k++] = b;
      sum += b;
    }
  const mean = sum / count;
  let ss = 0;
  for (let i = 0; i < count; i++) ss += ((values[i] as number) - mean) ** 2;
  const norm = Math.sqrt(ss);
  if (!(norm > 0)) return undefined;
  for (let i = 0; i < count; i++) values[i] = ((values[i] as number) - mean) / norm;
  const sums = (every: number): [number, number] => {
    let s1 = 0;
    let s2 = 0;
    for (let i = 0; i < values.length; i += every) {
      s1 += values[i] as number;
      s2 += (values[i] as number) ** 2;
    }
    return [s1, s2];
  };
  const [tsum, t2] = sums(1);
  const [tsumSparse, t2Sparse] = sums(SPARSE);
  return {
    dx,
    dy,
    t: values,
    at: Int32Array.from(dx, (x, i) => (dy[i] as number) * img.w + x),
    reach: n,
    tsum,
    t2,
    tsumSparse,
    t2Sparse,
    fu: b.u - cx,
    fv: b.v - cy,
  };
};

/**
 * Normalised cross-correlation of the template anchored at integer (x, y), over all its pixels or,
 * `sparse`, every `SPARSE`-th (a first look, before the full one).
 */
const score = (img: Shading, T: Template, x: number, y: number, sparse = false): number => {
  const n = T.t.length;
  const every = sparse ? SPARSE : 1;
  let m = 0;
  let s = 0;
  let s2 = 0;
  let st = 0;
  const i0 = x - img.x0;
  const j0 = y - img.y0;
  if (i0 >= T.reach && j0 >= T.reach && i0 + T.reach < img.w && j0 + T.reach < img.h) {
    // The whole template in the window (nearly every look): no test a pixel.
    const o = j0 * img.w + i0;
    for (let i = 0; i < n; i += every) {
      const b = img.v[o + (T.at[i] as number)] as number;
      s += b;
      s2 += b * b;
      st += b * (T.t[i] as number);
      m++;
    }
  } else
    for (let i = 0; i < n; i += every) {
      const b = shade(img, x + (T.dx[i] as number), y + (T.dy[i] as number));
      if (b < 0) return -1;
      s += b;
      s2 += b * b;
      st += b * (T.t[i] as number);
      m++;
    }
  // Σ (b − mean)·t = Σ b·t − mean·Σ t (Σ t is 0 over all the template's pixels, not over a sparse
  // subset), and the template's part is renormalised to the subset.
  const tsum = sparse ? T.tsumSparse : T.tsum;
  const varSum = s2 - (s * s) / m;
  const tVar = (sparse ? T.t2Sparse : T.t2) - (tsum * tsum) / m;
  return varSum > 0 && tVar > 0 ? (st - (s / m) * tsum) / Math.sqrt(varSum * tVar) : -1;
};

/**
 * The template: the piece's most typical ball, the one whose look best matches the others' (the median
 * of its correlations with them). The best-fitted ball is the one most seen against the cloth — the
 * apex of a pack, lit and shaded unlike the balls inside it (measured on the tuning split of the second
 * render style: the apex matched the pack's middle at 0.63–0.69, every other red at 0.86–0.95).
 */
const typicalBall = (
  image: Shading,
  balls: readonly FittedBall[],
  inner: number,
): { ball: FittedBall; template: Template } | undefined => {
  const made = balls.flatMap((ball) => {
    const template = makeTemplate(image, ball, inner);
    return template ? [{ ball, template }] : [];
  });
  if (made.length < 3) return [...made].sort((a, b) => b.ball.inliers - a.ball.inliers)[0];
  let best: { ball: FittedBall; template: Template } | undefined;
  let bestScore = -Infinity;
  for (const m of made) {
    const scores = made
      .filter((o) => o !== m)
      .map((o) =>
        score(image, m.template, Math.round(o.ball.u - m.template.fu), Math.round(o.ball.v - m.template.fv)),
      )
      .sort((a, b) => a - b);
    const median = scores[scores.length >> 1] ?? -1;
    if (median > bestScore) {
      bestScore = median;
      best = m;
    }
  }
  return best;
};

/** A ball found by its look: no edges; its outline's rays all meet its neighbours. */
const appearanceBall = (
  g: VisionGeometry,
  u: number,
  v: number,
  radius: number,
  rays: number,
): FittedBall | undefined => {
  const at = pixelToCentrePlane(g, u, v);
  return at ? untracedBall(at, u, v, radius, rays, RayStatus.blocked, 0, 'appearance') : undefined;
};

/**
 * How many of a piece's reduced pixels lie outside every ball's disc (its radius and 1.5 px) but
 * within reach (2.4 radii) of one: where a ball with no outline of its own could be.
 */
const uncovered = (
  g: VisionGeometry,
  piece: Component,
  labels: Labels,
  balls: readonly FittedBall[],
): number => {
  const near = balls.filter(
    (b) =>
      b.u >= (piece.i0 - 2) * g.scale - b.radius &&
      b.u <= (piece.i1 + 3) * g.scale + b.radius &&
      b.v >= (piece.j0 - 2) * g.scale - b.radius &&
      b.v <= (piece.j1 + 3) * g.scale + b.radius,
  );
  let n = 0;
  for (let j = piece.j0; j <= piece.j1; j++)
    for (let i = piece.i0; i <= piece.i1; i++) {
      if (labels.labels[j * labels.rw + i] !== piece.label) continue;
      const u = i * g.scale + (g.scale >> 1);
      const v = j * g.scale + (g.scale >> 1);
      // Loops, not near.some: two closures a pixel.
      let covered = false;
      let reached = false;
      for (const b of near)
        if ((b.u - u) ** 2 + (b.v - v) ** 2 <= (b.radius + 1.5) ** 2) {
          covered = true;
          break;
        }
      if (covered) continue;
      for (const b of near)
        if ((b.u - u) ** 2 + (b.v - v) ** 2 <= (2.4 * b.radius) ** 2) {
          reached = true;
          break;
        }
      if (reached) n++;
    }
  return n;
};

/**
 * Is box pixel (x, y) unexplained all round: at least 0.9 of the grid points (every `step` px) of the
 * half-radius disc about it left unexplained in `left` (w × h)? A function of its own with the mask a
 * parameter, not a closure over it (the search asks it of every grid point): with `uncovered`'s loops,
 * the stage took 0.95 of the time on held-out-12's 1080p frames (median of their ratios).
 */
const openAt = (
  left: Uint8Array,
  w: number,
  h: number,
  r: number,
  step: number,
  x: number,
  y: number,
): boolean => {
  const core = (r / 2) ** 2;
  const R = Math.floor(r / 2);
  let n = 0;
  let ok = 0;
  for (let dy = -R; dy <= R; dy += step)
    for (let dx = -R; dx <= R; dx += step) {
      if (dx * dx + dy * dy > core) continue;
      const xx = x + dx;
      const yy = y + dy;
      n++;
      if (xx >= 0 && yy >= 0 && xx < w && yy < h && left[yy * w + xx]) ok++;
    }
  return ok >= 0.9 * n;
};

/** Sub-pixel: the vertex of the parabola through three scores a pixel apart (within half a pixel). */
const vertex = (a: number, b: number, c: number): number => {
  const d = a - 2 * b + c;
  return d < 0 ? Math.max(-0.5, Math.min(0.5, (a - c) / (2 * d))) : 0;
};

/**
 * The centre of the ball a match of template `T` anchored at integer (x, y), scoring `best`, places:
 * to the sub-pixel, a parabola through the scores either side, each way.
 */
const matchCentre = (img: Shading, T: Template, x: number, y: number, best: number): [number, number] => [
  x + vertex(score(img, T, x - 1, y), best, score(img, T, x + 1, y)) + T.fu,
  y + vertex(score(img, T, x, y - 1), best, score(img, T, x, y + 1)) + T.fv,
];

/**
 * The search's grid points already looked at, by search (see findByAppearance): a point holds the
 * number of the search that last looked at it, so no clearing is needed between searches.
 */
let looked = new Int32Array(0);
let search = 0;

/**
 * Balls in the given pieces that no outline showed, found by their likeness to a ball fitted in the
 * same piece. `known` are the balls reported so far (all pieces).
 */
export const findByAppearance = (
  image: RgbImage,
  g: VisionGeometry,
  cloth: ClothModel,
  pieces: readonly Component[],
  labels: Labels,
  known: readonly FittedBall[],
  scratch: CandidateScratch,
  rays: number,
  o: AppearanceOptions = DEFAULT_APPEARANCE,
): FittedBall[] => {
  const out: FittedBall[] = [];
  for (const piece of pieces) {
    const inPiece = known.filter((b) => {
      const i = Math.floor(b.u / g.scale);
      const j = Math.floor(b.v / g.scale);
      return i >= piece.i0 && i <= piece.i1 && j >= piece.j0 && j <= piece.j1 && b.found === 'outline';
    });
    if (inPiece.length === 0) continue;
    const r = inPiece.reduce((s, b) => s + b.radius, 0) / inPiece.length;
    const ballArea = Math.PI * r * r;
    // A cheap bound first: the piece's reduced pixels that no known ball's disc covers.
    const all = [...known, ...out];
    if (uncovered(g, piece, labels, all) * g.scale * g.scale < o.minShare * ballArea) continue;
    const { mask, u0, v0, w, h } = maskPiece(image, g, cloth, piece, labels, scratch);
    const left = mask.slice(0, w * h);
    const explain = (b: { u: number; v: number; radius: number }): void => {
      const R = b.radius + 1.5;
      for (let y = Math.max(0, Math.floor(b.v - v0 - R)); y <= Math.min(h - 1, Math.ceil(b.v - v0 + R)); y++)
        for (
          let x = Math.max(0, Math.floor(b.u - u0 - R));
          x <= Math.min(w - 1, Math.ceil(b.u - u0 + R));
          x++
        )
          if ((x + u0 - b.u) ** 2 + (y + v0 - b.v) ** 2 <= R * R) left[y * w + x] = 0;
    };
    for (const b of [...known, ...out]) explain(b);
    // Search where a ball's middle could be: unexplained all round (a half-radius disc), on a grid
    // of a sixth of a radius, then pixel by pixel around the best.
    const step = Math.max(1, Math.round(r / 6));
    // The smoothed brightness as far as a template anchored in the piece's box reaches.
    const margin = Math.ceil(g.maxRadius) + step + 2;
    const shading = shadingOf(image, u0 - margin, v0 - margin, u0 + w + margin, v0 + h + margin);
    const chosen = typicalBall(shading, inPiece, o.inner);
    if (!chosen) continue;
    const { ball: template, template: T } = chosen;
    for (let first = true; ; first = false) {
      if (
        !first &&
        uncovered(g, piece, labels, [...known, ...out]) * g.scale * g.scale < o.minShare * ballArea
      )
        break;
      let best = -1;
      let bx = 0;
      let by = 0;
      if (looked.length < w * h) looked = new Int32Array(w * h);
      search = search === 0x7fffffff ? 1 : search + 1;
      if (search === 1) looked.fill(0);
      // A ball with no outline of its own is one in the middle of others: look a diameter from the
      // balls of the piece (on a grid), not all over an arm. A point within reach of several balls
      // (most of a pack's) is looked at once: it was scored again for each (the first look keeps
      // the best, ties included, so the answer is the same).
      for (const b of [...inPiece, ...out]) {
        const reach = 2.4 * r;
        const cx = b.u - u0;
        const cy = b.v - v0;
        for (
          let y = Math.max(0, Math.ceil((cy - reach) / step) * step);
          y <= Math.min(h - 1, cy + reach);
          y += step
        )
          for (
            let x = Math.max(0, Math.ceil((cx - reach) / step) * step);
            x <= Math.min(w - 1, cx + reach);
            x += step
          ) {
            const d2 = (x - cx) ** 2 + (y - cy) ** 2;
            if (d2 > reach * reach || d2 < (1.6 * r) ** 2) continue;
            if (looked[y * w + x] === search) continue;
            looked[y * w + x] = search;
            if (!left[y * w + x] || !openAt(left, w, h, r, step, x, y)) continue;
            // A look at a quarter of the pixels first: what is far from a match costs a quarter.
            if (score(shading, T, u0 + x, v0 + y, true) < o.minScore - 0.2) continue;
            const s = score(shading, T, u0 + x, v0 + y);
            if (s > best) {
              best = s;
              bx = x;
              by = y;
            }
          }
      }
      if (best < 0) break;
      const cx = bx;
      const cy = by;
      for (let y = cy - step; y <= cy + step; y++)
        for (let x = cx - step; x <= cx + step; x++) {
          const s = score(shading, T, u0 + x, v0 + y);
          if (s > best) {
            best = s;
            bx = x;
            by = y;
          }
        }
      if (best < o.minScore) break;
      const [u, v] = matchCentre(shading, T, u0 + bx, v0 + by, best);
      const ball = appearanceBall(g, u, v, template.radius, rays);
      if (!ball) break;
      out.push(ball);
      explain(ball);
    }
  }
  return out;
};

/**
 * Where a ball's look best matches its neighbours', climbing from where it was placed (pixel by pixel
 * to the best of the eight around, then sub-pixel), or undefined where no place within `reach` of its
 * radius matches at `minScore`. The template is the most typical of `neighbours` (see typicalBall).
 */
export const placeByLikeness = (
  image: RgbImage,
  g: VisionGeometry,
  ball: FittedBall,
  neighbours: readonly FittedBall[],
  reach: number,
  o: AppearanceOptions = DEFAULT_APPEARANCE,
): FittedBall | undefined => {
  const all = [ball, ...neighbours];
  const margin = Math.ceil(g.maxRadius * (1 + reach)) + 2;
  const shading = shadingOf(
    image,
    Math.floor(Math.min(...all.map((b) => b.u))) - margin,
    Math.floor(Math.min(...all.map((b) => b.v))) - margin,
    Math.ceil(Math.max(...all.map((b) => b.u))) + margin,
    Math.ceil(Math.max(...all.map((b) => b.v))) + margin,
  );
  const chosen = typicalBall(shading, neighbours, o.inner);
  if (!chosen) return undefined;
  const T = chosen.template;
  const x0 = Math.round(ball.u - T.fu);
  const y0 = Math.round(ball.v - T.fv);
  const limit = (reach * ball.radius) ** 2;
  let bx = x0;
  let by = y0;
  let best = score(shading, T, bx, by);
  for (let moved = true; moved;) {
    moved = false;
    const [cx, cy] = [bx, by];
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        if ((dx === 0 && dy === 0) || (cx + dx - x0) ** 2 + (cy + dy - y0) ** 2 > limit) continue;
        const s = score(shading, T, cx + dx, cy + dy);
        if (s > best) {
          best = s;
          bx = cx + dx;
          by = cy + dy;
          moved = true;
        }
      }
  }
  if (best < o.minScore) return undefined;
  const [u, v] = matchCentre(shading, T, bx, by, best);
  const at = pixelToCentrePlane(g, u, v);
  return at ? { ...ball, x: at[0], y: at[1], u, v, found: 'appearance' } : undefined;
};
