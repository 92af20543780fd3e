// The club's own ball set, learned from a frame of the balls where the game sets them up (the
// colours on their spots, the reds racked, the cue ball anywhere else). The classifier was trained on
// makers' sets it has seen; a club's set may be another maker's, whose brown is rosy or whose pink is
// dusky (held-out 36's rosewood brown, called pink with certainty: no rule on one frame's colours can
// tell it from a pink, there being no pink on the table to compare with). Each id's look — its middle's
// chromaticity and how light it is, both in the light of the cue ball, which shows the light's colour
// and strength where the balls lie — is measured on the set-up frame, and in every frame after, each
// ball's likeness to each id's look weighs the classifier's probabilities before the set's capacity
// assigns the names (identify.ts). A look is measured against the frame's own white, so the light may
// change (a warm frame, a dim corner) as long as the white is seen.
import { z } from 'zod';
import { err, ok, refereeError, type Result } from '../core/errors.ts';
import { parseWith } from '../core/schema.ts';
import type { BallId } from '../equipment/pieces.ts';
import { classifiedFrom, mostConfident, type ClassifiedBall } from './classify/index.ts';
import type { Chromaticities, DetectedBall } from './identify.ts';
import type { LocatedBall } from './locate.ts';

/** An id's look: its middle's chromaticity in the white's light (r, g, b over their sum, grey a third
 * each) and the log of its lightness over the white's (fit.ts middleShare). */
export interface BallLook {
  readonly chromaticity: readonly [number, number, number];
  readonly lightness: number;
}

/** Each id's look, as learned (learnLooks); the white is the ball they are measured against. */
export interface BallLooks {
  readonly white: BallId;
  readonly looks: Readonly<Partial<Record<BallId, BallLook>>>;
}

export interface LooksOptions {
  /** A ball is the one on a place within this share of a ball's radius of it (learnLooks)… */
  readonly placeReach: number;
  /** …and at most this share of the places may have none seen on them. */
  readonly maxUnseen: number;
  /** How far a ball's look may lie from its id's and still be taken for it: the spread of one id's
   * balls across a frame and between frames, in chromaticity and in log lightness. */
  readonly chromaticitySpread: number;
  readonly lightnessSpread: number;
  /**
   * The frame's white (byLooks) is another ball than the one called it where the frame's balls, seen
   * in its light, look like what the classifier called them by this much more (natural log of the
   * likelihood)…
   */
  readonly whiteMargin: number;
  /** …and the classifier gave that ball at least this probability of the white. */
  readonly minWhite: number;
}

// Measured on the second renderer's frames (every split through held-out 36, 1080p and 4K), each id's
// look learned from the split's opening frame of the same camera and applied to its other frames, with
// the naming rules before (identify.ts) and the set's assignment after, simulated on the balls the
// Detector found: class errors 52 → 27 at the spreads 0.05 and 0.6; at 0.03 and 0.4, 38; at 0.07 and
// 0.6, 32. The Detector itself, each variant's set learned from a set-up frame no benchmark case draws
// (bench/detect-alt --looks): 1080p 53 → 21, 4K 8 → 2 (0.04 and 0.5: 23 and 3; 0.06 and 0.8: 25, 0).
// whiteMargin and minWhite (frameWhite; identify.ts whiteByLikeness asks it with the set's own colours
// where no ball is called the white): every cached split through held-out 44, each case's graphics
// marked. Without a club set, class errors 1080p 91 → 73, 4K 20 → 18, none new; with each variant's set
// learned from its set-up frame, 48 → 30 and 11 → 7. The cue balls taken for the white were given it
// 3.1·10⁻⁵ and more (held-out 43's on the iris-blue cloth, called blue); with no floor a blue was taken
// in two frames whose cue ball was not found (held-out 17, and 33 at 5.6·10⁻⁶); at 10⁻⁴ two cue balls
// were not. A ball called the white was passed over only where a stream's graphics were left unmarked
// (held-out 42, 12 702 001: a false ball on the score bug called it, and 8 balls named wrong in its
// light), with any margin from 3 to 30.
export const DEFAULT_LOOKS: LooksOptions = {
  placeReach: 0.5,
  maxUnseen: 0.25,
  chromaticitySpread: 0.05,
  lightnessSpread: 0.6,
  whiteMargin: 10,
  minWhite: 1e-5,
};

/** Chromaticity of linear colour `c` in the light that makes `white` grey (r, g, b over their sum). */
export const inLightOf = (c: readonly number[], white: readonly number[]): [number, number, number] => {
  const q = c.map((v, k) => v / Math.max(1e-6, white[k] as number));
  const t = q.reduce((a, b) => a + b, 0);
  return t > 0
    ? ([q[0] as number, q[1] as number, q[2] as number].map((v) => v / t) as [number, number, number])
    : [1 / 3, 1 / 3, 1 / 3];
};

/** Ball i's look in the light of ball w. */
const lookAt = (
  balls: readonly Pick<LocatedBall, 'lightness'>[],
  of: Chromaticities,
  i: number,
  w: number,
): BallLook => ({
  chromaticity: inLightOf(of(i), of(w)),
  lightness: Math.log(Math.max(1e-3, balls[i]?.lightness ?? 0) / Math.max(1e-3, balls[w]?.lightness ?? 0)),
});

/** A place the game sets a ball of `id` on at the start (its spot, a place in the rack). */
export interface SetUpPlace {
  readonly id: BallId;
  readonly x: number;
  readonly y: number;
}

/**
 * Whether a frame's balls stand as the game sets them up (learnLooks), by their places alone: which ball
 * is on each place (−1 none) and which is the white off them; or an error that says which places were
 * empty, or that no ball was seen off them.
 */
export const standsAsSetUp = (
  balls: readonly Pick<DetectedBall, 'x' | 'y' | 'lightness' | 'id'>[],
  places: readonly SetUpPlace[],
  white: BallId,
  ballRadius: number,
  o: LooksOptions = DEFAULT_LOOKS,
): Result<{ readonly onPlace: readonly number[]; readonly white: number }> => {
  const onPlace = places.map((p) =>
    balls.findIndex((b) => Math.hypot(b.x - p.x, b.y - p.y) < o.placeReach * ballRadius),
  );
  const empty = places.filter((_, k) => onPlace[k] === -1);
  if (empty.length > o.maxUnseen * places.length) {
    const named = empty
      .slice(0, 3)
      .map((p) => `the ${p.id}'s (${p.x.toFixed(0)}, ${p.y.toFixed(0)})`)
      .join(', ');
    return err(
      refereeError(
        'IMPOSSIBLE_STATE',
        `${empty.length} of the set-up's ${places.length} places have no ball seen on them (${named}${empty.length > 3 ? ', …' : ''}): the balls must stand where the game sets them up`,
      ),
    );
  }
  const off = balls.flatMap((_, i) => (onPlace.includes(i) ? [] : [i]));
  const w =
    off.find((i) => balls[i]?.id === white) ??
    off.reduce((a, i) => ((balls[i]?.lightness ?? 0) > (balls[a]?.lightness ?? 0) ? i : a), off[0] ?? -1);
  if (w < 0) return err(refereeError('IMPOSSIBLE_STATE', `no ${white} ball seen off the set-up's places`));
  return ok({ onPlace, white: w });
};

/**
 * Each id's look from a frame of the set-up: the ball on each place is its id, the ball off the places
 * that the frame's detection named the white is the white (the cue ball, in hand at the start; a
 * false ball elsewhere, a chalk cube, is passed over) or, with none named so, the lightest ball off
 * them (the white is the lightest look a set has, and the game sets nothing else off its places:
 * held-out 44's ivory cue ball on the ultraviolet cloth under a phone's HDR merge was called green),
 * and an id with several places (the reds) takes the mean of the looks of those seen. A place with no
 * ball seen on it is passed over (its id keeps the classifier's word where no other place gives it a
 * look), but not more than `maxUnseen` of them: then the balls do not stand as set up. The error says
 * which places were empty, or that no ball was seen off them.
 */
export const learnLooks = (
  balls: readonly Pick<DetectedBall, 'x' | 'y' | 'lightness' | 'id'>[],
  of: Chromaticities,
  places: readonly SetUpPlace[],
  white: BallId,
  ballRadius: number,
  o: LooksOptions = DEFAULT_LOOKS,
): Result<BallLooks> => {
  const standing = standsAsSetUp(balls, places, white, ballRadius, o);
  if (!standing.ok) return standing;
  const { onPlace, white: w } = standing.value;
  const sums = new Map<BallId, { c: [number, number, number]; l: number; n: number }>();
  const add = (id: BallId, look: BallLook): void => {
    const s = sums.get(id) ?? { c: [0, 0, 0], l: 0, n: 0 };
    s.c = [s.c[0] + look.chromaticity[0], s.c[1] + look.chromaticity[1], s.c[2] + look.chromaticity[2]];
    s.l += look.lightness;
    s.n++;
    sums.set(id, s);
  };
  add(white, lookAt(balls, of, w, w));
  places.forEach((p, k) => {
    const i = onPlace[k] as number;
    if (i >= 0) add(p.id, lookAt(balls, of, i, w));
  });
  const looks: Partial<Record<BallId, BallLook>> = {};
  for (const [id, s] of sums)
    looks[id] = { chromaticity: s.c.map((v) => v / s.n) as [number, number, number], lightness: s.l / s.n };
  return ok({ white, looks });
};

/**
 * The classifier's probabilities weighed by each ball's likeness to each id's look (a Gaussian of the
 * looks' distance, `chromaticitySpread` and `lightnessSpread` apart), renormalised; an id with no look
 * keeps its probability. Measured in the light of the frame's white: the ball called the white with the
 * most confidence, unless another ball, in whose light the frame's balls look like what the classifier
 * called them `whiteMargin` likelier, and which it does not rule out as the white (`minWhite`), is; with
 * no ball called the white, that ball, and with none such, nothing is changed. The classifier reads the
 * light's colour from the cloth, and a cloth of a hue it never saw turns its white: held-out 44's ivory
 * cue ball on the ultraviolet cloth under a phone's HDR merge was called green (0.99, the white 1.6·10⁻⁴),
 * and, there being no other ball called the white, the looks were not asked; in its light every ball of
 * the frame is like its look.
 */
export const byLooks = (
  balls: readonly Pick<LocatedBall, 'lightness'>[],
  of: Chromaticities,
  guesses: readonly ClassifiedBall[],
  learned: BallLooks,
  o: LooksOptions = DEFAULT_LOOKS,
): ClassifiedBall[] => {
  const w = frameWhite(balls, of, guesses, learned, o);
  if (w < 0) return [...guesses];
  return guesses.map((g, i) => classifiedFrom(weighedByLooks(balls, of, g, i, w, learned, o)) ?? g);
};

/** Each id's probability for ball i (guessed `g`) times its likeness to the id's look, in the light of ball w. */
const weighedByLooks = (
  balls: readonly Pick<LocatedBall, 'lightness'>[],
  of: Chromaticities,
  g: ClassifiedBall,
  i: number,
  w: number,
  learned: BallLooks,
  o: LooksOptions,
): Record<BallId, number> => {
  const seen = lookAt(balls, of, i, w);
  const out: Record<BallId, number> = {};
  for (const [id, p] of Object.entries(g.probabilities) as [BallId, number][]) {
    const look = learned.looks[id];
    const d2 = look
      ? seen.chromaticity.reduce((a, v, k) => a + (v - (look.chromaticity[k] as number)) ** 2, 0) /
          o.chromaticitySpread ** 2 +
        (seen.lightness - look.lightness) ** 2 / o.lightnessSpread ** 2
      : 0;
    // Floored, so that a ball unlike every look keeps the classifier's order among them.
    out[id] = p * Math.exp(-0.5 * Math.min(d2, 600)) + 1e-300;
  }
  return out;
};

/**
 * The frame's white (see byLooks): the ball called it with the most confidence, unless another the
 * classifier does not rule out as it (`minWhite`) makes the frame's balls, seen in its light, look
 * like what they were called `whiteMargin` likelier; with none called it, the likeliest such ball; −1
 * where there is none.
 */
export const frameWhite = (
  balls: readonly Pick<LocatedBall, 'lightness'>[],
  of: Chromaticities,
  guesses: readonly ClassifiedBall[],
  learned: BallLooks,
  o: LooksOptions = DEFAULT_LOOKS,
): number => {
  /** The log likelihood of the frame's balls, seen in the light of ball w, as the classifier called them. */
  const likelihoodIn = (w: number): number =>
    guesses.reduce(
      (a, g, i) =>
        a +
        Math.log(Object.values(weighedByLooks(balls, of, g, i, w, learned, o)).reduce((s, x) => s + x, 0)),
      0,
    );
  const called = mostConfident(guesses, learned.white);
  let w = called;
  let best = called < 0 ? -Infinity : likelihoodIn(called) + o.whiteMargin;
  guesses.forEach((g, i) => {
    if (i === called || (g.probabilities[learned.white] ?? 0) < o.minWhite) return;
    const l = likelihoodIn(i);
    if (l > best) {
      best = l;
      w = i;
    }
  });
  return w;
};

const lookSchema = z.object({
  chromaticity: z.tuple([z.number().min(0).max(1), z.number().min(0).max(1), z.number().min(0).max(1)]),
  lightness: z.number().finite(),
});

const looksSchema = z.object({
  white: z.string().min(1),
  looks: z.record(z.string(), lookSchema),
});

/** A looks file's contents checked against the set's ids; the error names the field. */
export const parseBallLooks = (json: unknown, ids: readonly BallId[]): Result<BallLooks> => {
  const parsed = parseWith(looksSchema, json);
  if (!parsed.ok) return parsed;
  const known = (id: string): id is BallId => (ids as readonly string[]).includes(id);
  if (!known(parsed.value.white))
    return err(
      refereeError('INVALID_INPUT', `not a ball of this game's set: ${parsed.value.white}`, 'white'),
    );
  const stranger = Object.keys(parsed.value.looks).find((id) => !known(id));
  if (stranger !== undefined)
    return err(refereeError('INVALID_INPUT', `not a ball of this game's set`, `looks.${stranger}`));
  return ok(parsed.value as BallLooks);
};

/** The looks as a file holds them (parseBallLooks reads it back). */
export const makeBallLooks = (l: BallLooks): string => `${JSON.stringify(l, null, 2)}\n`;
