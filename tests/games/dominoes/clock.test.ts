// The clock (docs/formats.md §9): "the seconds the seed allows the next player: 60 where one of his moves
// would block the game; else 5 where exactly one move is open to him (one tile on one end, or a forced
// pass); else 20 (and 20 for the round's first tile)." Each position was reached in a legal round;
// the hand of the player to move is written beside it.
import { describe, expect, it } from 'vitest';
import {
  deal,
  EXAMPLE_HANDS,
  EXAMPLE_MOVES,
  mv,
  record,
  ruled,
  type JsonMove,
  type JsonTile,
} from './helpers.ts';
import { DOMINO_THAT_BLOCKS, FISH } from './rounds.ts';

interface Case {
  readonly name: string;
  readonly hands: JsonTile[][];
  readonly moves: JsonMove[];
  readonly next: number | null;
  readonly ends: [number, number] | null;
  readonly clock: number | null;
}

const SEED_1 = deal(
  '66 12 36 16 11 44 15',
  '55 00 22 01 24 31 45',
  '30 60 05 20 56 64 35',
  '25 14 26 40 43 23 33',
);
const SEED_2 = deal(
  '40 33 13 55 41 50 30',
  '56 44 22 26 46 36 11',
  '32 53 52 00 24 34 45',
  '02 15 01 21 16 06 66',
);
const SEED_3 = deal(
  '25 33 01 02 05 32 11',
  '03 53 65 42 06 55 63',
  '12 64 22 61 66 45 14',
  '44 00 62 31 40 43 15',
);
const SEED_170 = deal(
  '34 30 12 63 45 16 55',
  '64 13 66 40 32 11 51',
  '50 25 44 41 22 60 10',
  '33 62 02 35 65 00 42',
);

const cases: Case[] = [
  {
    name: '§9 "20 for the round\'s first tile": no moves yet, next null, clock 20',
    hands: EXAMPLE_HANDS,
    moves: [],
    next: null,
    ends: null,
    clock: 20,
  },
  {
    name: '§9 "else 20": the contract\'s example, player 3 ([0,5] [0,6] [1,1] [1,2] [1,3] [1,5] [2,3]) has three moves on 6 | 3 (seed «в типичной ситуации … двадцать секунд»)',
    hands: EXAMPLE_HANDS,
    moves: EXAMPLE_MOVES,
    next: 3,
    ends: [6, 3],
    clock: 20,
  },
  {
    name: '§9 "5 where exactly one move is open to him (one tile on one end)": player 0 ([6,6] [1,2] [3,6] [1,6] [1,5]) on 5 | 4 has only [1,5] on the 5 (seed «возможен только один вариант хода … пять секунд»)',
    hands: SEED_1,
    moves: mv('0 11', '1 31', '2 35', '3 14', '0 44 l', '1 45 l', '2 05', '3 40'),
    next: 0,
    ends: [5, 4],
    clock: 5,
  },
  {
    name: '§9 "5 … or a forced pass": player 3 ([2,5] [2,6] [4,3] [2,3] [3,3]) has nothing for 1 | 0',
    hands: SEED_1,
    moves: mv('0 11', '1 31', '2 35', '3 14', '0 44 l', '1 45 l', '2 05', '3 40', '0 15 l', '1 24', '2 20'),
    next: 3,
    ends: [1, 0],
    clock: 5,
  },
  {
    name: '§9 "Two placements are different moves when they leave different ends": player 3 ([0,2] [1,5] [0,1] [2,1] [1,6]) on 5 | 5 has only [1,5], the same move on either end: 5',
    hands: SEED_2,
    moves: mv('0 41', '1 46 l', '2 pass', '3 06', '0 13', '1 36', '2 00 l', '3 66', '0 50', '1 26', '2 52 r'),
    next: 3,
    ends: [5, 5],
    clock: 5,
  },
  {
    name: '§9 "one tile that fits two different ends is two moves": player 3\'s only fitting tile [6,2] on 2 | 6 is two moves: 20',
    hands: SEED_3,
    moves: mv('0 05', '1 65', '2 66', '3 40', '0 pass', '1 42 l', '2 22'),
    next: 3,
    ends: [2, 6],
    clock: 20,
  },
  {
    name: '§9 "60 where one of his moves would block the game": player 1 ([1,3] [6,6] [3,2] [1,1]) can close the 2s with [3,2] on the 3 (seed «когда имеется возможность блокировки, составляет одну минуту»)',
    hands: SEED_170,
    moves: mv(
      '0 45',
      '1 40',
      '2 25 r',
      '3 02 l',
      '0 12',
      '1 51',
      '2 22',
      '3 42 l',
      '0 55',
      '1 64',
      '2 50',
      '3 62 l',
      '0 30',
    ),
    next: 1,
    ends: [2, 3],
    clock: 60,
  },
  {
    name: '§9 "60 …" even where the blocking tile is his only move: player 2 before the fish has only [1,1], and it closes the 1s',
    hands: FISH.hands,
    moves: FISH.moves.slice(0, -1),
    next: 2,
    ends: [1, 1],
    clock: 60,
  },
  {
    name: '§9 "60 …" where the tile that would block is his last (the contract\'s "a domino … even if that tile also blocks the game" is a move that blocks)',
    hands: DOMINO_THAT_BLOCKS.hands,
    moves: DOMINO_THAT_BLOCKS.moves.slice(0, -1),
    next: 1,
    ends: [4, 0],
    clock: 60,
  },
  {
    name: 'the round over: no one is to move, next and clock null',
    hands: FISH.hands,
    moves: FISH.moves,
    next: null,
    ends: [1, 1],
    clock: null,
  },
];

describe('§9 clock', () => {
  it.each(cases)('$name', ({ hands, moves, next, ends, clock }) => {
    expect(ruled(record(hands, moves))).toMatchObject({ next, ends, clock });
  });
});
