// The set, the players and the table (docs/formats.md §9, first paragraphs).
import { describe, expect, it } from 'vitest';
import {
  ALL_TILES,
  PIPS,
  TOTAL_PIPS,
  dominoesTable,
  isOnTable,
  makeDominoesTableSpec,
  nextPlayer,
  parseDominoesTable,
  parseTile,
  partnerOf,
  pipsIn,
  pipsOf,
  playersOf,
  sameTile,
  teamOf,
  tileKey,
  type Player,
} from '../../../src/games/dominoes/index.ts';
import { pointMm } from '../../../src/core/units.ts';

describe('§9 "A double-six set: 28 tiles [a, b], 0 ≤ a, b ≤ 6, 168 pips in all"', () => {
  it('seed «двадцати восьми элементов»: 28 tiles, all different', () => {
    expect(ALL_TILES).toHaveLength(28);
    expect(new Set(ALL_TILES.map(tileKey)).size).toBe(28);
  });
  it('seed «сто шестьдесят восемь баллов»: 168 pips in all', () => {
    expect(pipsIn(ALL_TILES)).toBe(168);
    expect(TOTAL_PIPS).toBe(168);
  });
  it('seed «седьмой и последней фишкой данной номерной серии»: each number is on seven tiles', () => {
    for (const n of PIPS) expect(ALL_TILES.filter((t) => t[0] === n || t[1] === n)).toHaveLength(7);
  });
  it('seed «Максимальное количество баллов – двойная шестерка»: [6, 6] has 12 pips, [0, 0] none', () => {
    expect(pipsOf([6, 6])).toBe(12);
    expect(pipsOf([0, 0])).toBe(0);
  });
  it('§9 "[a, b] and [b, a] are the same tile"', () => {
    expect(sameTile([6, 3], [3, 6])).toBe(true);
    expect(sameTile([6, 3], [6, 3])).toBe(true);
    expect(sameTile([6, 3], [6, 4])).toBe(false);
    expect(tileKey([6, 3])).toBe(tileKey([3, 6]));
    expect(tileKey([6, 3])).toBe('3:6');
  });

  interface TileCase {
    readonly name: string;
    readonly json: unknown;
    readonly field: string | null;
  }
  const tiles: TileCase[] = [
    { name: '[6, 3] is a tile', json: [6, 3], field: null },
    { name: '[0, 0] is a tile', json: [0, 0], field: null },
    { name: '[7, 0]: a half has at most 6 pips', json: [7, 0], field: 't[0]' },
    { name: '[0, -1]: a half has at least 0 pips', json: [0, -1], field: 't[1]' },
    { name: '[2.5, 1]: whole pips', json: [2.5, 1], field: 't[0]' },
    { name: '[1]: two halves', json: [1], field: 't' },
    { name: '"6:3": a tile is an array', json: '6:3', field: 't' },
  ];
  it.each(tiles)('parseTile: $name', ({ json, field }) => {
    const r = parseTile(json, 't');
    if (field === null) expect(r.ok && r.value).toEqual(json);
    else expect(!r.ok && r.error.field).toBe(field);
  });
});

describe('§9 players: "play in turn, counter-clockwise: player 0, 1, 2, 3, 0, … Partners sit opposite"', () => {
  it('the turn goes 0, 1, 2, 3, 0', () => {
    const order: Player[] = [0];
    for (let i = 0; i < 4; i++) order.push(nextPlayer(order[order.length - 1] ?? 0));
    expect(order).toEqual([0, 1, 2, 3, 0]);
  });
  it('"team 0 is players 0 and 2, team 1 players 1 and 3"', () => {
    expect([0, 1, 2, 3].map((p) => teamOf(p as Player))).toEqual([0, 1, 0, 1]);
    expect(playersOf(0)).toEqual([0, 2]);
    expect(playersOf(1)).toEqual([1, 3]);
    expect(partnerOf(1)).toBe(3);
  });
});

describe('§9 table frame: "The default dominoes table is 900 × 900 mm, its tiles 50 × 25 × 12 mm"', () => {
  it('"dominoes": the default table', () => {
    const r = parseDominoesTable('dominoes');
    expect(r.ok && r.value).toEqual({
      game: 'dominoes',
      width: 900,
      length: 900,
      tile: { length: 50, width: 25, height: 12 },
    });
  });
  it('{ "game": "dominoes", "width", "length", "tile": [l, w, h] }: a table of its own', () => {
    const r = parseDominoesTable({ game: 'dominoes', width: 1000, length: 800, tile: [48, 24, 10] });
    expect(r.ok && r.value).toEqual({
      game: 'dominoes',
      width: 1000,
      length: 800,
      tile: { length: 48, width: 24, height: 10 },
    });
  });
  interface Bad {
    readonly name: string;
    readonly json: unknown;
    readonly field: string;
  }
  const bad: Bad[] = [
    { name: '"snooker" is not a dominoes table', json: 'snooker', field: 'table' },
    {
      name: 'a negative width',
      json: { game: 'dominoes', width: -1, length: 800, tile: [50, 25, 12] },
      field: 'table',
    },
    {
      name: 'a tile of two sizes',
      json: { game: 'dominoes', width: 900, length: 900, tile: [50, 25] },
      field: 'table',
    },
    { name: 'no game', json: { width: 900, length: 900, tile: [50, 25, 12] }, field: 'table' },
  ];
  it.each(bad)('an invalid table is an error naming the field: $name', ({ json, field }) => {
    const r = parseDominoesTable(json);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.field?.startsWith(field)).toBe(true);
  });
  it('the spec written back: "dominoes" for the default, the object otherwise', () => {
    expect(makeDominoesTableSpec(dominoesTable())).toBe('dominoes');
    expect(makeDominoesTableSpec(dominoesTable(1000, 800, [48, 24, 10]))).toEqual({
      game: 'dominoes',
      width: 1000,
      length: 800,
      tile: [48, 24, 10],
    });
  });
  it('"origin at a corner of the playing area, x and y along its edges": on the table or not', () => {
    const t = dominoesTable();
    expect(isOnTable(t, pointMm(450, 431))).toBe(true);
    expect(isOnTable(t, pointMm(0, 900))).toBe(true);
    expect(isOnTable(t, pointMm(-1, 450))).toBe(false);
    expect(isOnTable(t, pointMm(450, 901))).toBe(false);
  });
});
