// Points remaining, snookers required, and the miss (WPBSA 3.14; 2.21).
import type { SnookerBallId } from '../equipment.ts';
import { COLOURS_TOTAL, COLOUR_SEQUENCE, MIN_PENALTY, valueOf, type On, type Player } from './values.ts';

/**
 * The most the striker could still score in the frame from here, free balls aside: each red with a
 * black (8), then the colours (27); a colour on after a red adds its best, the black (7); in the
 * colours sequence, the colours from the one on to the black; in a re-spotted black, the black.
 */
export const pointsRemaining = (ids: readonly SnookerBallId[], on: On, respottedBlack = false): number => {
  if (respottedBlack) return valueOf('black');
  const reds = ids.filter((id) => id === 'red').length;
  const colours = COLOUR_SEQUENCE.filter((c) => ids.includes(c)).reduce((sum, c) => sum + valueOf(c), 0);
  const afterRed = on === 'colour' ? valueOf('black') : 0;
  return reds > 0 ? reds * 8 + COLOURS_TOTAL + afterRed : colours + afterRed;
};

/** What one snooker is worth to the player behind: the penalty for a foul on the lowest ball on. */
export const snookerValue = (ids: readonly SnookerBallId[]): number => {
  const lowest = ids.includes('red') ? 'red' : COLOUR_SEQUENCE.find((c) => ids.includes(c));
  return Math.max(MIN_PENALTY, lowest ? valueOf(lowest) : 0);
};

/**
 * How many snookers `player` needs: none while the deficit can be made up (or tied, for a re-spotted
 * black) with the points remaining; else the excess over one snooker's worth, rounded up.
 */
export const snookersRequired = (
  scores: readonly [number, number],
  player: Player,
  remaining: number,
  perSnooker = MIN_PENALTY,
): number => {
  const deficit = scores[player === 0 ? 1 : 0] - scores[player];
  return deficit > remaining ? Math.ceil((deficit - remaining) / perSnooker) : 0;
};

export interface MissFacts {
  /** The stroke was a foul in which the cue ball did not first hit a ball on. */
  readonly failedToHitBallOn: boolean;
  /** Either player needed snookers before the stroke, or does after it (penalty counted). */
  readonly snookersRequired: boolean;
  /** Misses already called from this position while a full-ball contact was open. */
  readonly consecutiveMisses: number;
  /** A central, full-ball contact on a ball on was open before the stroke. */
  readonly fullBallAvailable: boolean;
}

/**
 * WPBSA 3.14: the referee may call FOUL AND A MISS when the striker failed to first hit a ball on,
 * unless either player required snookers before or as a result of the stroke. After a miss with a
 * full-ball contact open, a further failure from the same position is a miss regardless of the score
 * (3.14(c)(i)); the referee judges the attempt.
 */
export const isMissCandidate = (f: MissFacts): boolean =>
  f.failedToHitBallOn && (!f.snookersRequired || (f.consecutiveMisses > 0 && f.fullBallAvailable));
