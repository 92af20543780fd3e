// A black tile face up found by its own dividing line, not by the outline of its face: the line is a
// bright stroke (~1 mm wide, ~20 mm long: it stops 2.5 mm short of the long edges) across the middle
// of a black face, far brighter than the seam between two touching tiles (their glazed edges are
// hardly lighter than the faces at ~1 px/mm). So tiles touching end to end, side by side, at a
// chain's turn or across a double are each found by their line, whatever the shape of the blob they
// make together; the line's centre is the tile's centre and the tile lies square to it.
import { pieces } from './components.ts';
import { activeCells, forEachActive, type FaceMasks } from './mask.ts';
import type { PlanFrame } from './rectify.ts';
import type { FaceSampler } from './sample.ts';

/** A dividing line: its centre (mm, table frame) and the direction of the tile's length (radians). */
export interface DividingLine {
  readonly x: number;
  readonly y: number;
  readonly theta: number;
  /** Found from one piece of its stroke only (its centre set by refineLine): a weaker hypothesis. */
  readonly partial?: boolean;
  /** Its length between its two ends (mm), where refineLine found both. */
  readonly span?: number;
}

export interface LineOptions {
  /** A line cell is brighter than the black face two cells away on both sides by this share of the cloth. */
  readonly depth: number;
  /** The line's length, mm (a 25 mm tile: 20 mm, less at its blurred ends). */
  readonly minLength: number;
  readonly maxLength: number;
  /** The widest stroke, mm (a pip's row is 4 mm wide and more). */
  readonly maxWidth: number;
}

export const DEFAULT_LINES: LineOptions = { depth: 0.35, minLength: 13, maxLength: 25, maxWidth: 3.2 };

/**
 * The bright strokes with black face on both sides (2 or 3 cells away, in any of four directions), as a
 * mask; `into`: a buffer of the plan's size, reused.
 */
const strokes = (f: PlanFrame, m: FaceMasks, o: LineOptions, into: Uint8Array): Uint8Array => {
  const { cols, rows } = f.grid;
  const l = f.luma;
  const b = m.black;
  // Black face beside the stroke: any cell a black face could be (the black mask's holes of noise in
  // dim light and its thin ridges left out, which would break the stroke up).
  const face = m.dark;
  const depth = Math.max(10, o.depth * m.clothLuma);
  into.fill(0);
  forEachActive(f, (r0, r1, k0, k1) => {
    for (let r = Math.max(3, r0); r < Math.min(rows - 3, r1); r++)
      for (let k = Math.max(3, k0); k < Math.min(cols - 3, k1); k++) {
        const i = r * cols + k;
        if (b[i]) continue;
        const v = l[i] as number;
        for (let q = 0; q < 4; q++) {
          const u = q === 0 ? 1 : q === 1 ? cols : q === 2 ? cols + 1 : cols - 1;
          // The face 2 cells away, or 3 where the 2nd is the stroke's fringe of colour (a white line
          // under a warm lamp, through JPEG's coarse colour, bleeds colour into the face beside it).
          const a = face[i - 2 * u] ? i - 2 * u : face[i - 3 * u] ? i - 3 * u : -1;
          const c = face[i + 2 * u] ? i + 2 * u : face[i + 3 * u] ? i + 3 * u : -1;
          if (a < 0 || c < 0) continue;
          const x = l[a] as number;
          const y = l[c] as number;
          if (v - (x > y ? x : y) > depth) {
            into[i] = 1;
            break;
          }
        }
      }
  });
  return into;
};

/** The dividing lines on the black faces of a plan frame; `scratch`: two buffers of the plan's size. */
export const dividingLines = (
  f: PlanFrame,
  m: FaceMasks,
  o: LineOptions = DEFAULT_LINES,
  scratch: { mask: Uint8Array; stack: Int32Array } = {
    mask: new Uint8Array(f.luma.length),
    stack: new Int32Array(f.luma.length),
  },
): DividingLine[] => {
  const g = f.grid;
  const cell = g.step * g.step;
  const mask = strokes(f, m, o, scratch.mask);
  const out: DividingLine[] = [];
  const fragments: Fragment[] = [];
  pieces(
    mask,
    g.cols,
    g.rows,
    (0.5 * o.minLength) / cell,
    (3 * o.maxLength) / cell,
    scratch.stack,
    activeCells(f),
    (p, stack, n) => {
      const tr = p.sxx + p.syy;
      const det = p.sxx * p.syy - p.sxy * p.sxy;
      const disc = Math.sqrt(Math.max(0, (tr * tr) / 4 - det));
      const long = Math.sqrt(12 * (tr / 2 + disc)) * g.step;
      const short = Math.sqrt(12 * Math.max(0, tr / 2 - disc)) * g.step;
      const axis = 0.5 * Math.atan2(2 * p.sxy, p.sxx - p.syy);
      if (long >= o.minLength && long <= o.maxLength && short <= o.maxWidth)
        // The line runs across the tile: the tile's length is square to the line's.
        out.push({ x: g.x0 + p.cx * g.step, y: g.y0 + p.cy * g.step, theta: axis + Math.PI / 2 });
      else if (
        long < o.minLength &&
        long >= FRAGMENT &&
        short <= FRAGMENT_WIDTH * o.maxWidth &&
        long >= 2 * short
      )
        fragments.push({ x: p.cx * g.step, y: p.cy * g.step, axis, long });
      else if (short > o.maxWidth && long >= o.minLength && long <= 2 * o.maxLength) {
        const line = straightPart(stack, n, g.cols, axis, o);
        if (line) out.push({ x: g.x0 + line.x * g.step, y: g.y0 + line.y * g.step, theta: line.theta });
      }
    },
  );
  out.push(...joined(fragments, o).map((l) => ({ ...l, x: g.x0 + l.x, y: g.y0 + l.y })));
  return out;
};

/** The shortest piece of a line (mm), and the widest (a share of the line's widest). */
const FRAGMENT = 4;
const FRAGMENT_WIDTH = 0.7;
/** Widest gap (mm) between two pieces of one line, and how far (radians) each may turn from their join. */
const FRAGMENT_GAP = 6;
const FRAGMENT_TURN = 0.26;
/** The shortest piece (mm) that is a line hypothesis alone. */
const SINGLE = 7;

/** A thin piece of stroke too short to be a line: its centre (mm from the grid's first cell), axis and length. */
interface Fragment {
  readonly x: number;
  readonly y: number;
  readonly axis: number;
  readonly long: number;
}

/**
 * Lines broken in two: under a warm lamp, through JPEG, a white line's middle or one end can fall
 * short of the stroke test, leaving two thin pieces in line (tuning seeds 9305's [3, 5] and 9311's
 * [5, 6] and [5, 1]: pieces of 12 and 5 mm, 10 and 10 mm). Two such pieces, each along the line that
 * joins them, a short gap apart, spanning a line's length, are one line; the closest pairs first, each
 * piece in one line at most. (A false join is still judged as a tile: face, pips, halves.)
 */
const joined = (
  f: readonly Fragment[],
  o: LineOptions,
): { x: number; y: number; theta: number; partial?: boolean }[] => {
  const along = (axis: number, ux: number, uy: number): boolean =>
    Math.abs(Math.sin(Math.atan2(uy, ux) - axis)) < Math.sin(FRAGMENT_TURN);
  const pairs: { i: number; j: number; gap: number; x: number; y: number; theta: number }[] = [];
  const inLine: { i: number; j: number; d: number; ux: number; uy: number; span: number; gap: number }[] = [];
  const neighbours = new Array<number>(f.length).fill(0);
  for (let i = 0; i < f.length; i++)
    for (let j = i + 1; j < f.length; j++) {
      const a = f[i] as Fragment;
      const b = f[j] as Fragment;
      const d = Math.hypot(b.x - a.x, b.y - a.y);
      const gap = d - (a.long + b.long) / 2;
      if (gap > FRAGMENT_GAP || d === 0) continue;
      const ux = (b.x - a.x) / d;
      const uy = (b.y - a.y) / d;
      if (!along(a.axis, ux, uy) || !along(b.axis, ux, uy)) continue;
      neighbours[i] = (neighbours[i] ?? 0) + 1;
      neighbours[j] = (neighbours[j] ?? 0) + 1;
      inLine.push({ i, j, d, ux, uy, gap, span: d + (a.long + b.long) / 2 });
    }
  // Only two pieces in line: a run of three or more is the seam between two tiles side by side (their
  // lit rims, broken up; 9119's [1, 1] beside a [0, 0]), which runs the tiles' length, not a line's.
  for (const { i, j, d, ux, uy, gap, span } of inLine) {
    if (span < o.minLength || span > o.maxLength || neighbours[i] !== 1 || neighbours[j] !== 1) continue;
    const a = f[i] as Fragment;
    const b = f[j] as Fragment;
    // The middle between the outer ends.
    const s0 = -a.long / 2;
    const s1 = d + b.long / 2;
    const mid = (s0 + s1) / 2;
    pairs.push({
      i,
      j,
      gap,
      x: a.x + ux * mid,
      y: a.y + uy * mid,
      theta: Math.atan2(uy, ux) + Math.PI / 2,
    });
  }
  pairs.sort((p, q) => p.gap - q.gap);
  const used = new Set<number>();
  const out: { x: number; y: number; theta: number; partial?: boolean }[] = [];
  for (const p of pairs) {
    if (used.has(p.i) || used.has(p.j)) continue;
    used.add(p.i);
    used.add(p.j);
    out.push({ x: p.x, y: p.y, theta: p.theta });
  }
  // A long piece left alone is what showed of a line whose rest fell short of the stroke test (under a
  // warm lamp or dim light, tuning seeds 9311's [1, 6], 9417's [1, 4] and [3, 4]: one piece of 8–11 mm):
  // a hypothesis at the piece, its centre along the line left to refineLine (the line's two ends).
  // So is a long piece of a run (9410's [5, 5] and [1, 3] side by side in dim light: their lines in
  // line, each in two pieces, four in a row that is no pair); the detector keeps such a line only
  // where its two ends measure a line's length, and not over a tile found by a whole line.
  f.forEach((a, i) => {
    if (!used.has(i) && a.long >= SINGLE && a.long < o.minLength)
      out.push({ x: a.x, y: a.y, theta: a.axis + Math.PI / 2, partial: true });
  });
  return out;
};

/**
 * The line in a stroke too wide to be one: a dividing line joined to a lit rim (the tile's side seen
 * under tilt, bright beside the black face, tuning seed 9303's [3, 4]) makes a T or an L. The densest
 * band 3 cells wide, in any of 36 directions, is the line when its cells run the line's length and
 * fill most of it. In cells; null where there is none.
 */
const straightPart = (
  stack: Int32Array,
  n: number,
  cols: number,
  axis: number,
  o: LineOptions,
): { x: number; y: number; theta: number } | null => {
  let best: { x: number; y: number; theta: number; count: number } | null = null;
  for (let step = 0; step < 36; step++) {
    const a = axis + (step * Math.PI) / 36;
    const dx = Math.cos(a);
    const dy = Math.sin(a);
    // Cells by their offset across the direction (rounded): the fullest band of three offsets.
    const counts = new Map<number, number>();
    for (let j = 0; j < n; j++) {
      const i = stack[j] as number;
      const off = Math.round(-(i % cols) * dy + ((i / cols) | 0) * dx);
      counts.set(off, (counts.get(off) ?? 0) + 1);
    }
    let at = 0;
    let most = -1;
    for (const off of counts.keys()) {
      const c = (counts.get(off - 1) ?? 0) + (counts.get(off) ?? 0) + (counts.get(off + 1) ?? 0);
      if (c > most) {
        most = c;
        at = off;
      }
    }
    let lo = Infinity;
    let hi = -Infinity;
    let sx = 0;
    let sy = 0;
    let k = 0;
    for (let j = 0; j < n; j++) {
      const i = stack[j] as number;
      const x = i % cols;
      const y = (i / cols) | 0;
      if (Math.abs(Math.round(-x * dy + y * dx) - at) > 1) continue;
      const along = x * dx + y * dy;
      if (along < lo) lo = along;
      if (along > hi) hi = along;
      sx += x;
      sy += y;
      k++;
    }
    const length = hi - lo + 1;
    if (length < o.minLength || length > o.maxLength || k < 0.7 * length) continue;
    if (!best || k > best.count) best = { x: sx / k, y: sy / k, theta: a + Math.PI / 2, count: k };
  }
  return best && { x: best.x, y: best.y, theta: best.theta };
};

/**
 * The line set exactly from the camera's pixels (its stroke on the 1 mm plan is rough, and a seam
 * joined to it pulls its centroid): across it, the brightness peak at four places along it (a
 * straight fit gives its offset and turn); along it, the middle between its two ends (it stops
 * 2.5 mm short of both long edges). `dark`: a dark line on a light face (ivory).
 */
export const refineLine = (sample: FaceSampler, line: DividingLine, dark: boolean): DividingLine => {
  const value = (x: number, y: number): number => (dark ? 255 - sample(x, y) : sample(x, y));
  const fit = fitAcross(value, line);
  // Along: the line's two ends — on a black face only: an ivory tile's rounded edges are dark like
  // its line, so a line's end runs on into the seam of a tile beside it.
  if (dark) return fit;
  const ends = lineEnds(value, fit);
  if (!ends) return fit;
  // The across fit again about the line's middle, and its ends again along the fitted line: fitted
  // about a centre off along the line (a piece of it, a seam's pull), the outer places fell past the
  // line's end, on the face or a pip, and turned it (tuning seeds 9609's [0, 5] 6° off, 1016's
  // [5, 5] 4°: their pips then read no standard pattern), and the ends found along the turned line
  // were short of a line's length (9611's [1, 2]: 12 mm, 9° off).
  const refit = fitAcross(value, ends);
  return lineEnds(value, refit) ?? { ...refit, span: ends.span };
};

/** How much a line's stroke (bright, on a black face) stands out of the face 3 mm either side of it
 * (the brighter side), on average at six places 3–7 mm from its middle (clear of its ends, 10 mm out). */
export const strokeRise = (sample: FaceSampler, line: DividingLine): number => {
  const ux = Math.cos(line.theta);
  const uy = Math.sin(line.theta);
  let sum = 0;
  for (const v of RISE_AT) {
    const x = line.x - uy * v;
    const y = line.y + ux * v;
    sum += sample(x, y) - Math.max(sample(x + ux * 3, y + uy * 3), sample(x - ux * 3, y - uy * 3));
  }
  return sum / RISE_AT.length;
};
const RISE_AT = [-7, -5, -3, 3, 5, 7] as const;

/** The line's offset and turn fitted to the brightness peaks across it at four places along it. */
const fitAcross = (value: (x: number, y: number) => number, line: DividingLine): DividingLine => {
  let { x, y, theta } = line;
  const ux = Math.cos(theta);
  const uy = Math.sin(theta);
  const pts: { v: number; s: number }[] = [];
  for (const v of ACROSS_AT) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let k = 0; k < PROFILE.length; k++) {
      const s = PROFILE[k] as number;
      const p = value(x + ux * s - uy * v, y + uy * s + ux * v);
      PROFILE_VALUES[k] = p;
      if (p < lo) lo = p;
      if (p > hi) hi = p;
    }
    if (!(hi - lo > 12)) continue;
    const cut = (lo + hi) / 2;
    let sw = 0;
    let ss = 0;
    for (let k = 0; k < PROFILE.length; k++) {
      const w = (PROFILE_VALUES[k] as number) - cut;
      if (w > 0) {
        sw += w;
        ss += w * (PROFILE[k] as number);
      }
    }
    pts.push({ v, s: ss / sw });
  }
  if (pts.length >= 3) {
    const mv = pts.reduce((a, p) => a + p.v, 0) / pts.length;
    const ms = pts.reduce((a, p) => a + p.s, 0) / pts.length;
    const svv = pts.reduce((a, p) => a + (p.v - mv) ** 2, 0);
    const slope = pts.reduce((a, p) => a + (p.v - mv) * (p.s - ms), 0) / svv;
    const off = ms - slope * mv;
    x += ux * off;
    y += uy * off;
    theta -= Math.atan(slope);
  }
  return { x, y, theta };
};

/** How far (mm) from the centre a line's end is looked for each way: past a whole line's length (20 mm),
 * since a line found from one piece of its stroke is centred on the piece, which may lie at one end
 * (15 mm cut the far end off: tuning seeds 9611's [0, 2], 9111's [4, 4] and [1, 5], 16–16.5 mm). */
const END_REACH = 25;

/** The line centred between its two ends, with its length; undefined where an end is not found. */
const lineEnds = (
  value: (x: number, y: number) => number,
  line: DividingLine,
): (DividingLine & { span: number }) | undefined => {
  const { x, y, theta } = line;
  const vx = -Math.sin(theta);
  const vy = Math.cos(theta);
  const mid = value(x, y);
  const face = Math.min(
    value(x + Math.cos(theta) * 3, y + Math.sin(theta) * 3),
    value(x - Math.cos(theta) * 3, y - Math.sin(theta) * 3),
  );
  if (!(mid - face > 12)) return undefined;
  const cut = (mid + face) / 2;
  const end = (dir: 1 | -1): number => {
    let t = 0;
    while (t < END_REACH && value(x + vx * dir * (t + 0.5), y + vy * dir * (t + 0.5)) > cut) t += 0.5;
    return t;
  };
  const a = end(1);
  const b = end(-1);
  if (a >= END_REACH || b >= END_REACH) return undefined;
  const shift = (a - b) / 2;
  return { x: x + vx * shift, y: y + vy * shift, theta, span: a + b };
};

// Places along the line for the profiles across it, and the profile's samples: clear of the pips
// (the nearest are 3.9 mm from the line, their blur reaching further).
const ACROSS_AT = [-8, -3.25, 3.25, 8] as const;
const PROFILE = Array.from({ length: 19 }, (_, k) => -2.25 + k * 0.25);
const PROFILE_VALUES = new Float64Array(PROFILE.length);
