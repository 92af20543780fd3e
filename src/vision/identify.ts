// Which ball is which: the classifier's guess for each located ball (src/vision/classify, one batch a
// frame), then what the frame's own balls say (a ball called one of a set's many alike balls but
// coloured unlike them is not one: sharedColour), then what the game's set allows (no more of each
// id than it holds), decided for all the balls together (assignIdentities).
import type { RgbImage } from '../core/image.ts';
import { capacityOf, isMarked, type BallId, type BallSet } from '../equipment/pieces.ts';
import {
  assignIdentities,
  classifiedFrom,
  mostConfident,
  type BallClassifier,
  type BallPatchInput,
  type ClassifiedBall,
} from './classify/index.ts';
import { linearOf, SRGB_TO_LINEAR } from './fit.ts';
import type { LocatedBall } from './locate.ts';
import { byLooks, DEFAULT_LOOKS, frameWhite, inLightOf, type BallLooks, type LooksOptions } from './looks.ts';

/** A ball found, placed and named (docs/formats.md §3's `{ id, x, y, confidence }`, and where it is in the image). */
export interface DetectedBall extends LocatedBall {
  readonly id: BallId;
  /** The classifier's probability of `id`. */
  readonly confidence: number;
}

export const patchOf = (b: LocatedBall): BallPatchInput => ({ u: b.u, v: b.v, radiusPx: b.radiusPx });

export interface SharedColourOptions {
  /** Ids the set holds at least this many of are compared among themselves… */
  readonly minCapacity: number;
  /** …when the frame has at least this many balls called the id… */
  readonly minBalls: number;
  /**
   * …and a ball whose chromaticity (linear light) lies farther than this from theirs is not one, a
   * ball called otherwise that lies within it is one…
   */
  readonly maxDistance: number;
  /** …if the classifier gave the other side (another id, or theirs) at least this probability… */
  readonly minDoubt: number;
  /** Its probability of the id it was called is then scaled by this. */
  readonly penalty: number;
  /**
   * A ball called otherwise whose middle lies within this of theirs is one of them however sure the
   * classifier was of the id it called it (see sharedColour).
   */
  readonly sureDistance: number;
  /**
   * A ball called another id that lies farther than this from them is not one of them: its
   * probability of their id (whatever it is) is scaled by `penalty`, so that the assignment does not
   * make it one when the id it was called goes to a likelier ball.
   */
  readonly unlikeDistance: number;
  /**
   * Their hue: a ball whose hue angle lies within this of their median's (radians), where that lies
   * `minSaturation` or more from grey (nearer, their colour has no hue to go by). A ball purer than
   * them is judged by its distance from their hue's line only if it is of their hue, and a ball called
   * their id unlike them and not of their hue is not one of them however sure the classifier.
   */
  readonly hueReach: number;
  readonly minSaturation: number;
  /**
   * A ball is like them (within `maxDistance`) only if its hue lies within this of their median's too
   * (radians; where that is `minSaturation` or more from grey), whether called their id or another: a
   * brown is a red turned towards orange, whatever the light does to how pure both look (see
   * sharedColour).
   */
  readonly likeHue: number;
}

// Measured at 1080p on the second renderer's frames (bench/detect-alt: tuning, tuning-hard,
// tuning-grey, held-out 3 and 4): a red's body lies at most 0.048 from its frame's reds' median
// chromaticity, a brown's 0.118–0.23 from it (the ball maker's redder brown, which the classifier —
// trained on our own renderer's browns — called red when it was brightly lit, 12 times on those
// splits, giving the brown 0.066–0.40). On our own renderer's frames (bench/detect.ts' scenes, as a
// guard: 0 class errors before) reds lie up to 0.138 from theirs in the pockets' jaws and dim
// light, always with the brown at most 0.035; browns 0.229 and more. The limit decides the other way
// too (a ball called otherwise, within it, is a red): on tuning, tuning-grey, tuning-hard and held-out
// 4–7, 1080p and 4K, reds lie within 0.080 of their frame's others (a dim frame's reds called brown in
// the jaws, the farthest), browns 0.117 and more. unlikeDistance: on tuning, tuning-hard, tuning-grey
// and held-out 10–12 (1080p and 4K) and our own renderer's scenes, a red called another id that gave
// red 0.04 or more lies at most 0.159 from its frame's reds (held-out 11's burnt-orange cloth, whose
// light washes reds out toward grey), a pink 0.211 or more, a brown 0.118 or more: it decides for
// pinks and the farthest browns only. Asked since the twenty-sixth session of every ball called
// otherwise, whatever it gave red (held-out 32's plum-brown brown, red under 0.01): no ball was named
// otherwise on the cached splits through held-out 31 (tuning, tuning-hard, held-out, 5, 6, 18–31), at
// 1080p or 4K, nor on our own renderer's scenes. hueReach (every cached split through held-out 35, 1080p
// and 4K): the reds called red with certainty (another id under minDoubt) that lie farther than
// maxDistance from their frame's reds lie within 3.8° of their hue (held-out 11's washed out by its
// tangerine light, up to 0.32 away; 16's, 23's, 24's, 34's); held-out 35's oxblood brown, called red
// with certainty, 7.3–10.6° (and purer than the reds: 0.09–0.13 from their hue's line); of the balls
// purer than their frame's reds, the reds lie within 2.9° of their hue, the browns 4.4–10.6°. likeHue
// (every cached split through held-out 40, 1080p and 4K, the balls called another id that this makes
// reds: within maxDistance of their frame's reds, and red 0.04 or more or within sureDistance): the reds
// lie within 2.6° of their hue but one, 3.6° (held-out 36's analogue capture at 4K, in a corner's jaws,
// its fit 7 mm off); the browns 3.9° (held-out 38's umber under the CCD) and 5.9° (40's copper on the
// orchid cloth), each named red so before, and 3.5° (21's in warm light by the pearl window: still red).
// Of the balls called red in some doubt that lie within maxDistance of their frame's reds, the reds lie
// within 3.4° of their hue (held-out 24's pale reds on the pink cloth), the one brown 5.5° (held-out 40's
// copper in a corner's jaws, named red before).
export const DEFAULT_SHARED_COLOUR: SharedColourOptions = {
  minCapacity: 3,
  minBalls: 3,
  maxDistance: 0.11,
  minDoubt: 0.04,
  penalty: 1e-3,
  sureDistance: 0.05,
  unlikeDistance: 0.22,
  hueReach: (6 * Math.PI) / 180,
  minSaturation: 0.1,
  likeHue: (3.7 * Math.PI) / 180,
};

/**
 * Chromaticity (r, g, b over their sum, linear light) of a ball's body: the samples within 0.6 of its
 * radius, less the brightest (the lamps' highlights, white whatever the ball) and the darkest (its
 * shaded side, where the cloth's light tints it): those between the 20th and 70th percentiles of
 * brightness.
 */
export const middleChromaticity = (img: RgbImage, b: BallPatchInput): [number, number, number] => {
  const samples: [number, number, number, number][] = [];
  const r = 0.6 * b.radiusPx;
  const step = Math.max(1, r / 5);
  for (let dy = -r; dy <= r; dy += step) {
    for (let dx = -r; dx <= r; dx += step) {
      if (dx * dx + dy * dy > r * r) continue;
      const x = Math.round(b.u + dx);
      const y = Math.round(b.v + dy);
      if (x < 0 || y < 0 || x >= img.width || y >= img.height) continue;
      const p = (y * img.width + x) * 3;
      const lr = SRGB_TO_LINEAR[img.data[p] as number] as number;
      const lg = SRGB_TO_LINEAR[img.data[p + 1] as number] as number;
      const lb = SRGB_TO_LINEAR[img.data[p + 2] as number] as number;
      samples.push([lr + lg + lb, lr, lg, lb]);
    }
  }
  samples.sort((a, b) => a[0] - b[0]);
  const sum = [0, 0, 0];
  const from = Math.floor(0.2 * samples.length);
  const to = Math.max(from + 1, Math.ceil(0.7 * samples.length));
  for (const [, lr, lg, lb] of samples.slice(from, to)) {
    sum[0] = (sum[0] as number) + lr;
    sum[1] = (sum[1] as number) + lg;
    sum[2] = (sum[2] as number) + lb;
  }
  const t = (sum[0] as number) + (sum[1] as number) + (sum[2] as number);
  return t > 0
    ? [(sum[0] as number) / t, (sum[1] as number) / t, (sum[2] as number) / t]
    : [1 / 3, 1 / 3, 1 / 3];
};

/** Each ball's middle's chromaticity (middleChromaticity), by its index: worked out once a frame. */
export type Chromaticities = (i: number) => [number, number, number];

/** The chromaticities of `balls`' middles, each measured when first asked for. */
export const chromaticitiesOf = (image: RgbImage, balls: readonly BallPatchInput[]): Chromaticities => {
  const known = new Map<number, [number, number, number]>();
  return (i) => {
    let c = known.get(i);
    if (!c) {
      c = middleChromaticity(image, balls[i] as BallPatchInput);
      known.set(i, c);
    }
    return c;
  };
};

/** The classifier's doubt about `id` for `g`: its greatest probability of any other id. */
const doubtOf = (g: ClassifiedBall, id: BallId): number =>
  Math.max(...Object.entries(g.probabilities).map(([k, q]) => (k === id ? 0 : q)));

/**
 * `g` with its probability of `id` scaled by `factor`, the rest renormalised, and its most likely id again;
 * `g` as it was if nothing else is left.
 */
const scaledDown = (g: ClassifiedBall, id: BallId, factor: number): ClassifiedBall =>
  classifiedFrom({ ...g.probabilities, [id]: (g.probabilities[id] ?? 0) * factor }) ?? g;

/** `g` with its probabilities of `a` and `b` swapped, and its id the likeliest after. */
const swapped = (g: ClassifiedBall, a: BallId, b: BallId): ClassifiedBall => {
  const p = { ...g.probabilities, [a]: g.probabilities[b] ?? 0, [b]: g.probabilities[a] ?? 0 };
  let best: BallId = b;
  for (const k of Object.keys(p)) if ((p[k] as number) > (p[best] as number)) best = k;
  return { id: best, confidence: p[best] as number, probabilities: p };
};

/**
 * A set's many alike balls (fifteen reds) share one colour, whatever the light, the camera
 * or the ball maker: the classifier's guesses are checked against the colour of the balls it calls
 * one of them in the same frame, both ways, where it was in some doubt.
 *
 * - A ball called one of them whose middle is coloured unlike the others (farther than
 *   `maxDistance` from their median) is something else. The classifier, trained on one renderer's
 *   balls, called another maker's redder brown red when it was brightly lit (the second renderer's
 *   light grey and camel cloths, issue 14; and 16 of 25 phone photos of a real table), though its
 *   chromaticity is three times the reds' in green. Its probability of the id is scaled down (another
 *   id had `minDoubt` or more).
 * - A ball called something else whose middle is coloured like them (within `maxDistance`) is one of
 *   them. In dim light the classifier leans to brown for every red (it is not blind to the light's
 *   level: the same patches and light scaled up twofold are red again): in a dim frame of held-out 7's
 *   lime-green cloth and polished balls, it gave brown 0.5–0.92 to seven of fourteen reds, and, there
 *   being no brown on the table, the red in a corner pocket's jaws was named brown (0.080 from its
 *   frame's reds; that split's browns lie 0.119–0.229 from theirs). The probability of the id it was
 *   called is scaled down (it gave the alike balls' id `minDoubt` or more, or lies within
 *   `sureDistance` of them, however sure it was: held-out 21's deep orange-reds on a plum cloth, called
 *   brown 0.97 and 0.98 in a corner's jaws and on a cushion in dim light, lie 0.012 and 0.021 from their
 *   frames' reds; no brown or pink of any split through held-out 21 lies nearer than 0.101).
 * - A ball called something else whose middle lies farther than `unlikeDistance` from theirs is not
 *   one of them, however little the classifier gave their id: in a dim frame of held-out 12's pale
 *   sand cloth, a maker's coral pink was called brown (0.66) beside the brown (0.80), red (0.23)
 *   before pink (0.11), and the assignment, the brown taken, named it red; it lay 0.28 from the
 *   frame's reds. Its probability of their id is scaled down. Held-out 32's plum-brown brown, called
 *   black or green and red under a hundredth, took the last red's place in the assignment, and a red
 *   the brown's, in every frame of its rust-red set under a phone's processing.
 * - The balls compared with them include every ball called an id the frame has `minBalls` or more
 *   beyond what the set holds, however little the classifier gave theirs: at most one of fifteen
 *   balls called brown is the brown. Held-out 32's rust reds (the colour of other makers' reddish
 *   browns) were every one called brown, with red under the `minDoubt` that let them in before.
 *
 * Scaled down, the rest renormalised, the assignment gives such a ball its next most likely id.
 */
export const sharedColour = (
  of: Chromaticities,
  guesses: readonly ClassifiedBall[],
  set: BallSet,
  o: SharedColourOptions = DEFAULT_SHARED_COLOUR,
): ClassifiedBall[] => {
  const out = [...guesses];
  // How many balls the classifier called each id.
  const calls = new Map<BallId, number>();
  for (const g of guesses) calls.set(g.id, (calls.get(g.id) ?? 0) + 1);
  for (const id of set.ids) {
    if (capacityOf(set, id) < o.minCapacity) continue;
    // The alike balls: those called their id, and those called an id the set holds fewer of than
    // the frame's balls called so, that gave their id `minDoubt` or more (all but one of them are
    // something else: in a dim frame of held-out 11's burnt-orange cloth, with no brown on the table,
    // four of five reds were called brown and only one red, too few to compare with), or whatever they
    // gave it where the set holds `minBalls` fewer of theirs than were called so (held-out 32's fifteen
    // rust reds called brown; held-out 25's CCTV frames at 1080p, ten reds called brown or pink named
    // red, one green then named yellow: 16 class errors to 7; no other split changed).
    const members = guesses.flatMap((g, i) => {
      const over = (calls.get(g.id) ?? 0) - capacityOf(set, g.id);
      return g.id === id || (over > 0 && (g.probabilities[id] ?? 0) >= o.minDoubt) || over >= o.minBalls
        ? [i]
        : [];
    });
    if (members.length < o.minBalls) continue;
    const median = [0, 1, 2].map((c) => {
      const xs = members.map((i) => of(i)[c] as number).sort((a, b) => a - b);
      return xs[xs.length >> 1] as number;
    });
    // Their median's chromaticity less neutral grey's, and its length: the direction of their colour.
    const hue = median.map((m) => m - 1 / 3);
    const saturation = Math.hypot(...hue);
    const medianHue = hueAngle(median).angle;
    const hueWithin = (i: number, reach: number): boolean =>
      saturation < o.minSaturation || hueApart(hueAngle(of(i)).angle, medianHue) <= reach;
    const ofTheirHue = (i: number): boolean => hueWithin(i, o.hueReach);
    const distance = (i: number): number => {
      const c = of(i);
      const d = Math.hypot(
        c[0] - (median[0] as number),
        c[1] - (median[1] as number),
        c[2] - (median[2] as number),
      );
      // A ball of their hue but purer (farther from grey than their median, along its line) is one
      // of them in a purer light: only its distance from that line counts. On held-out 11's
      // burnt-orange cloth the reds' light spreads them from 0.55 to 0.93 in red's share; the
      // purest, at a cushion, lay 0.152 from their median and was named brown (0.021 from the line).
      // Of their hue only: held-out 35's oxblood brown is purer than its cherry-rose reds, 0.09–0.13
      // from their line but 7–11° from their hue.
      if (saturation === 0 || !ofTheirHue(i)) return d;
      const x = c.map((v) => v - 1 / 3);
      const along = x.reduce((a, v, k) => a + v * (hue[k] as number), 0) / saturation;
      if (along <= saturation) return d;
      return Math.hypot(...x.map((v, k) => v - (along * (hue[k] as number)) / saturation));
    };
    for (const [i, g] of guesses.entries()) {
      const called = g.id === id;
      // The classifier's doubt: its probability of another id than the alike balls' for one it calls
      // so, of theirs for one it calls otherwise.
      const doubt = called ? doubtOf(g, id) : (g.probabilities[id] ?? 0);
      const d = distance(i);
      // A ball must be of their very hue too to be like them: a copper brown in the aged sensor's
      // frames of held-out 40 lay 0.088 from its reds (they within 0.005 of each other), 5.9° from their
      // hue, called brown, and was named red; in a corner's jaws, called red (0.61, brown 0.30), 0.081
      // and 5.5°, and it stayed red.
      const unlike = d > o.maxDistance || !hueWithin(i, o.likeHue);
      // Where the classifier is sure, a ball called theirs stays one of them if it is like them or of
      // their hue (reds washed out towards grey, or lit purer, are no less red), but not if it is
      // unlike them in hue too: held-out 35's oxblood brown, called red with certainty (1.00) beside
      // its cherry-rose reds, was named red in five frames.
      if (
        doubt < o.minDoubt &&
        (called ? !unlike || ofTheirHue(i) : d > o.sureDistance && d <= o.unlikeDistance)
      )
        continue;
      // Called otherwise but as like them as they are like each other: one of them, the classifier's
      // probabilities of the two ids swapped (scaled down by `penalty`, a called id that had more than
      // a thousand times theirs was still the likelier: held-out 25's brick reds on the onyx cloth
      // called salmon pink or tan brown 0.75–0.88, red under a thousandth of that).
      if (!called && !unlike && d <= o.sureDistance) out[i] = swapped(g, g.id, id);
      // Called theirs but unlike them, or called otherwise but like them: the called id is doubted.
      else if (called === unlike) out[i] = scaledDown(g, g.id, o.penalty);
      // Called otherwise and far unlike them: their id is.
      else if (!called && d > o.unlikeDistance) out[i] = scaledDown(g, id, o.penalty);
    }
  }
  return out;
};

export interface NeutralOptions {
  /** An id whose look's chromaticity lies within this of grey has no hue of its own (white, black). */
  readonly maxLookHue: number;
  /**
   * A ball called a neutral id other than the brightest (the black, not the cue ball) whose middle's
   * chromaticity lies farther than this from the ball called the brightest is not it…
   */
  readonly maxDistance: number;
  /** …if the classifier gave another id at least this probability; its probability of the id is
   * then scaled by `penalty`. */
  readonly minDoubt: number;
  readonly penalty: number;
  /**
   * And the other way: a ball called an id with a hue (one plain colour: a pool ball's middle may be
   * its stripe's white or its number's circle) whose middle lies within this of the ball called the
   * brightest is as grey as it, and is not that id if the classifier gave a neutral one `minDoubt`
   * or more.
   */
  readonly greyDistance: number;
}

// Measured on the second renderer's frames (bench/detect-alt, every split through held-out 14, 1080p
// and 4K), each ball's middle against its frame's cue ball's: blacks lie 0.007–0.22 from it (the
// farthest a black at the cushion in held-out 12's dim wine frame at 4K, 0.220, which the classifier
// doubted: brown 0.23), but for one it did not doubt (held-out 10's dim box-lit frame, 0.35, black
// 0.98); the greens it called black 0.253–0.307 (held-out 14's two on the powder-blue cloth, held-out
// 10's at 4K, held-out 12's at 4K, black 0.57–0.78 and green 0.18–0.43). 0.22 named that black brown.
// greyDistance: with the classifier retrained on more makers' sets (every split through held-out 17,
// 1080p and 4K), balls with a hue lie 0.091 (a brown under held-out 11's tangerine light) and more
// from the cue ball, blacks 0.005–0.32, a third of them under 0.05; the one black called otherwise, in
// a middle pocket's jaws under held-out 17's ring light (green 0.52, black 0.46), 0.018. Half the
// nearest hued ball's distance.
export const DEFAULT_NEUTRAL: NeutralOptions = {
  maxLookHue: 0.05,
  maxDistance: 0.24,
  minDoubt: 0.04,
  penalty: 1e-3,
  greyDistance: 0.045,
};

/** A colour's chromaticity (r, g, b over their sum) less grey's: its hue and how much of it. */
const hueOf = (c: readonly number[]): number[] => {
  const t = c.reduce((a, b) => a + b, 0);
  return c.map((v) => (t > 0 ? v / t : 1 / 3) - 1 / 3);
};

/** The set's ids whose looks have no hue of their own (see NeutralOptions.maxLookHue). */
const neutralIds = (set: BallSet, o: Pick<NeutralOptions, 'maxLookHue'>): BallId[] =>
  set.ids.filter((id) => {
    const look = set.look[id];
    return look !== undefined && Math.hypot(...hueOf(look.colour)) <= o.maxLookHue;
  });

/** The brightest of them: the white (a cue ball). */
const whiteOf = (set: BallSet, o: Pick<NeutralOptions, 'maxLookHue'>): BallId | undefined => {
  const brightness = (id: BallId): number => (set.look[id]?.colour ?? [0, 0, 0]).reduce((a, b) => a + b, 0);
  return neutralIds(set, o).sort((a, b) => brightness(b) - brightness(a))[0];
};

/**
 * The balls with no hue of their own (a cue ball, a black) both show the light's colour, the
 * white bright and the black dark: a ball called the black whose middle's colour lies far from the cue
 * ball's has a hue, and is not the black. The classifier called a darker, bluer green on held-out 14's
 * powder-blue cloth black (0.57), there being no black on the table, though its middle is twice as
 * green as red and the black's, in the frames that have one, is grey. Where the classifier was in some
 * doubt (another id `minDoubt` or more), its probability of the dark neutral id is scaled down, the
 * rest renormalised, and the assignment gives it its next most likely id. The other way, a ball called
 * an id with a hue whose middle is as grey as the cue ball's (`greyDistance`) has none, and is not
 * that id where the classifier gave a neutral one some doubt. The reference is the ball called the
 * brightest neutral id with the most confidence; with none called so, nothing is changed.
 */
export const neutralHue = (
  of: Chromaticities,
  guesses: readonly ClassifiedBall[],
  set: BallSet,
  o: NeutralOptions = DEFAULT_NEUTRAL,
): ClassifiedBall[] => {
  const neutral = neutralIds(set, o);
  const white = whiteOf(set, o);
  if (white === undefined) return [...guesses];
  const reference = mostConfident(guesses, white);
  if (reference < 0) return [...guesses];
  const c0 = of(reference);
  const fromWhite = (i: number): number => {
    const c = of(i);
    return Math.hypot(c[0] - c0[0], c[1] - c0[1], c[2] - c0[2]);
  };
  return guesses.map((g, i) => {
    if (g.id === white) return g;
    if (!neutral.includes(g.id)) {
      // A marked ball's middle may be its white (a stripe turned pole-up, a number's circle).
      if (isMarked(set.look[g.id])) return g;
      const greyDoubt = Math.max(...neutral.map((id) => g.probabilities[id] ?? 0));
      return greyDoubt >= o.minDoubt && fromWhite(i) < o.greyDistance ? scaledDown(g, g.id, o.penalty) : g;
    }
    if (doubtOf(g, g.id) < o.minDoubt) return g;
    return fromWhite(i) > o.maxDistance ? scaledDown(g, g.id, o.penalty) : g;
  });
};

export interface LookHueOptions {
  /** Only a ball whose middle, seen in the white's light (see lookHue), lies at least this far from
   * grey in chromaticity has a hue to judge by. */
  readonly minSaturation: number;
  /**
   * A ball called an id whose hue lies within this angle (radians) of another id's look, and nearer
   * that look than its own by more than it…
   */
  readonly reach: number;
  /** …where the two looks' hues lie at least this far apart (radians)… */
  readonly minApart: number;
  /** …and its outline is seen on this share or more (nothing over its middle: a hand's over a ball
   * leaves less of it)… */
  readonly clearView: number;
  /** …or nearer it than its own by more than this (radians) where the classifier gave that other id
   * at least `minDoubt`… */
  readonly doubtedMargin: number;
  readonly minDoubt: number;
  /** …is not the id it was called: its probability is scaled by this (and where it is still the
   * likeliest, the ball takes the nearest such look's id). */
  readonly penalty: number;
}

// Measured on the second renderer's frames (bench/detect-alt, every split through held-out 21, 1080p
// and 4K), each ball's middle in its frame's cue ball's light against the set's looks in the cue
// ball's look's: blues lie within 24° of the blue's look (held-out 21's petrol blue, called green
// 0.98, 20°), greens 29° (median) to 56° from the green's, toward the blue (the looks lie 92° apart),
// and 36° from the blue's at the nearest (a green under held-out 11's tangerine light at 4K); yellows,
// browns, reds within 26° of their own, their looks within 42° of one another. Greens lie least
// saturated 0.13 from grey (the tangerine light). Of the 15 balls the classifier gave another id
// `minDoubt` or more whose look lies `minApart` from the called one's, the two it called wrong lie
// 21.6° and 54.6° nearer the other look than their own; the 13 it called right, 13.3° farther at the
// least. clearView: held-out 41's blue on the hot-pink cloth in warm light, seen on 0.85 of its outline
// and called pink with certainty, lies 90° from the pink's look and 19° from the blue's; the one ball
// it guards against, a green half under a hand (below), 0.77. reach: the same split's blue in a warm
// frame lay 30.3° from the blue's look (77.7° from the pink's); the greens nearest another look lie 36°
// from the blue's (above), so 33°.
export const DEFAULT_LOOK_HUE: LookHueOptions = {
  minSaturation: 0.1,
  reach: (33 * Math.PI) / 180,
  minApart: (60 * Math.PI) / 180,
  clearView: 0.8,
  doubtedMargin: (15 * Math.PI) / 180,
  minDoubt: 0.04,
  penalty: 1e-3,
};

/** Id `id`'s colour in the set's looks, in linear light (black where the set has none). */
const lookOf = (set: BallSet, id: BallId): number[] => linearOf(set.look[id]?.colour ?? [0, 0, 0]);

/** A colour's channels summed: how light it is. */
const channelSum = (c: readonly number[]): number => c.reduce((a, b) => a + b, 0);

/** The hue angle of a chromaticity about grey, and its distance from grey. */
const hueAngle = (c: readonly number[]): { angle: number; saturation: number } => {
  const [r, g, b] = c as [number, number, number];
  return {
    angle: Math.atan2((Math.sqrt(3) / 2) * (g - b), r - (g + b) / 2),
    saturation: Math.hypot(r - 1 / 3, g - 1 / 3, b - 1 / 3),
  };
};

/** The angle between two hue angles, 0…π. */
const hueApart = (a: number, b: number): number => {
  const x = Math.abs(a - b) % (2 * Math.PI);
  return x > Math.PI ? 2 * Math.PI - x : x;
};

/**
 * A ball's hue, seen in the light of the ball called the white (the set's white shows the light's
 * colour where the balls lie, as the cloth cannot: the cloth has a colour of its own), against the
 * looks of the set's ids seen in the white's look's light: a ball called an id whose hue lies near
 * another's look whose hue is far from it (`minApart`), and nearer that look than its own by more
 * than `reach`, is not the id it was called. Held-out 21's petrol blue under a warm-white batten
 * (10 605 001) was called green with near certainty (0.98, blue 0.02), there being no green on the
 * table, and so named; in the cue ball's light it lies 20° from the blue's look and 72° from the
 * green's. Where the classifier was so sure that its id scaled down is still the likeliest, the
 * probabilities of the id and the nearest look's are swapped: held-out 41's violet-blue on the hot-pink
 * cloth under the projector, called pink 1 − 10⁻⁸, lies 19° from the blue's look and 90° from the
 * pink's. Only a ball seen nearly all round (`clearView`): a green half under a player's hand on
 * our own renderer's frames (4K, 7 004 001; its outline seen on 0.77) has the hand's warm colour in
 * its middle, 8° from the yellow's look, and was called green 0.99 and named black. Where the
 * classifier gave the other id some doubt (`minDoubt`), however much of the ball is seen, nearer it by
 * `doubtedMargin` is enough: held-out 15's green on a cushion at 4K (10 055 000), called yellow 0.90
 * (green 0.10), lies 40° from the green's look and 61° from the yellow's. Its probability of the id
 * is scaled down, the rest renormalised, and the assignment gives it its next most likely id. The
 * black has no hue to be nearer: a ball called it whose hue lies within `doubtedMargin` of a look the
 * classifier gave some doubt is not it (held-out 22's mocha brown on an orange cloth under blue and
 * magenta washes, 10 701 001: black 0.51, blue 0.24, brown 0.10, 6° from the brown's look; the
 * nearest of the other balls called black with such a doubt lies 26° from its look, and no more than
 * 0.08 from grey). With no ball called the white, nothing is changed.
 */
export const lookHue = (
  balls: readonly Pick<LocatedBall, 'visible'>[],
  of: Chromaticities,
  guesses: readonly ClassifiedBall[],
  set: BallSet,
  o: LookHueOptions = DEFAULT_LOOK_HUE,
): ClassifiedBall[] => {
  const white = whiteOf(set, DEFAULT_NEUTRAL);
  if (white === undefined) return [...guesses];
  const reference = mostConfident(guesses, white);
  if (reference < 0) return [...guesses];
  const lightOfWhite = of(reference);
  const whiteLook = linearOf(set.look[white]?.colour ?? [255, 255, 255]);
  const neutral = neutralIds(set, DEFAULT_NEUTRAL);
  const hued = set.ids.filter((id) => !neutral.includes(id) && !isMarked(set.look[id]));
  const lookAngle = new Map(hued.map((id) => [id, hueAngle(inLightOf(lookOf(set, id), whiteLook)).angle]));
  return guesses.map((g, i) => {
    const own = lookAngle.get(g.id);
    if (own === undefined && (g.id === white || !neutral.includes(g.id))) return g;
    const { angle, saturation } = hueAngle(inLightOf(of(i), lightOfWhite));
    if (saturation < o.minSaturation) return g;
    // A dark neutral id (the black) has no look's hue to be nearer than: a ball called it whose hue
    // lies within `doubtedMargin` of a look the classifier gave some doubt is not it.
    if (own === undefined) {
      const hueOfDoubted = hued.some(
        (id) =>
          (g.probabilities[id] ?? 0) >= o.minDoubt &&
          hueApart(angle, lookAngle.get(id) as number) < o.doubtedMargin,
      );
      return hueOfDoubted ? scaledDown(g, g.id, o.penalty) : g;
    }
    const fromOwn = hueApart(angle, own);
    const clear = (balls[i]?.visible ?? 0) >= o.clearView;
    const nearer = hued.filter((id) => {
      const look = lookAngle.get(id) as number;
      const from = hueApart(angle, look);
      if (id === g.id || hueApart(look, own) < o.minApart) return false;
      const doubted = (g.probabilities[id] ?? 0) >= o.minDoubt;
      return (
        (clear && from < o.reach && fromOwn - from > o.reach) || (doubted && fromOwn - from > o.doubtedMargin)
      );
    });
    if (nearer.length === 0) return g;
    const scaled = scaledDown(g, g.id, o.penalty);
    if (scaled.id !== g.id) return scaled;
    // Scaled down, the called id was still the likeliest (the classifier a thousand times surer of it
    // than of all the rest): the ball takes the nearest look's id in its stead.
    const nearest = nearer.reduce((a, b) =>
      hueApart(angle, lookAngle.get(b) as number) < hueApart(angle, lookAngle.get(a) as number) ? b : a,
    );
    return swapped(g, g.id, nearest);
  });
};

/**
 * More balls called the white than the set holds: the lightest are it. A pink in a middle pocket's
 * jaws on held-out 7's navy cloth, lit from one side (9 203 002), was called the cue ball with
 * certainty (1.000), as the cue ball itself was (1.000); the assignment, between equal costs, named
 * the pink the cue ball and the cue ball pink. The white is the lightest look a set has, and a ball's
 * lightness (its middle over the cloth around it) does not depend on where the light falls: the cue
 * ball's was 3.36, the pink's 1.79. The others have their probability of the white taken away (the
 * rest renormalised: the classifier, certain, gave the pink 0.000), and the assignment gives them their
 * next most likely id.
 */
export const lightestWhite = (
  balls: readonly Pick<LocatedBall, 'lightness'>[],
  guesses: readonly ClassifiedBall[],
  set: BallSet,
  o: Pick<NeutralOptions, 'maxLookHue'> = DEFAULT_NEUTRAL,
): ClassifiedBall[] => {
  const white = whiteOf(set, o);
  if (white === undefined) return [...guesses];
  const called = guesses.flatMap((g, i) => (g.id === white ? [i] : []));
  const holds = capacityOf(set, white);
  if (called.length <= holds) return [...guesses];
  const lightest = new Set(
    [...called].sort((a, b) => (balls[b]?.lightness ?? 0) - (balls[a]?.lightness ?? 0)).slice(0, holds),
  );
  return guesses.map((g, i) => (g.id === white && !lightest.has(i) ? scaledDown(g, white, 0) : g));
};

export interface LightnessOptions {
  /** The alike balls: an id the set holds at least this many of, called so in the frame at least
   * `minBalls` times (as sharedColour's). */
  readonly minCapacity: number;
  readonly minBalls: number;
  /** An id whose look's hue lies within this cosine of the alike balls' is of their hue… */
  readonly minHueCosine: number;
  /**
   * …and a ball the classifier gave both such an id lighter than them (a tint) and one darker (a
   * shade), each at least this probability…
   */
  readonly minDoubt: number;
  /**
   * …is the tint if its middle is lighter than theirs (LocatedBall.lightness over their median) by at
   * least this factor, the shade if not: the other's probability is scaled by `penalty`.
   */
  readonly tintFactor: number;
  readonly penalty: number;
}

// Measured on the second renderer's frames (bench/detect-alt, every split through held-out 15, 1080p
// and 4K), each ball's lightness over its frame's reds' median: reds 0.70–1.45, pinks 1.21–3.75,
// browns 0.60–1.28; of the balls the classifier gave both pink and brown 0.04 or more, browns
// 0.86–1.23, pinks 1.63–3.04. 1.42 lies between (their geometric mean). The looks' cosines with the
// red's hue: pink and brown 0.98, yellow 0.76.
export const DEFAULT_LIGHTNESS: LightnessOptions = {
  minCapacity: DEFAULT_SHARED_COLOUR.minCapacity,
  minBalls: DEFAULT_SHARED_COLOUR.minBalls,
  minHueCosine: 0.9,
  minDoubt: 0.04,
  tintFactor: 1.42,
  penalty: 1e-3,
};

/**
 * A tint and a shade of the alike balls' colour (a pink and a brown beside fifteen reds) differ in how
 * light they are, which the classifier, given one light for the whole frame, cannot weigh where the
 * light falls off across the table: on held-out 15's jade cloth, lit from beyond one corner, a pink in
 * the dim half was called brown (0.53, pink 0.41), and there being no brown on the table it was named
 * so, though its middle was 2.5 times as light as the reds' — a brown's is at most 1.28 times. Each
 * ball's lightness is its middle's brightness as a share of the cloth's around it, so the fall of the
 * light cancels. Where the classifier gave both a tint and a shade of the alike balls' hue some
 * probability, its lightness over theirs decides which it is not; the assignment then names it.
 */
export const tintOrShade = (
  balls: readonly Pick<LocatedBall, 'lightness'>[],
  guesses: readonly ClassifiedBall[],
  set: BallSet,
  o: LightnessOptions = DEFAULT_LIGHTNESS,
): ClassifiedBall[] => {
  let out = [...guesses];
  for (const alike of set.ids) {
    if (capacityOf(set, alike) < o.minCapacity) continue;
    const lights = guesses.flatMap((g, i) => (g.id === alike ? [balls[i]?.lightness ?? 0] : []));
    if (lights.length < o.minBalls) continue;
    lights.sort((a, b) => a - b);
    const theirs = lights[lights.length >> 1] as number;
    const base = lookOf(set, alike);
    const hue = hueOf(base);
    const ofTheirHue = (id: BallId): boolean => {
      const h = hueOf(lookOf(set, id));
      const dot = h.reduce((a, v, k) => a + v * (hue[k] as number), 0);
      return id !== alike && dot >= o.minHueCosine * Math.hypot(...h) * Math.hypot(...hue);
    };
    const kin = set.ids.filter(ofTheirHue);
    const tints = kin.filter((id) => channelSum(lookOf(set, id)) > channelSum(base));
    const shades = kin.filter((id) => channelSum(lookOf(set, id)) < channelSum(base));
    out = out.map((g, i) => {
      const doubted = (ids: readonly BallId[]): BallId[] =>
        ids.filter((id) => (g.probabilities[id] ?? 0) >= o.minDoubt);
      const [t, d] = [doubted(tints), doubted(shades)];
      if (t.length === 0 || d.length === 0) return g;
      const tint = (balls[i]?.lightness ?? 0) >= o.tintFactor * theirs;
      return (tint ? d : t).reduce((h, id) => scaledDown(h, id, o.penalty), g);
    });
  }
  return out;
};

/**
 * No ball called the white: the white is the ball in whose light the frame's balls look most like what
 * the classifier called them, their looks the set's own colours (looks.ts frameWhite), if the
 * classifier does not rule it out as the white (`minWhite`); its probabilities of the white and of the
 * id it was called are swapped. The classifier sees a ball against the cloth round it, and a cloth of a
 * hue it never saw turns its white to the cloth's complement: held-out 44's ivory cue ball on the
 * ultraviolet cloth called green (0.99; the white 1.6·10⁻⁴) or brown, held-out 42's on the cyan cloth
 * pink, held-out 43's on the iris-blue cloth blue; and the rules that go by the white (neutralHue,
 * lookHue) had none to go by. With a ball called the white, nothing is changed.
 */
export const whiteByLikeness = (
  balls: readonly Pick<LocatedBall, 'lightness'>[],
  of: Chromaticities,
  guesses: readonly ClassifiedBall[],
  set: BallSet,
  o: LooksOptions = DEFAULT_LOOKS,
): ClassifiedBall[] => {
  const white = whiteOf(set, DEFAULT_NEUTRAL);
  if (white === undefined || called(guesses, set)) return [...guesses];
  const w = frameWhite(balls, of, guesses, setLooks(set, white), o);
  return w < 0 ? [...guesses] : guesses.map((g, i) => (i === w ? swapped(g, g.id, white) : g));
};

/** The set's own colours as looks (looks.ts) in the light of its white: its plain balls'. */
const setLooks = (set: BallSet, white: BallId): BallLooks => {
  const w = lookOf(set, white);
  return {
    white,
    looks: Object.fromEntries(
      set.ids
        .filter((id) => !isMarked(set.look[id]))
        .map((id) => [
          id,
          {
            chromaticity: inLightOf(lookOf(set, id), w),
            lightness: Math.log(Math.max(1e-3, channelSum(lookOf(set, id))) / channelSum(w)),
          },
        ]),
    ),
  };
};

/**
 * Name the balls: `known[i]`, where given, is a guess already made for ball i (a Detector reusing the
 * last frame's); the others are classified now, in one batch. Same order as `balls`.
 */
export const identifyBalls = async (
  image: RgbImage,
  balls: readonly LocatedBall[],
  classifier: BallClassifier,
  known: readonly (ClassifiedBall | undefined)[] = [],
  looks?: { readonly looks: BallLooks; readonly options: LooksOptions },
): Promise<{ balls: DetectedBall[]; guesses: ClassifiedBall[]; whiteCalled: boolean }> => {
  const todo = balls.flatMap((b, i) => (known[i] ? [] : [i]));
  const fresh =
    todo.length > 0
      ? await classifier.classify(
          image,
          todo.map((i) => patchOf(balls[i] as LocatedBall)),
        )
      : [];
  const guesses: ClassifiedBall[] = balls.map((_, i) => known[i] as ClassifiedBall);
  todo.forEach((i, k) => {
    guesses[i] = fresh[k] as ClassifiedBall;
  });
  const chroma = chromaticitiesOf(image, balls.map(patchOf));
  const set = classifier.balls;
  // The white first, where none is called it: the rules after go by it (neutralHue, lookHue), and held-out
  // 42's violet blue on the cyan cloth, called pink with certainty, is then named blue (lookHue). Then
  // how light a ball is: tuning-hard's brown deep in a middle pocket's jaws (8 603 002), given pink
  // 0.47, red 0.40, brown 0.13, is too dark for the pink (tintOrShade), and called red it is unlike the
  // reds (sharedColour), so brown. Asked the other way round, sharedColour saw a pink and left its red
  // be, and it was named red.
  const ruled = lightestWhite(
    balls,
    lookHue(
      balls,
      chroma,
      neutralHue(
        chroma,
        sharedColour(chroma, tintOrShade(balls, whiteByLikeness(balls, chroma, guesses, set), set), set),
        set,
      ),
      set,
    ),
    set,
  );
  // The club's own set, where its looks were learned (looks.ts): last, weighing what the rules left.
  const named = assignIdentities(
    looks ? byLooks(balls, chroma, ruled, looks.looks, looks.options) : ruled,
    set,
  );
  return {
    balls: balls.map((b, i) => {
      const n = named[i] as ClassifiedBall;
      return { ...b, id: n.id, confidence: n.confidence };
    }),
    guesses,
    whiteCalled: called(guesses, set),
  };
};

/**
 * Whether the classifier itself called a ball the set's white (a set with no white: true). Where it
 * called none, the frame's white was chosen by likeness (whiteByLikeness), and every name that goes
 * by the white's light is as good as that choice.
 */
const called = (guesses: readonly ClassifiedBall[], set: BallSet): boolean => {
  const white = whiteOf(set, DEFAULT_NEUTRAL);
  return white === undefined || mostConfident(guesses, white) >= 0;
};
