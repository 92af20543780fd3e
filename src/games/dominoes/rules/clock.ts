// The seconds the seed allows the player to move (docs/formats.md §9 `clock`): 60 where one of his moves
// would block the game; else 5 where exactly one move is open to him (one tile on one end, or a forced
// pass); else 20 (and 20 for the round's first tile).
// seed: «Максимальное время, отводимое на обдумывание хода в типичной ситуации, то есть, выставление
// фишки в ситуации, когда нет положения блокировки, составляет двадцать секунд.»
// seed: «Максимальное время, отводимое на совершение одного хода в нетипичной ситуации, то есть,
// выставление фишки, когда имеется возможность блокировки, составляет одну минуту.»
// seed: «Время на размышление в ситуации, в которой возможен только один вариант хода, не может
// превышать пять секунд.»
import type { Player } from '../players.ts';
import { sameTile } from '../tiles.ts';
import { openMoves, type Placement } from './chain.ts';
import { isBlocked, withHand, type Hands, type Round } from './round.ts';

export const TYPICAL_SECONDS = 20;
export const BLOCK_SECONDS = 60;
export const ONE_WAY_SECONDS = 5;

/**
 * The move would close the game: after it no tile left in any hand fits. A player's last tile that
 * closes it counts too (the contract calls that a domino "even if that tile also blocks the game").
 */
export const wouldBlock = (hands: Hands, player: Player, move: Placement): boolean =>
  isBlocked(
    withHand(
      hands,
      player,
      hands[player].filter((t) => !sameTile(t, move.tile)),
    ),
    move.ends,
  );

/** The seconds for a player to move from this round; null once the round is over (no one is to move). */
export const clockFor = (round: Round, player: Player | null = round.next): number | null => {
  if (round.over) return null;
  // The round's first tile (also where a pass was said before any tile went down).
  if (player === null || round.ends === null) return TYPICAL_SECONDS;
  const moves = openMoves(round.ends, round.hands[player]);
  if (moves.some((m) => wouldBlock(round.hands, player, m))) return BLOCK_SECONDS;
  // One tile on one end, or no tile at all: the forced pass is his only move.
  if (moves.length <= 1) return ONE_WAY_SECONDS;
  return TYPICAL_SECONDS;
};
