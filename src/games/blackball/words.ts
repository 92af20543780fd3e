// The referee's words for what only a person sees (docs/formats.md §8 `shot.fouls`): the referee's page
// shows these on its buttons, and Undo says them. Kept free of imports so that the pages bundle it.
import type { RefereeFoul } from './rules/state.ts';

/** The fouls only a person sees, in words, in the order the referee's page lists them. */
export const FOUL_WORDS: Readonly<Record<RefereeFoul, string>> = {
  push: 'push stroke',
  doubleHit: 'double hit',
  jump: 'jump shot',
  ballsMoving: 'played while balls were moving',
  touchedBall: 'ball touched',
  playedIntoTouching: 'played into the touching ball',
  intentionalWrongBall: 'wrong ball hit on purpose',
  noAttempt: 'no attempt to hit a ball on',
};

export const FOULS_IN_WORDS = Object.keys(FOUL_WORDS) as RefereeFoul[];
