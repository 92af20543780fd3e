// What the game knows about its balls, applied to the classifier's guesses: no more of each id than
// the set holds (one cue ball, fifteen reds and one of each colour; or, for pool, one of
// each number). The balls are assigned to the set's places so that the sum of their log-probabilities
// is greatest (a least-cost assignment, munkres-js): two balls that both look pink become the pink and
// whatever the less pink-looking one most likely is otherwise.
import computeMunkres from 'munkres-js';
import { capacityOf, type BallId, type BallSet } from '../../equipment/pieces.ts';

export interface ClassifiedBall {
  readonly id: BallId;
  /** The classifier's probability for `id`. */
  readonly confidence: number;
  /** The classifier's probability for every id; they sum to 1. */
  readonly probabilities: Readonly<Record<BallId, number>>;
}

// Costs are −ln p in units of 1e-6, rounded to whole numbers: munkres-js compares its reduced costs
// with zero, which is exact in integers and not in fractions. Probabilities below 1e-12 cost as much
// as 1e-12 (28 in −ln p), so that no place is forbidden outright.
const COST_SCALE = 1e6;
const MIN_PROBABILITY = 1e-12;

const cost = (p: number): number => Math.round(-Math.log(Math.max(p, MIN_PROBABILITY)) * COST_SCALE);

/**
 * Each ball with the id the game allows: the most likely assignment of all the balls together under
 * the set's capacity. The result is in the same order as the input; its
 * `confidence` is the classifier's probability of the assigned id. More balls than the set holds
 * cannot all be placed: those the assignment leaves out keep their most likely id.
 */
export const assignIdentities = (classified: readonly ClassifiedBall[], set: BallSet): ClassifiedBall[] => {
  const places: BallId[] = set.ids.flatMap((id) => Array<BallId>(capacityOf(set, id)).fill(id));
  if (classified.length === 0 || places.length === 0) return classified.map((b) => ({ ...b }));
  const costs = classified.map((b) => places.map((id) => cost(b.probabilities[id] ?? 0)));
  const out = classified.map((b) => ({ ...b }));
  for (const [row, col] of computeMunkres(costs)) {
    const ball = classified[row];
    const id = places[col];
    if (ball === undefined || id === undefined) continue; // munkres-js returns only real rows and columns
    out[row] = { id, confidence: ball.probabilities[id] ?? 0, probabilities: ball.probabilities };
  }
  return out;
};

/** The index of the ball called `id` with the most confidence; -1 when none is. */
export const mostConfident = (guesses: readonly ClassifiedBall[], id: BallId): number => {
  let best = -1;
  guesses.forEach((g, i) => {
    if (g.id === id && (best < 0 || g.confidence > (guesses[best] as ClassifiedBall).confidence)) best = i;
  });
  return best;
};

/**
 * A guess from weights over the ids (any scale): them normalised to probabilities, its id the likeliest
 * (the first of equals); undefined where they sum to nothing.
 */
export const classifiedFrom = (weights: Readonly<Record<BallId, number>>): ClassifiedBall | undefined => {
  const total = Object.values(weights).reduce((a, b) => a + b, 0);
  if (!(total > 0)) return undefined;
  const probabilities: Record<BallId, number> = {};
  let id: BallId | undefined;
  for (const [k, w] of Object.entries(weights)) {
    probabilities[k] = w / total;
    if (id === undefined || (probabilities[k] as number) > (probabilities[id] as number)) id = k;
  }
  return id === undefined ? undefined : { id, confidence: probabilities[id] as number, probabilities };
};
