// Snooker's balls, by the ids of docs/formats.md §1. Which ball is worth what is a matter for the rules
// (./rules), not the equipment.
import type { BallLook } from '../../equipment/pieces.ts';

export const SNOOKER_COLOURS = ['yellow', 'green', 'brown', 'blue', 'pink', 'black'] as const;
export type SnookerColour = (typeof SNOOKER_COLOURS)[number];

export const SNOOKER_BALL_IDS = ['cue', 'red', ...SNOOKER_COLOURS] as const;
export type SnookerBallId = (typeof SNOOKER_BALL_IDS)[number];

/** A full set: one cue ball, fifteen reds, one of each colour (WPBSA Section 1, 2). */
export const SNOOKER_REDS = 15;

export const isSnookerBallId = (s: string): s is SnookerBallId =>
  (SNOOKER_BALL_IDS as readonly string[]).includes(s);
export const isSnookerColour = (s: string): s is SnookerColour =>
  (SNOOKER_COLOURS as readonly string[]).includes(s);

/** How many balls of each id a snooker table can hold at once (WPBSA Section 1, 2). */
export const SNOOKER_CAPACITY: Readonly<Record<SnookerBallId, number>> = {
  cue: 1,
  red: SNOOKER_REDS,
  yellow: 1,
  green: 1,
  brown: 1,
  blue: 1,
  pink: 1,
  black: 1,
};

// The balls' colours, chosen by eye to read as a standard snooker set under match lights: saturated
// red, yellow, blue; the green ball darker and bluer than the cloth it sits on; the brown a warm mid
// brown; the pink light; the cue ball a warm ivory white.
export const SNOOKER_LOOK: Readonly<Record<SnookerBallId, BallLook>> = {
  cue: { colour: [236, 232, 216] },
  red: { colour: [172, 14, 18] },
  yellow: { colour: [236, 196, 18] },
  green: { colour: [10, 92, 54] },
  brown: { colour: [108, 54, 24] },
  blue: { colour: [16, 62, 168] },
  pink: { colour: [236, 128, 156] },
  black: { colour: [14, 14, 16] },
};
