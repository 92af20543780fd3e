// What the game knows about the balls on a snooker table, applied to the classifier's guesses: at most
// one cue ball, at most fifteen reds and at most one of each colour (WPBSA Section 1, 2: a full set is
// one white, fifteen reds and six colours). The balls are assigned to those 22 places so that the sum
// of their log-probabilities is greatest (a least-cost assignment, munkres-js): two balls that both
// look pink become the pink and whatever the less pink-looking one most likely is otherwise.
import computeMunkres from 'munkres-js';
import { SNOOKER_BALL_IDS, SNOOKER_CAPACITY, type SnookerBallId } from '../../table/index.ts';

export interface ClassifiedBall {
  readonly id: SnookerBallId;
  /** The classifier's probability for `id`. */
  readonly confidence: number;
  /** The classifier's probability for every id; they sum to 1. */
  readonly probabilities: Readonly<Record<SnookerBallId, number>>;
}

export { SNOOKER_CAPACITY };

// Costs are −ln p in units of 1e-6, rounded to whole numbers: munkres-js compares its reduced costs
// with zero, which is exact in integers and not in fractions. Probabilities below 1e-12 cost as much
// as 1e-12 (28 in −ln p), so that no place is forbidden outright.
const COST_SCALE = 1e6;
const MIN_PROBABILITY = 1e-12;

const cost = (p: number): number => Math.round(-Math.log(Math.max(p, MIN_PROBABILITY)) * COST_SCALE);

/**
 * Each ball with the id the game allows: the most likely assignment of all the balls together under
 * `capacity` (by default a snooker set). The result is in the same order as the input; its
 * `confidence` is the classifier's probability of the assigned id. More balls than the set holds
 * cannot all be placed: those the assignment leaves out keep their most likely id.
 */
export const assignIdentities = (
  classified: readonly ClassifiedBall[],
  capacity: Readonly<Record<SnookerBallId, number>> = SNOOKER_CAPACITY,
): ClassifiedBall[] => {
  const places: SnookerBallId[] = SNOOKER_BALL_IDS.flatMap((id) =>
    Array<SnookerBallId>(capacity[id]).fill(id),
  );
  if (classified.length === 0 || places.length === 0) return classified.map((b) => ({ ...b }));
  const costs = classified.map((b) => places.map((id) => cost(b.probabilities[id])));
  const out = classified.map((b) => ({ ...b }));
  for (const [row, col] of computeMunkres(costs)) {
    const ball = classified[row];
    const id = places[col];
    if (ball === undefined || id === undefined) continue; // munkres-js returns only real rows and columns
    out[row] = { id, confidence: ball.probabilities[id], probabilities: ball.probabilities };
  }
  return out;
};
