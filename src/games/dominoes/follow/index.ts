// Following play from the camera's tiles (issue 16 item 4): the follower, and the round as the match
// stands, which it reads (the turn is the match's: a pass is said and confirmed, not seen).
import { currentRound, type DominoesMatch } from '../match.ts';
import type { RoundNow } from './types.ts';

export * from './follower.ts';
export * from './types.ts';

/** What the follower needs of the match now. */
export const roundNow = (m: DominoesMatch): RoundNow => {
  const r = currentRound(m);
  const closed = r.over !== null || r.end !== null || m.penalties.matchOver;
  return {
    round: r.number,
    next: closed ? null : r.next,
    awaitingHands: r.over !== null && r.engine === null && r.end === null,
    played: r.played,
  };
};
