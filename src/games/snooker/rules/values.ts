// What each ball is worth and the order the colours are taken in (WPBSA Section 1, 2; Section 3.1).
import { SNOOKER_COLOURS, type SnookerBallId, type SnookerColour } from '../equipment.ts';

/** An object ball: anything but the cue ball. */
export type ObjectBallId = Exclude<SnookerBallId, 'cue'>;

export type Player = 0 | 1;
export const opponent = (p: Player): Player => (p === 0 ? 1 : 0);

/**
 * What the striker is on (docs/formats.md §4): a red; any colour (after a red, or the colour after the
 * last red); or one colour in the sequence yellow … black once the reds are gone (WPBSA 2.11, 3.3).
 */
export type On = 'red' | 'colour' | SnookerColour;

// WPBSA Section 3.1: red 1, yellow 2, green 3, brown 4, blue 5, pink 6, black 7.
export const BALL_VALUE: Readonly<Record<ObjectBallId, number>> = {
  red: 1,
  yellow: 2,
  green: 3,
  brown: 4,
  blue: 5,
  pink: 6,
  black: 7,
};

export const valueOf = (id: ObjectBallId): number => BALL_VALUE[id];

/** WPBSA 3.10: every foul costs at least four points. */
export const MIN_PENALTY = 4;
/** WPBSA 3.10(d): the fixed seven-point fouls. */
export const SEVEN_POINTS = 7;
/** Each red with the black after it, then the six colours: 15 × 8 + 27. */
export const MAXIMUM_BREAK = 147;
/** A free ball taken as a red at the start, with the black after it, then the 147. */
export const MAXIMUM_BREAK_WITH_FREE_BALL = 155;
/** The colours in sequence, 2 + 3 + 4 + 5 + 6 + 7. */
export const COLOURS_TOTAL = 27;

/** The colours in the order they are taken once the reds are gone (WPBSA 3.3). */
export const COLOUR_SEQUENCE: readonly SnookerColour[] = SNOOKER_COLOURS;

/** The lowest-value colour among `present`, or null when none is left. */
export const lowestColour = (present: readonly SnookerBallId[]): SnookerColour | null =>
  COLOUR_SEQUENCE.find((c) => present.includes(c)) ?? null;

/** Fouls that only a person sees, reported by the referee (docs/formats.md §4). */
export const REFEREE_FOULS = [
  'push',
  'jump',
  'doubleHit',
  'ballsMoving',
  'touchedBall',
  'noFootOnFloor',
  'noNomination',
  'wrongCueBall',
] as const;
export type RefereeFoul = (typeof REFEREE_FOULS)[number];
