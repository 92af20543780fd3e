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
import type { RgbImage } from '../core/image.ts';
import { blockOf, type ClothModel } from './cloth.ts';
import type { FittedBall } from './fit.ts';
import { projectPoint, type VisionGeometry } from './geometry.ts';
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
}

// Held-out 30's ink frames at 1/50 s: a cue ball rolling 60–75 mm in the exposure, fitted at both
// ends 47–61 mm apart (1.6–2.3 radii), the second fit named after the shade of the cap it sits on;
// its body 0.52–1.45 along the line and 0.00–0.06 off it, 1.04–1.34 at half a radius across in the
// middle, −0.1–0.04 beyond. An opening pack's neighbours on a lilac cloth: their gaps' shadows 0.6–1.0
// along the line but 0.1–0.35 off it, the next row's red 1.0–1.2 along it at 1.3 and 1.9 radii across.
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
};

type Rgb = readonly [number, number, number];

/** The colour (8-bit) of the pixel nearest (u, v), or undefined outside the frame. */
const pixelAt = (image: RgbImage, u: number, v: number): Rgb | undefined => {
  const x = Math.round(u);
  const y = Math.round(v);
  if (x < 0 || y < 0 || x >= image.width || y >= image.height) return undefined;
  const p = 3 * (y * image.width + x);
  const d = image.data;
  return [d[p] as number, d[p + 1] as number, d[p + 2] as number];
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
    const c = pixelAt(image, f.u + s * Math.cos(a), f.v + s * Math.sin(a));
    if (!c) continue;
    r += c[0];
    g += c[1];
    b += c[2];
    n++;
  }
  return [r / n, g / n, b / n];
};

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
  const k = 3 * blockOf(cloth, a.u + du / 2, a.v + dv / 2);
  const bed: Rgb = [cloth.colour[k] as number, cloth.colour[k + 1] as number, cloth.colour[k + 2] as number];
  const ma = middleOf(image, a);
  const mb = middleOf(image, b);
  const line: Rgb = [
    (ma[0] + mb[0]) / 2 - bed[0],
    (ma[1] + mb[1]) / 2 - bed[1],
    (ma[2] + mb[2]) / 2 - bed[2],
  ];
  const n2 = line[0] ** 2 + line[1] ** 2 + line[2] ** 2;
  if (n2 < o.contrast ** 2) return false;
  if ((ma[0] - mb[0]) ** 2 + (ma[1] - mb[1]) ** 2 + (ma[2] - mb[2]) ** 2 > o.alike ** 2 * n2) return false;
  /** The pixel t of the way from a to b, s radii across: how far along the line, and off it. */
  const like = (t: number, s: number): { along: number; off: number } => {
    const c = pixelAt(image, a.u + t * du - (s * r * dv) / d, a.v + t * dv + (s * r * du) / d);
    if (!c) return { along: NaN, off: NaN };
    const e0 = c[0] - bed[0];
    const e1 = c[1] - bed[1];
    const e2 = c[2] - bed[2];
    const along = (e0 * line[0] + e1 * line[1] + e2 * line[2]) / n2;
    const off = Math.hypot(e0 - along * line[0], e1 - along * line[1], e2 - along * line[2]) / Math.sqrt(n2);
    return { along, off };
  };
  const body = (t: number, s: number): boolean => {
    const l = like(t, s);
    return l.along >= o.body && l.off <= o.offLine;
  };
  for (const t of o.along) for (const s of o.across) if (!body(t, s) || !body(t, -s)) return false;
  if (!((like(0.5, 0.5).along + like(0.5, -0.5).along) / 2 >= o.fuller)) return false;
  return o.beyond.every((s) => like(0.5, s).along <= o.cloth && like(0.5, -s).along <= o.cloth);
};

/**
 * The balls with each pair of fits at the two ends of one streak made one ball at its middle (table
 * mm, halfway between the two): the better-outlined fit moved there, seen as the better seen of the
 * two. A fit whose disc covers the middle of a pair leaves the pair be (it is the ball between them).
 */
export const joinStreaks = (
  image: RgbImage,
  g: VisionGeometry,
  cloth: ClothModel,
  balls: readonly VerifiedBall[],
  o: StreakOptions,
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
  return out.filter((b): b is VerifiedBall => b !== undefined);
};
