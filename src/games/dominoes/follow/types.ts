// What the tile follower reads and says (issue 16 item 4). It reads detection frames (docs/formats.md
// §9 `detect`: tiles in mm, table frame) with their time, and the round as the match stands (whose turn,
// whether it is over, how many tiles each has put down), since a pass is said, not seen: the session,
// not the camera, moves the turn on past a pass. It says: a move (a tile joined to an end), the hands
// shown at the round's end, and alerts for the referee — never a silent change.
import type { Player } from '../players.ts';
export type { DetectedHalf, DetectedTile, TilesFrame } from '../../definition.ts';
import type { Side } from '../rules/chain.ts';
import type { Tile } from '../tiles.ts';

/** The round as the match stands, as much as the follower needs of it. */
export interface RoundNow {
  /** The round's number: a new number clears what the follower knew of the table. */
  readonly round: number;
  /** Who is to move; null when no one is (the round over, the match not under way). */
  readonly next: Player | null;
  /** The round is over (domino or fish) and the hands are not yet known: read them from the table. */
  readonly awaitingHands: boolean;
  /**
   * Where the hands are known: how many players from `next` on hold no tile that fits (each must pass
   * before the next tile can be anyone else's). 0 where the hands are not known: a pass is then said
   * and entered on the pages, never guessed.
   */
  readonly passesDue: number;
  /** Tiles each player has put down this round (so each holds 7 less these). */
  readonly played: readonly [number, number, number, number];
}

export type FollowAlertKind = 'takenBack' | 'misplaced' | 'notMatching' | 'outOfTurn';

export interface FollowAlert {
  readonly kind: FollowAlertKind;
  readonly message: string;
  readonly tile: Tile;
  /** Source time of the frame that settled it (ms). */
  readonly t: number;
}

/** What the follower saw happen. */
export type Seen =
  | {
      readonly kind: 'move';
      readonly t: number;
      /** A tile put down by the player to move (`seen`: the camera's, for the referee to confirm). */
      /** Or, the hands known, the forced pass of a player holding nothing that fits, before the next one's tile. */
      readonly move:
        | { readonly player: Player; readonly tile: Tile; readonly end?: Side; readonly seen: true }
        | { readonly player: Player; readonly pass: true; readonly seen: true };
    }
  | {
      readonly kind: 'handsShown';
      readonly t: number;
      /** The tiles each player laid face up in front of him. */
      readonly left: readonly [Tile[], Tile[], Tile[], Tile[]];
    }
  | { readonly kind: 'alert'; readonly alert: FollowAlert };
