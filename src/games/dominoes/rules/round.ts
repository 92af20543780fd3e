// The round reducer (boardgame.io style): `newRound(hands)`, then `applyMove(round, move)` for each
// move in order of play; pure, errors as values. A round is `moves.reduce(applyMove, newRound(hands))`.
// docs/formats.md §9: four players play in turn, counter-clockwise; a move is a tile put on an end or a
// pass; the round ends "domino" when a player plays his last tile (even if it also blocks), "blocked"
// (the fish) when no player can play.
// seed: «Партия заканчивается выигрышем, когда один из четырех участников выкладывает последнюю
// имеющуюся у него фишку/костяшку.» «Партия заканчивается закрытием или блокировкой («рыбой»), когда
// один из четырех (4) участников выкладывает фишку, которая является седьмой и последней фишкой данной
// номерной серии и приводит к тому, что с обоих концов выкладки на игровом столе находятся фишки этой
// же серии.»
import { err, ok, refereeError, type Result } from '../../../core/errors.ts';
import { nextPlayer, PLAYERS, type Player } from '../players.ts';
import { ALL_TILES, HAND_SIZE, sameTile, tileKey, type Tile } from '../tiles.ts';
import { fits, placeTile, placements, startChain, type Ends, type Side } from './chain.ts';

/** The four hands, by player. */
export type Hands = readonly [readonly Tile[], readonly Tile[], readonly Tile[], readonly Tile[]];

export interface PlayMove {
  readonly player: Player;
  readonly tile: Tile;
  /** Where a later tile goes; may be left out where that is not in doubt. */
  readonly end?: Side;
}

export interface PassMove {
  readonly player: Player;
  readonly pass: true;
}

export type Move = PlayMove | PassMove;

export const isPass = (m: Move): m is PassMove => 'pass' in m;

export type Over = 'domino' | 'blocked';

/** A pass made holding a tile that fitted (docs/formats.md §9), `move` counting the moves from 0. */
export interface Violation {
  readonly move: number;
  readonly player: Player;
  readonly kind: 'falsePass';
}

/** A tile on the table and the move that put it there. */
export interface Down {
  readonly tile: Tile;
  readonly player: Player;
  readonly move: number;
}

export interface Round {
  /** The hands as dealt. */
  readonly dealt: Hands;
  /** The tiles still in each hand. */
  readonly hands: Hands;
  /** The tiles down, in order of play. */
  readonly down: readonly Down[];
  /** The open ends; null until the first tile is down. */
  readonly ends: Ends | null;
  /** Who made the first move; null before it (where no one was named to start). */
  readonly first: Player | null;
  /** Who is to move; null before the first move (where no one was named) and once the round is over. */
  readonly next: Player | null;
  /** Moves made so far (passes included). */
  readonly moves: number;
  readonly over: Over | null;
  /** Who placed the tile that ended the round (his last, or the closing tile of the fish). */
  readonly closedBy: Player | null;
  readonly violations: readonly Violation[];
}

const impossible = (message: string, field: string): Result<never> =>
  err(refereeError('IMPOSSIBLE_STATE', message, field));

const show = (t: Tile): string => `[${t[0]}, ${t[1]}]`;

/**
 * Check a deal: four hands of seven that together are exactly the 28 tiles (docs/formats.md §9: "each
 * player's seven tiles as dealt; together exactly the 28 tiles"). Errors name `field[p]` or the
 * tile, `field[p][k]`.
 */
export const checkHands = (hands: readonly (readonly Tile[])[], field = 'hands'): Result<Hands> => {
  if (hands.length !== PLAYERS.length)
    return impossible(`four hands are dealt, one per player; got ${hands.length}`, field);
  const seen = new Map<string, string>();
  for (const [p, hand] of hands.entries()) {
    if (hand.length !== HAND_SIZE)
      return impossible(`each player is dealt ${HAND_SIZE} tiles; got ${hand.length}`, `${field}[${p}]`);
    for (const [k, tile] of hand.entries()) {
      const here = `${field}[${p}][${k}]`;
      const twin = seen.get(tileKey(tile));
      if (twin !== undefined) return impossible(`${show(tile)} is dealt twice: it is also ${twin}`, here);
      seen.set(tileKey(tile), here);
    }
  }
  // Four hands of seven, no tile twice: 28 different tiles of the set, so every one of them.
  const [h0, h1, h2, h3] = hands;
  if (!h0 || !h1 || !h2 || !h3 || seen.size !== ALL_TILES.length)
    return impossible('the hands are not the 28 tiles', field);
  return ok([h0, h1, h2, h3]);
};

/**
 * A round about to start from this deal. `first`, where known, is who has the right of the first
 * move (seed: «Право первого хода достается тому, кто поднял фишку с наибольшим количеством
 * баллов» — a draw before the deal that the record does not hold); where not given, the first move's
 * player is taken to have it.
 */
export const newRound = (
  hands: readonly (readonly Tile[])[],
  first?: Player,
  field = 'hands',
): Result<Round> => {
  const checked = checkHands(hands, field);
  if (!checked.ok) return checked;
  return ok({
    dealt: checked.value,
    hands: checked.value,
    down: [],
    ends: null,
    first: first ?? null,
    next: first ?? null,
    moves: 0,
    over: null,
    closedBy: null,
    violations: [],
  });
};

/** The player holds a tile that fits (while the table is empty, any tile does). */
export const canPlay = (hand: readonly Tile[], ends: Ends | null): boolean => hand.some((t) => fits(ends, t));

/**
 * No player can play: no tile left in any hand fits either end. With the whole set dealt this is the
 * seed's fish: all seven tiles of a number are down and both ends show it.
 */
export const isBlocked = (hands: Hands, ends: Ends | null): boolean =>
  ends !== null && hands.every((hand) => !canPlay(hand, ends));

/** The hands with player p's replaced. */
export const withHand = (hands: Hands, p: Player, hand: readonly Tile[]): Hands => [
  p === 0 ? hand : hands[0],
  p === 1 ? hand : hands[1],
  p === 2 ? hand : hands[2],
  p === 3 ? hand : hands[3],
];

/** The ends after a later tile: on the end named, or on the only one that makes a difference. */
const endsAfter = (ends: Ends, move: PlayMove, field: string): Result<Ends> => {
  if (move.end !== undefined) {
    const after = placeTile(ends, move.tile, move.end);
    if (after === null)
      return impossible(
        `${show(move.tile)} does not match the ${move.end} end, which shows ${move.end === 'left' ? ends[0] : ends[1]}`,
        `${field}.end`,
      );
    return ok(after);
  }
  const moves = placements(ends, move.tile);
  const [only] = moves;
  if (!only)
    return impossible(`${show(move.tile)} matches neither end (${ends[0]}, ${ends[1]})`, `${field}.tile`);
  if (moves.length > 1)
    return impossible(
      `${show(move.tile)} fits both ends (${ends[0]}, ${ends[1]}), leaving different ends: which one must be given`,
      `${field}.end`,
    );
  return ok(only.ends);
};

const playTile = (round: Round, move: PlayMove, field: string): Result<Round> => {
  const { player, tile } = move;
  const already = round.down.find((d) => sameTile(d.tile, tile));
  if (already)
    return impossible(
      `${show(tile)} is played twice: player ${already.player} put it down at move ${already.move}`,
      `${field}.tile`,
    );
  const hand = round.hands[player];
  if (!hand.some((t) => sameTile(t, tile))) {
    const holder = PLAYERS.find((p) => round.dealt[p].some((t) => sameTile(t, tile)));
    return impossible(
      `${show(tile)} is not in player ${player}'s hand${holder === undefined ? '' : ` (it was dealt to player ${holder})`}`,
      `${field}.tile`,
    );
  }
  // The first tile starts the chain as given; an `end` on it names nothing and is ignored.
  const placed = round.ends === null ? ok(startChain(tile)) : endsAfter(round.ends, move, field);
  if (!placed.ok) return placed;
  const ends = placed.value;
  const left = hand.filter((t) => !sameTile(t, tile));
  const hands = withHand(round.hands, player, left);
  // His last tile is a domino, even if it also blocks the game; else the fish, if no one can play.
  const over: Over | null = left.length === 0 ? 'domino' : isBlocked(hands, ends) ? 'blocked' : null;
  return ok({
    ...round,
    hands,
    down: [...round.down, { tile, player, move: round.moves }],
    ends,
    first: round.first ?? player,
    next: over ? null : nextPlayer(player),
    moves: round.moves + 1,
    over,
    closedBy: over ? player : null,
  });
};

/**
 * Apply one move. Errors (a record that cannot be true) name the field under `field`, e.g.
 * `round.moves[3].tile`. A pass holding a fitting tile is not an error: it is a `falsePass`
 * violation (seed: «В случае если игрок … произносит слово «пас» в тот момент, когда он должен
 * осуществить ход, и при этом у него имеются в наличии подходящие для игры фишки»), and play goes on.
 */
export const applyMove = (round: Round, move: Move, field = 'move'): Result<Round> => {
  if (round.over)
    return impossible(
      `the round is over (${round.over === 'domino' ? 'domino' : 'blocked'} by player ${round.closedBy}); no move can follow`,
      field,
    );
  if (round.next !== null && move.player !== round.next)
    return impossible(
      `out of turn: player ${round.next} is to move (counter-clockwise from player ${round.first ?? round.next}), not player ${move.player}`,
      `${field}.player`,
    );
  if (!isPass(move)) return playTile(round, move, field);
  // seed: «Произнесение слова «пас» является эквивалентом совершения хода.»
  const falsePass = canPlay(round.hands[move.player], round.ends);
  return ok({
    ...round,
    first: round.first ?? move.player,
    next: nextPlayer(move.player),
    moves: round.moves + 1,
    violations: falsePass
      ? [...round.violations, { move: round.moves, player: move.player, kind: 'falsePass' }]
      : round.violations,
  });
};

/** A whole record: the deal, then every move; the first error stops it. */
export const playRound = (
  hands: readonly (readonly Tile[])[],
  moves: readonly Move[],
  first?: Player,
  fields: { readonly hands: string; readonly moves: string } = { hands: 'hands', moves: 'moves' },
): Result<Round> => {
  let round = newRound(hands, first, fields.hands);
  for (const [i, move] of moves.entries()) {
    if (!round.ok) return round;
    round = applyMove(round.value, move, `${fields.moves}[${i}]`);
  }
  return round;
};

/** The tiles still in hand, every hand. */
export const tilesInHand = (round: Round): Tile[] => round.hands.flat();
