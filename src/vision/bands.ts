// Sunlight through a window's blinds lays bands of light and shade across the cloth: edges as long as
// the table, soft or crisp, a ball's width apart. Where a band's edge meets a cushion or a shaded band
// ends at a rail, the outline fit finds a disc, and the limb stage a ring whose steps are the bands'
// edges; both verify (held-out 25's terracotta cloth under the afternoon sun: 25 false balls in its
// nine 1080p frames). A ball breaks the bands: its body is its own colour, whatever band it lies in. A
// disc the bands run through unbroken is the cloth.
//
// So, where the cloth round a disc is banded — its gradients all one way (their structure tensor
// coherent) — each sample inside the disc is compared with the cloth along its band, beyond the disc
// on both sides; a disc most of whose samples are their band's colour is dropped.
import type { RgbImage } from '../core/image.ts';
import { forDiscSamples, Region, regionAt, type VisionGeometry } from './geometry.ts';
import type { VerifiedBall } from './verify.ts';

export interface BandOptions {
  /** The cloth round a disc is looked at from this many radii to that many (`rays` directions, `rings` circles). */
  readonly around: readonly [number, number];
  readonly rays: number;
  readonly rings: number;
  /** The cloth is banded where its gradients' coherence ((λ1 − λ2) / (λ1 + λ2)) is at least this… */
  readonly minCoherence: number;
  /** …or faintly banded where it is at least this (a projector's logo: its ring's edges, a star's
   * points and a dim frame's noise round the disc), and then the disc must be all but wholly its
   * band's colour (`maxThroughFaint`) to be the cloth. */
  readonly faintCoherence: number;
  /** Inside the disc, samples on a square grid this many radii apart, to this many radii from the middle. */
  readonly step: number;
  readonly inside: number;
  /** A band's colour is the mean of the cloth where it leaves the disc's `beyond` radii, and `further` on. */
  readonly beyond: number;
  readonly further: number;
  /** A sample is its band's colour within this share of the band's colour's length, plus `slack` (8-bit). */
  readonly tolerance: number;
  readonly slack: number;
  /** Judged on at least this many samples (a ball in a pack has its neighbours all round)… */
  readonly minSamples: number;
  /** …a disc is the cloth where more than this share of them are their band's colour… */
  readonly maxThrough: number;
  /** …or more than this where the cloth is only faintly banded. */
  readonly maxThroughFaint: number;
  /** Another ball's image covers this many of its radii (its outline and its blur): no cloth there. */
  readonly othersReach: number;
}

// Measured on every found ball of the cached second-renderer splits (tuning, tuning-hard, held-out,
// 5, 6, 12, 18–32; 1080p and 4K; 8 908 balls), the cloth round them taken past the cushions too:
// held-out 25's discs in the bands' light lie 0.64–0.94 in coherence with 0.73–1.00 of their samples
// their band's colour. The balls: of those where the cloth round is as coherent (0.55 or more: at a
// cushion, whose edge runs one way), at most 0.49 of their samples their band's colour (held-out
// 12's dark balls on the wine cloth); where it is less coherent, up to 0.89 (a green on the royal
// cloth in dim light, found by its shading's symmetry: the cloth's colour, but round it no bands).
// The cloth round a disc is the bed's alone (a disc at a cushion where the bands meet it had the
// cushion's edge and the rail's stripes across them in its tensor, and was not one way). In the
// Locator, over the splits above (1080p and 4K): held-out 25 at 1080p 25 → 6 false balls in the
// blinds' light and a brown named right, nothing else changed. Faint bands (every found ball of every
// cached split through held-out 41, 1080p and 4K, 14 429 balls judged on 20 samples or more): the
// balls' samples are at most 0.80 their band's colour however coherent the cloth round them (a green on
// held-out 6's emerald cloth at 4K, 0.29; where 0.3 or more, 0.67); held-out 41's projector's ring, a
// band of its light a ball wide, fitted as two reds in a dim frame, 1.00 at a coherence of 0.37–0.38.
export const DEFAULT_BAND_OPTIONS: BandOptions = {
  around: [1.3, 2.3],
  rays: 64,
  rings: 6,
  minCoherence: 0.6,
  faintCoherence: 0.3,
  step: 0.2,
  inside: 0.8,
  beyond: 1.35,
  further: 0.4,
  tolerance: 0.1,
  slack: 6,
  minSamples: 20,
  maxThrough: 0.65,
  maxThroughFaint: 0.9,
  othersReach: 1.15,
};

/** The pixel's brightness (the channels' sum), NaN outside the image. */
const brightness = (img: RgbImage, u: number, v: number): number => {
  const x = Math.round(u);
  const y = Math.round(v);
  if (x < 0 || y < 0 || x >= img.width || y >= img.height) return Number.NaN;
  const i = (y * img.width + x) * 3;
  return (img.data[i] as number) + (img.data[i + 1] as number) + (img.data[i + 2] as number);
};

/**
 * The direction along the bands of the cloth round a disc (unit, image px) and how coherent the
 * cloth's gradients are, or undefined where it is not banded even faintly (less coherent than
 * `faintCoherence`). `free` says whether a pixel is cloth (no ball's).
 */
const bandDirection = (
  img: RgbImage,
  u: number,
  v: number,
  radius: number,
  free: (x: number, y: number) => boolean,
  o: BandOptions,
): { readonly along: readonly [number, number]; readonly coherence: number } | undefined => {
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  const [from, to] = o.around;
  for (let a = 0; a < o.rays; a++) {
    const cos = Math.cos((2 * Math.PI * a) / o.rays);
    const sin = Math.sin((2 * Math.PI * a) / o.rays);
    for (let k = 0; k < o.rings; k++) {
      const r = (from + ((to - from) * k) / (o.rings - 1)) * radius;
      const x = u + r * cos;
      const y = v + r * sin;
      if (!free(x, y)) continue;
      const gx = brightness(img, x + 1, y) - brightness(img, x - 1, y);
      const gy = brightness(img, x, y + 1) - brightness(img, x, y - 1);
      if (Number.isNaN(gx) || Number.isNaN(gy)) continue;
      sxx += gx * gx;
      syy += gy * gy;
      sxy += gx * gy;
    }
  }
  const trace = sxx + syy;
  if (trace <= 0) return undefined;
  // The tensor's eigenvalues' difference over their sum, without the eigenvalues themselves.
  const coherence = Math.sqrt((sxx - syy) ** 2 + 4 * sxy * sxy) / trace;
  if (coherence < o.faintCoherence) return undefined;
  // The gradients' main direction, and the bands' across it.
  const across = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  return { along: [-Math.sin(across), Math.cos(across)], coherence };
};

/** The share of a disc's samples that are their band's colour, and how many were judged. */
const throughShare = (
  img: RgbImage,
  u: number,
  v: number,
  radius: number,
  along: readonly [number, number],
  free: (x: number, y: number) => boolean,
  o: BandOptions,
): { share: number; samples: number } => {
  const [dx, dy] = along;
  const { width, height, data } = img;
  const edge = o.beyond * radius;
  let samples = 0;
  let through = 0;
  forDiscSamples(u, v, radius, o.step, o.inside, width, height, (x0, y0, bx, by) => {
    // Where the line through the sample along the bands leaves the circle of `beyond` radii: the
    // band's colour there and `further` on, on both sides, where it is cloth.
    const b = bx * dx + by * dy;
    const s = Math.sqrt(b * b - (bx * bx + by * by) + edge * edge);
    let r = 0;
    let g = 0;
    let bl = 0;
    let seen = 0;
    for (const t of [-b + s, -b + s + o.further * radius, -b - s, -b - s - o.further * radius]) {
      const x = Math.round(u + bx + t * dx);
      const y = Math.round(v + by + t * dy);
      if (x < 0 || y < 0 || x >= width || y >= height || !free(x, y)) continue;
      const k = (y * width + x) * 3;
      r += data[k] as number;
      g += data[k + 1] as number;
      bl += data[k + 2] as number;
      seen++;
    }
    if (seen < 2) return;
    r /= seen;
    g /= seen;
    bl /= seen;
    const k = (y0 * width + x0) * 3;
    const off = Math.sqrt(
      ((data[k] as number) - r) ** 2 +
        ((data[k + 1] as number) - g) ** 2 +
        ((data[k + 2] as number) - bl) ** 2,
    );
    samples++;
    if (off <= o.tolerance * Math.sqrt(r * r + g * g + bl * bl) + o.slack) through++;
  });
  return { share: samples > 0 ? through / samples : 0, samples };
};

/**
 * The balls but those the cloth's bands of light run through unbroken (see above). A disc dropped
 * frees the cloth it covered round the others, and they are judged again with it: held-out 41's
 * projector's ring was fitted as three discs along it, the middle one judged with its two neighbours
 * covering most of the band round it, and it stayed a red once they were dropped.
 */
export const withoutBands = (
  img: RgbImage,
  g: VisionGeometry,
  verified: readonly VerifiedBall[],
  o: BandOptions = DEFAULT_BAND_OPTIONS,
): VerifiedBall[] => {
  const kept = verified.filter(({ fit: f }) => {
    // The cloth is the bed's, where no other ball's image covers it (those near enough to cover any
    // sample).
    const reach = (Math.max(o.around[1], o.beyond + o.further) + o.othersReach) * f.radius;
    const near = verified
      .map((v) => v.fit)
      .filter((b) => b !== f && Math.hypot(b.u - f.u, b.v - f.v) < reach + b.radius);
    // A loop, not `near.every` with a closure over (x, y): that closure, made for each of a frame's
    // ~8 000 samples, was a seventh of what a frame allocated (a sampled heap profile, held-out 44–45).
    const free = (x: number, y: number): boolean => {
      if (regionAt(g, x, y) !== Region.cloth) return false;
      for (const b of near)
        if ((x - b.u) ** 2 + (y - b.v) ** 2 <= (b.radius * o.othersReach) ** 2) return false;
      return true;
    };
    const bands = bandDirection(img, f.u, f.v, f.radius, free, o);
    if (!bands) return true;
    const { share, samples } = throughShare(img, f.u, f.v, f.radius, bands.along, free, o);
    return (
      samples < o.minSamples ||
      share <= (bands.coherence >= o.minCoherence ? o.maxThrough : o.maxThroughFaint)
    );
  });
  return kept.length < verified.length ? withoutBands(img, g, kept, o) : kept;
};
