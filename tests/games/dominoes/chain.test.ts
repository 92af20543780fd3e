// The chain and the round reducer, through their own API (the service replays a round move by move).
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  clockFor,
  fittingSides,
  newRound,
  openMoves,
  placeTile,
  placements,
  sameEnds,
  startChain,
  type Ends,
  type Round,
  type Tile,
} from '../../../src/games/dominoes/index.ts';
import { EXAMPLE_HANDS } from './helpers.ts';

const hands = EXAMPLE_HANDS as unknown as Tile[][];

const started = (): Round => {
  const r = newRound(hands);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('§9 chain: ends, placing a tile, different moves', () => {
  interface Case {
    readonly name: string;
    readonly ends: Ends;
    readonly tile: Tile;
    readonly moves: readonly Ends[];
  }
  const cases: Case[] = [
    {
      name: 'a tile that fits one end only is one move: [6, 5] on 6 | 3',
      ends: [6, 3],
      tile: [6, 5],
      moves: [[5, 3]],
    },
    { name: 'a tile that fits no end is no move: [1, 2] on 6 | 3', ends: [6, 3], tile: [1, 2], moves: [] },
    {
      name: '"one tile that fits two different ends is two moves": [6, 3] on 6 | 3',
      ends: [6, 3],
      tile: [6, 3],
      moves: [
        [6, 6],
        [3, 3],
      ],
    },
    {
      name: '"two placements are different moves when they leave different ends": [6, 3] on 6 | 6 is one move',
      ends: [6, 6],
      tile: [6, 3],
      moves: [[6, 3]],
    },
    { name: 'a double on ends that show it: one move', ends: [4, 4], tile: [4, 4], moves: [[4, 4]] },
    { name: 'a double on one end: [3, 3] on 6 | 3', ends: [6, 3], tile: [3, 3], moves: [[6, 3]] },
    {
      name: 'a tile whose halves are the two ends, written the other way: [3, 6] on 6 | 3',
      ends: [6, 3],
      tile: [3, 6],
      moves: [
        [6, 6],
        [3, 3],
      ],
    },
  ];
  it.each(cases)('$name', ({ ends, tile, moves }) => {
    const got = placements(ends, tile);
    expect(got).toHaveLength(moves.length);
    for (const [i, m] of moves.entries()) expect(sameEnds(got[i]?.ends ?? [0, 0], m)).toBe(true);
  });

  it('§9 "[a, b] makes the ends [a, b] (left, right)"', () => {
    expect(startChain([2, 5])).toEqual([2, 5]);
  });
  it('a tile on the left: its matching half against the left end, its other half the new left end', () => {
    expect(placeTile([6, 3], [5, 6], 'left')).toEqual([5, 3]);
    expect(placeTile([6, 3], [5, 6], 'right')).toBeNull();
    expect(fittingSides([6, 3], [3, 6])).toEqual(['left', 'right']);
  });
  it('every different move of a hand: player 3 of the example on 6 | 3 has three', () => {
    expect(openMoves([6, 3], hands[3] ?? [])).toHaveLength(3);
  });
});

describe('the round reducer: newRound(hands, first?), applyMove(round, move)', () => {
  it('seed «Право первого хода»: with a first player named, he is next and the clock is 20', () => {
    const r = newRound(hands, 2);
    expect(r.ok && r.value.next).toBe(2);
    expect(r.ok && clockFor(r.value)).toBe(20);
  });
  it('with a first player named, anyone else moving first is out of turn', () => {
    const r = newRound(hands, 2);
    if (!r.ok) throw new Error('deal');
    const moved = applyMove(r.value, { player: 0, tile: [6, 6] });
    expect(!moved.ok && moved.error).toMatchObject({ code: 'IMPOSSIBLE_STATE', field: 'move.player' });
  });
  it('pure: applying a move leaves the round it was given as it was', () => {
    const before = started();
    const copy = structuredClone(before);
    const after = applyMove(before, { player: 0, tile: [6, 6] });
    expect(before).toStrictEqual(copy);
    expect(after.ok && after.value.hands[0]).toHaveLength(6);
    expect(after.ok && after.value.down).toEqual([{ tile: [6, 6], player: 0, move: 0 }]);
  });
  it('errors name the field under the prefix given', () => {
    const moved = applyMove(started(), { player: 0, tile: [3, 3] }, 'round.moves[0]');
    expect(!moved.ok && moved.error.field).toBe('round.moves[0].tile');
  });
  it('newRound rejects a deal that is not the 28 tiles, naming the tile', () => {
    const r = newRound([hands[0] ?? [], hands[0] ?? [], hands[2] ?? [], hands[3] ?? []]);
    expect(!r.ok && r.error.field).toBe('hands[1][0]');
  });
});
