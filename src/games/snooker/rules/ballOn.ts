// The ball on (WPBSA 2.11): which balls the striker may hit first and pot on this stroke, and what
// the striker is on next.
import { isSnookerColour, type SnookerBallId, type SnookerColour } from '../equipment.ts';
import type { FrameState, Shot } from './state.ts';
import { lowestColour, valueOf, type ObjectBallId, type On } from './values.ts';

export interface BallOn {
  /** Balls the cue ball may strike first and that may be potted (the free ball among them). */
  readonly ids: readonly ObjectBallId[];
  /** The ball on proper: a red, the nominated colour, or the colour in sequence; null when on a colour and none was nominated (value 0). */
  readonly ball: ObjectBallId | null;
  /** Its value, what penalties are measured against (WPBSA 3.10); a free ball takes this value (2.13). */
  readonly value: number;
  /** The colour nominated as the free ball (WPBSA 2.13, 3.12), if one is played. */
  readonly freeBall: SnookerColour | null;
}

/**
 * Work out the ball on for a stroke from the state and the nomination. Where no nomination is given
 * the first ball contacted is taken as nominated (docs/formats.md §4): the referee deems it obvious.
 */
export const resolveBallOn = (state: FrameState, shot: Shot): BallOn => {
  if (state.on === 'colour') {
    // WPBSA 3.3: after a red, a colour of the striker's choice, which must be nominated.
    const nominated = shot.nominated ?? shot.firstContact.find((id) => isSnookerColour(id)) ?? null;
    // None nominated: no value of its own; any foul then costs seven (3.10(d), see fouls.ts).
    if (nominated === null) return { ids: [], ball: null, value: 0, freeBall: null };
    return { ids: [nominated], ball: nominated, value: valueOf(nominated), freeBall: null };
  }
  const ball: ObjectBallId = state.on;
  let freeBall: SnookerColour | null = null;
  if (state.freeBall) {
    // 2.13: the free ball is any ball other than the ball on, nominated; absent a nomination, the
    // first ball contacted that is not the ball on.
    const named = shot.nominated ?? shot.firstContact.find((id) => id !== ball);
    // Nominating the ball on itself is simply playing the ball on.
    if (named !== undefined && named !== ball && isSnookerColour(named)) freeBall = named;
  }
  return { ids: freeBall ? [ball, freeBall] : [ball], ball, value: valueOf(ball), freeBall };
};

/** What an incoming striker is on (WPBSA 3.3): a red while any remain, else the lowest colour. */
export const onForNewTurn = (ids: readonly SnookerBallId[]): On | null =>
  ids.includes('red') ? 'red' : lowestColour(ids);

/**
 * What the striker is on after potting a ball on and staying at the table (WPBSA 3.3): after a red
 * (or a free ball taken as a red) any colour, even after the last red; after a colour, a red while
 * any remain, else the colours in sequence from the lowest left.
 */
export const onAfterScoring = (on: On, ids: readonly SnookerBallId[]): On | null =>
  on === 'red' ? 'colour' : onForNewTurn(ids);
