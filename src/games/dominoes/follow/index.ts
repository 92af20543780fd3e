// Following play from the camera's tiles (issue 16 item 4): the follower, and the round as the match
// stands, which it reads (the turn is the match's: a pass is said and confirmed, not seen).
import type { FollowedPlay, TilesFollower } from '../../definition.ts';
import type { DominoesTable } from '../equipment.ts';
import { currentRound, type DominoesMatch } from '../match.ts';
import { TileFollower } from './follower.ts';
import { nextPlayer } from '../players.ts';
import { openMoves } from '../rules/chain.ts';
import type { RoundNow, Seen } from './types.ts';

export * from './follower.ts';
export * from './types.ts';

/** What the follower needs of the match now. */
export const roundNow = (m: DominoesMatch): RoundNow => {
  const r = currentRound(m);
  const closed = r.over !== null || r.end !== null || m.penalties.matchOver;
  // With the hands known, the players from `next` on who hold nothing that fits the ends must pass.
  let passesDue = 0;
  if (!closed && r.engine && r.ends)
    for (
      let p = r.next;
      passesDue < 3 && openMoves(r.ends, r.engine.hands[p]).length === 0;
      p = nextPlayer(p)
    )
      passesDue += 1;
  return {
    round: r.number,
    next: closed ? null : r.next,
    passesDue,
    awaitingHands: r.over !== null && r.engine === null && r.end === null,
    played: r.played,
  };
};

/** What the follower saw, as the core's pipeline hands it to the match: a move, the hands shown, an alert. */
export const asPlay = (seen: Seen): FollowedPlay => {
  switch (seen.kind) {
    case 'move':
      return { kind: 'move', move: seen.move };
    case 'handsShown': {
      const action = { type: 'handsShown', left: seen.left };
      return { kind: 'action', action };
    }
    case 'alert':
      return { kind: 'alert', alert: seen.alert };
  }
};

/** The follower for the pipeline (`perception.follow`): the table's tiles and the match in, plays out. */
export const followPlay = (table: DominoesTable): TilesFollower<DominoesMatch> => {
  const follower = new TileFollower(table);
  return {
    push: (frame, match) => follower.push(frame, roundNow(match)).map(asPlay),
    reset: () => follower.reset(),
  };
};
