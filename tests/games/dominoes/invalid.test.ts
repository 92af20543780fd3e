// Records that cannot be true or are not of the right form (docs/formats.md §9: "A record that cannot be
// true (a tile not in that player's hand, played twice, not matching the end it is put on, a move out
// of turn, hands that are not the 28 tiles) gets exit code 2, naming the move or the field"; "end
// left out where the tile fits two different ends is an invalid record"). `rule` returns the error
// (the CLI turns it into exit code 2); never a ruling.
import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/games/dominoes/index.ts';
import { deal, EXAMPLE_HANDS, EXAMPLE_MOVES, mv, record } from './helpers.ts';
import { FISH } from './rounds.ts';

interface Case {
  readonly name: string;
  readonly json: unknown;
  readonly code: 'INVALID_INPUT' | 'IMPOSSIBLE_STATE';
  readonly field: string | undefined;
}

const SEED_3 = deal(
  '25 33 01 02 05 32 11',
  '03 53 65 42 06 55 63',
  '12 64 22 61 66 45 14',
  '44 00 62 31 40 43 15',
);
const SEED_3_MOVES = mv('0 05', '1 65', '2 66', '3 40', '0 pass', '1 42 l', '2 22');

const [h0, h1, h2, h3] = EXAMPLE_HANDS as [
  (typeof EXAMPLE_HANDS)[0],
  (typeof EXAMPLE_HANDS)[0],
  (typeof EXAMPLE_HANDS)[0],
  (typeof EXAMPLE_HANDS)[0],
];

const cases: Case[] = [
  // The hands: "each player's seven tiles as dealt; together exactly the 28 tiles".
  {
    name: '§9 hands not the 28 tiles: [6, 6] dealt to players 0 and 1, named where it is dealt the second time',
    json: record([h0, [[6, 6], ...h1.slice(1)], h2, h3], []),
    code: 'IMPOSSIBLE_STATE',
    field: 'round.hands[1][0]',
  },
  {
    name: '§9 hands not the 28 tiles: [3, 6] and [6, 3] are the same tile, dealt twice',
    json: record([h0, h1, [[6, 3], ...h2.slice(1)], h3], []),
    code: 'IMPOSSIBLE_STATE',
    field: 'round.hands[2][0]',
  },
  {
    name: '§9 hands not the 28 tiles: a hand of six',
    json: record([h0, h1.slice(1), h2, h3], []),
    code: 'INVALID_INPUT',
    field: 'round.hands[1]',
  },
  {
    name: '§9 hands not the 28 tiles: a hand of eight',
    json: record([h0, h1, h2, [...h3, [0, 0]]], []),
    code: 'INVALID_INPUT',
    field: 'round.hands[3]',
  },
  {
    name: '§9 hands not the 28 tiles: three hands',
    json: record([h0, h1, h2], []),
    code: 'INVALID_INPUT',
    field: 'round.hands',
  },
  {
    name: '§9 "0 ≤ a, b ≤ 6": a half with 7 pips',
    json: record([h0, h1, [...h2.slice(0, 5), [2, 7], ...h2.slice(6)], h3], []),
    code: 'INVALID_INPUT',
    field: 'round.hands[2][5][1]',
  },
  {
    name: '§9 a tile is [a, b]: three numbers',
    json: record([h0, h1, h2, [[0, 5, 1], ...h3.slice(1)]], []),
    code: 'INVALID_INPUT',
    field: 'round.hands[3][0]',
  },
  // The moves.
  {
    name: "§9 a tile not in that player's hand: player 1 puts down [0, 6], dealt to player 3",
    json: record(EXAMPLE_HANDS, mv('0 66', '1 06')),
    code: 'IMPOSSIBLE_STATE',
    field: 'round.moves[1].tile',
  },
  {
    name: "§9 a tile not in that player's hand: the first tile too",
    json: record(EXAMPLE_HANDS, mv('0 33')),
    code: 'IMPOSSIBLE_STATE',
    field: 'round.moves[0].tile',
  },
  {
    name: '§9 a tile played twice: player 0 puts [6, 6] down again',
    json: record(EXAMPLE_HANDS, mv('0 66', '1 63 r', '2 pass', '3 06 l', '0 66')),
    code: 'IMPOSSIBLE_STATE',
    field: 'round.moves[4].tile',
  },
  {
    name: '§9 not matching the end it is put on: [6, 5] on the 1 of 6 | 1',
    json: record(EXAMPLE_HANDS, [...EXAMPLE_MOVES, ...mv('3 13 r', '0 65 r')]),
    code: 'IMPOSSIBLE_STATE',
    field: 'round.moves[4].end',
  },
  {
    name: '§9 not matching the end it is put on: [0, 6] on the left of 3 | 6 … written the other way round',
    json: record(EXAMPLE_HANDS, mv('0 66', '1 63 l', '2 pass', '3 06 l')),
    code: 'IMPOSSIBLE_STATE',
    field: 'round.moves[3].end',
  },
  {
    name: '§9 not matching either end, no end given: [3, 0] on 6 | 1',
    json: record(EXAMPLE_HANDS, [...EXAMPLE_MOVES, ...mv('3 13 r', '0 30')]),
    code: 'IMPOSSIBLE_STATE',
    field: 'round.moves[4].tile',
  },
  {
    name: '§9 "end left out where the tile fits two different ends is an invalid record": [6, 2] on 2 | 6',
    json: record(SEED_3, [...SEED_3_MOVES, ...mv('3 62')]),
    code: 'IMPOSSIBLE_STATE',
    field: 'round.moves[7].end',
  },
  {
    name: '§9 a move out of turn: player 2 after player 0 (counter-clockwise: player 1 is next)',
    json: record(EXAMPLE_HANDS, mv('0 66', '2 44')),
    code: 'IMPOSSIBLE_STATE',
    field: 'round.moves[1].player',
  },
  {
    name: '§9 a move out of turn: player 0 twice in a row',
    json: record(EXAMPLE_HANDS, mv('0 66', '0 65')),
    code: 'IMPOSSIBLE_STATE',
    field: 'round.moves[1].player',
  },
  {
    name: '§9 a move out of turn: a pass out of turn is out of turn too',
    json: record(EXAMPLE_HANDS, mv('0 66', '1 63 r', '3 pass')),
    code: 'IMPOSSIBLE_STATE',
    field: 'round.moves[2].player',
  },
  {
    name: '§9 moves after the round is over (the fish): no move can follow',
    json: record(FISH.hands, [...FISH.moves, ...mv('3 pass')]),
    code: 'IMPOSSIBLE_STATE',
    field: 'round.moves[15]',
  },
  // The form of the record.
  {
    name: 'a move with neither a tile nor a pass',
    json: record(EXAMPLE_HANDS, [{ player: 0 }]),
    code: 'INVALID_INPUT',
    field: 'round.moves[0].tile',
  },
  {
    name: 'a move with a tile and a pass',
    json: record(EXAMPLE_HANDS, [{ player: 0, tile: [6, 6], pass: true }]),
    code: 'INVALID_INPUT',
    field: 'round.moves[0]',
  },
  {
    name: '§9 players are 0 … 3: player 4',
    json: record(EXAMPLE_HANDS, [{ player: 4, tile: [6, 6] }]),
    code: 'INVALID_INPUT',
    field: 'round.moves[0].player',
  },
  {
    name: '§9 end is "left" or "right"',
    json: record(EXAMPLE_HANDS, [
      { player: 0, tile: [6, 6] },
      { player: 1, tile: [6, 3], end: 'up' },
    ]),
    code: 'INVALID_INPUT',
    field: 'round.moves[1].end',
  },
  {
    name: '§9 the game is "dominoes"',
    json: { ...record(EXAMPLE_HANDS, []), game: 'snooker' },
    code: 'INVALID_INPUT',
    field: 'game',
  },
  {
    name: 'no round',
    json: { game: 'dominoes', match: { scores: [0, 0], target: 200 } },
    code: 'INVALID_INPUT',
    field: 'round',
  },
  {
    name: 'a target of 0',
    json: record(EXAMPLE_HANDS, [], { scores: [0, 0], target: 0 }),
    code: 'INVALID_INPUT',
    field: 'match.target',
  },
  {
    name: 'a score that is not a whole number',
    json: record(EXAMPLE_HANDS, [], { scores: [0, 1.5], target: 200 }),
    code: 'INVALID_INPUT',
    field: 'match.scores[1]',
  },
  { name: 'not an object at all', json: 'dominoes', code: 'INVALID_INPUT', field: undefined },
];

describe('§9 invalid records: an error naming the move or the field, never a ruling', () => {
  it.each(cases)('$name', ({ json, code, field }) => {
    const r = rule(json);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(code);
    expect(r.error.field).toBe(field);
    expect(r.error.message.length).toBeGreaterThan(0);
  });

  it('the message says what was wrong: whose hand the tile was dealt to', () => {
    const r = rule(record(EXAMPLE_HANDS, mv('0 66', '1 06')));
    expect(r.ok ? '' : r.error.message).toMatch(/not in player 1's hand.*dealt to player 3/);
  });

  it('a pass holding a fitting tile is not an invalid record: it is a violation (§9 "a false pass is found from them afterwards")', () => {
    expect(rule(record(EXAMPLE_HANDS, [...EXAMPLE_MOVES, ...mv('3 pass')])).ok).toBe(true);
  });

  it('an `end` on the first tile names nothing and is accepted', () => {
    const r = rule(record(EXAMPLE_HANDS, [{ player: 0, tile: [6, 5], end: 'left' }]));
    expect(r.ok && r.value.ends).toEqual([6, 5]);
  });

  it('`end: null` is taken as no end', () => {
    const r = rule(
      record(EXAMPLE_HANDS, [
        { player: 0, tile: [6, 6] },
        { player: 1, tile: [6, 3], end: null },
      ]),
    );
    expect(r.ok && r.value.ends).toEqual([6, 3]);
  });
});
