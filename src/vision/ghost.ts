// A bright lamp just beyond the frame leaves ghosts in a cheap lens: light reflected between its
// elements and focused again, one patch after another on the line through the lamp's image and the
// picture's centre (held-out 37's lagoon-flare: five to seven, 25–150 px across at 1080 rows). A
// ghost about a ball across, lighter than the cloth, is foreground whose outline fits a circle (two
// false balls in held-out 37 at 1080p, taken for a blue and a black). But a ghost is the image of
// the lens's aperture, and the aperture is the hole its blades leave: a regular polygon of five to
// eight sides. A ball's outline is a circle; what bends it (a neighbour, a cue, a shadow) does so in
// one place or a few, never into equal sides all round. And a ghost is lit evenly all over, where a
// ball is a sphere, shaded from its lamps' side to the far one. So a disc whose inside is even has its
// outline traced on rays all round, its radius as a function of the angle taken apart into
// harmonics, and is a ghost where one harmonic of five to eight dominates and the outline follows a
// regular polygon's shape.
//
// A CCTV dome camera sees the table through a bubble of acrylic, which reflects what the lens's front
// glass sends back out into the lens again: a faint second image of the frame, turned half round (held-
// out 39's sapphire-dome: a ball's image, a round disc of its size on the dark cloth, fitted as a blue).
// Such an image is lit evenly too, and is the cloth's colour but for the little light it adds; a ball
// lit evenly (a white clipped by its lamps, a red in a flat light) is a solid of its own colour. So an
// even disc whose inside lies nearly the cloth's colour is no ball either.
import type { RgbImage } from '../core/image.ts';
import { blockOf, type ClothModel } from './cloth.ts';
import { linearOf, SRGB_TO_LINEAR } from './fit.ts';
import { forDiscSamples, pixelOnFrame } from './geometry.ts';
import type { VerifiedBall } from './verify.ts';

export interface GhostOptions {
  /** A disc is even when its inside's luminance (linear light, samples on a grid `evenStep` radii
   * apart to `evenInside` radii from its middle) spreads from its tenth to its ninetieth percentile by
   * less than this share of its mean; only an even disc's outline is traced. */
  readonly maxShading: number;
  readonly evenStep: number;
  readonly evenInside: number;
  /** Rays traced round each disc. */
  readonly rays: number;
  /** Each ray's outline is its strongest step between these shares of the radius… */
  readonly from: number;
  readonly to: number;
  /** …read every this share of the radius, across a step of one pixel. */
  readonly step: number;
  /** The aperture's blades: polygons of these numbers of sides. */
  readonly blades: readonly number[];
  /** A ghost's outline swings by at least this share of its radius at its blades' harmonic… */
  readonly minSwing: number;
  /** …at least this many times the next strongest harmonic of 2 to the most blades'… */
  readonly minDominance: number;
  /** …and follows a regular polygon of that many sides with at least this correlation. */
  readonly minPolygon: number;
  /**
   * An even disc whose inside's mean colour (linear light) lies nearer than this share of the cloth's
   * (its length) to the cloth's colour there is a faint image, not a ball.
   */
  readonly minFromCloth: number;
}

// Measured on every ball the Detector found over the cached second-renderer splits (tuning through
// held-out 37, 1080p and 4K, 15 548 balls) and held-out 37's two ghosts. Even insides: the ghosts
// 0.03 and 0.12; 636 balls under 0.2 (a cue ball or a yellow whose lit side clips, a red in a flat
// light), the rest shaded. Of those even, the most polygon-like outline follows one with correlation
// 0.55 (its harmonic 2.65 times the next) and the most dominant harmonic is 2.97 times the next
// (correlation 0.46); the ghosts' hexagonal harmonic swings 0.055 and 0.059 of the radius, 3.6 and 7.1
// times the next, and follows a hexagon with correlation 0.76 and 0.95. The test costs a 1080p frame
// 0.08–0.09 ms (the evenness of every disc, the outline of the few even ones).
export const DEFAULT_GHOST_OPTIONS: GhostOptions = {
  maxShading: 0.2,
  evenStep: 0.2,
  evenInside: 0.7,
  rays: 72,
  from: 0.6,
  to: 1.4,
  step: 1 / 52,
  blades: [5, 6, 7, 8],
  minSwing: 0.03,
  minDominance: 3,
  minPolygon: 0.7,
  // Over every cached split (tuning through held-out 39, 1080p and 4K, 16 350 balls found), of the 692
  // even ones the nearest to its cloth lies 0.096 from it (a yellow in held-out 16's warm light on the
  // bronze cloth), the next 0.098; the dome's image of a ball 0.028. (Balls not even lie as near as
  // 0.028: a black on the charcoal cloth, shaded.)
  minFromCloth: 0.05,
};

/** The 8-bit channels' sum at (x, y), bilinearly (on the frame: the caller checks). */
const sumAt = (d: Uint8Array, W: number, x: number, y: number): number => {
  const i = Math.floor(x);
  const j = Math.floor(y);
  const fx = x - i;
  const fy = y - j;
  const a = 3 * (j * W + i);
  const b = a + 3 * W;
  const a0 = (d[a] as number) + (d[a + 1] as number) + (d[a + 2] as number);
  const a1 = (d[a + 3] as number) + (d[a + 4] as number) + (d[a + 5] as number);
  const b0 = (d[b] as number) + (d[b + 1] as number) + (d[b + 2] as number);
  const b1 = (d[b + 3] as number) + (d[b + 4] as number) + (d[b + 5] as number);
  return (1 - fy) * ((1 - fx) * a0 + fx * a1) + fy * ((1 - fx) * b0 + fx * b1);
};

/** outlineRadii's samples along a ray, reused. */
let profile = new Float64Array(0);

/**
 * The outline's radius on each of `o.rays` rays about (u, v): where its step across a pixel is
 * strongest; NaN where the ray leaves the frame. Each ray is read once, every `o.step` of the radius,
 * and a step is the difference of the samples half a pixel either side.
 */
export const outlineRadii = (
  img: RgbImage,
  u: number,
  v: number,
  r: number,
  o: GhostOptions,
): Float64Array => {
  const { data: d, width: W, height: H } = img;
  const ds = o.step * r;
  const half = Math.max(1, Math.round(0.5 / ds));
  const first = o.from * r - half * ds;
  const n = Math.floor(((o.to - o.from) * r) / ds) + 1 + 2 * half;
  if (profile.length < n) profile = new Float64Array(n);
  const out = new Float64Array(o.rays);
  for (let a = 0; a < o.rays; a++) {
    const cs = Math.cos((2 * Math.PI * a) / o.rays);
    const sn = Math.sin((2 * Math.PI * a) / o.rays);
    // Samples along a ray are monotonic in x and y: on the frame when its ends are.
    const last = first + (n - 1) * ds;
    if (
      !pixelOnFrame(u + first * cs, v + first * sn, W, H) ||
      !pixelOnFrame(u + last * cs, v + last * sn, W, H)
    ) {
      out[a] = NaN;
      continue;
    }
    for (let k = 0; k < n; k++)
      profile[k] = sumAt(d, W, u + (first + k * ds) * cs, v + (first + k * ds) * sn);
    let best = 0;
    let at = NaN;
    for (let k = half; k + half < n; k++) {
      const step = Math.abs((profile[k + half] as number) - (profile[k - half] as number));
      if (step > best) {
        best = step;
        at = first + k * ds;
      }
    }
    out[a] = at;
  }
  return out;
};
export interface OutlineShape {
  /** The harmonic of the blades' numbers that swings most, its swing (share of the mean radius)… */
  readonly sides: number;
  readonly swing: number;
  /** …how many times the next strongest harmonic's, from 2 up to the most blades… */
  readonly dominance: number;
  /** …and how closely the outline follows a regular polygon of that many sides (Pearson's r). */
  readonly polygon: number;
}

/** The radii's shape: its strongest harmonic among `blades`, and how much it looks a polygon of it. */
export const outlineShape = (radii: ArrayLike<number>, blades: readonly number[]): OutlineShape => {
  const n = radii.length;
  const seen = Array.from(radii).flatMap((r, a) =>
    Number.isFinite(r) ? [{ r, th: (2 * Math.PI * a) / n }] : [],
  );
  const mean = seen.reduce((s, p) => s + p.r, 0) / Math.max(1, seen.length);
  const harmonic = (k: number): { swing: number; phase: number } => {
    let c = 0;
    let s = 0;
    for (const p of seen) {
      c += (p.r - mean) * Math.cos(k * p.th);
      s += (p.r - mean) * Math.sin(k * p.th);
    }
    return { swing: (2 * Math.hypot(c, s)) / Math.max(1, seen.length) / mean, phase: Math.atan2(s, c) };
  };
  const most = Math.max(...blades);
  const swings = Array.from({ length: most - 1 }, (_, i) => harmonic(i + 2));
  let sides = blades[0] ?? 6;
  for (const k of blades) if ((swings[k - 2]?.swing ?? 0) > (swings[sides - 2]?.swing ?? 0)) sides = k;
  const { swing, phase } = swings[sides - 2] ?? { swing: 0, phase: 0 };
  const next = Math.max(0, ...swings.filter((_, i) => i + 2 !== sides).map((h) => h.swing));
  // A regular polygon's radius, largest at its vertices, where the harmonic peaks.
  const seg = (2 * Math.PI) / sides;
  const polygonAt = (th: number): number => {
    const m = (((th - phase / sides) % seg) + seg) % seg;
    return Math.cos(Math.PI / sides) / Math.cos(m - Math.PI / sides);
  };
  return {
    sides,
    swing,
    dominance: next > 0 ? swing / next : Infinity,
    polygon: correlation(seen, polygonAt),
  };
};

/** Pearson's correlation between the radii and a shape's. */
const correlation = (seen: readonly { r: number; th: number }[], shape: (th: number) => number): number => {
  const ys = seen.map((p) => shape(p.th));
  const mx = seen.reduce((s, p) => s + p.r, 0) / seen.length;
  const my = ys.reduce((s, y) => s + y, 0) / ys.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  seen.forEach((p, i) => {
    const dy = (ys[i] as number) - my;
    sxy += (p.r - mx) * dy;
    sxx += (p.r - mx) ** 2;
    syy += dy * dy;
  });
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : 0;
};

/**
 * A disc's inside, on its samples: the spread of its luminance, tenth to ninetieth percentile, over
 * its mean (`shading`: Infinity where it has no samples), and its mean colour in linear light.
 */
export const inside = (
  img: RgbImage,
  u: number,
  v: number,
  r: number,
  o: GhostOptions,
): { readonly shading: number; readonly mean: readonly [number, number, number] } => {
  const { data: d, width, height } = img;
  const lum: number[] = [];
  let sr = 0;
  let sg = 0;
  let sb = 0;
  forDiscSamples(u, v, r, o.evenStep, o.evenInside, width, height, (x, y) => {
    const p = 3 * (y * width + x);
    const lr = SRGB_TO_LINEAR[d[p] as number] as number;
    const lg = SRGB_TO_LINEAR[d[p + 1] as number] as number;
    const lb = SRGB_TO_LINEAR[d[p + 2] as number] as number;
    sr += lr;
    sg += lg;
    sb += lb;
    lum.push(0.2126 * lr + 0.7152 * lg + 0.0722 * lb);
  });
  const n = lum.length;
  if (n === 0) return { shading: Infinity, mean: [0, 0, 0] };
  lum.sort((a, b) => a - b);
  const at = (f: number): number => lum[Math.floor(f * (n - 1))] as number;
  const mean = lum.reduce((a, b) => a + b, 0) / n;
  return { shading: mean > 0 ? (at(0.9) - at(0.1)) / mean : Infinity, mean: [sr / n, sg / n, sb / n] };
};

/** How far a colour (linear light) lies from the cloth's at (u, v), as a share of the cloth's length. */
export const fromCloth = (
  cloth: ClothModel,
  u: number,
  v: number,
  [r, g, b]: readonly [number, number, number],
): number => {
  const k = 3 * blockOf(cloth, u, v);
  const [cr, cg, cb] = linearOf(cloth.colour.subarray(k, k + 3)) as [number, number, number];
  return Math.hypot(r - cr, g - cg, b - cb) / Math.hypot(cr, cg, cb);
};

/** Is this outline a ghost's: one harmonic of the blades' dominant, and the shape a polygon's? */
export const isGhost = (shape: OutlineShape, o: GhostOptions): boolean =>
  shape.swing >= o.minSwing && shape.dominance >= o.minDominance && shape.polygon >= o.minPolygon;

/** The balls but the lens's ghosts and the dome's faint images (see above). */
export const withoutGhosts = (
  img: RgbImage,
  cloth: ClothModel,
  verified: readonly VerifiedBall[],
  o: GhostOptions = DEFAULT_GHOST_OPTIONS,
): VerifiedBall[] =>
  verified.filter(({ fit: f }) => {
    const { shading, mean } = inside(img, f.u, f.v, f.radius, o);
    if (shading >= o.maxShading) return true;
    if (fromCloth(cloth, f.u, f.v, mean) < o.minFromCloth) return false;
    return !isGhost(outlineShape(outlineRadii(img, f.u, f.v, f.radius, o), o.blades), o);
  });
