// The double-six set (docs/formats.md §9): 28 tiles `[a, b]`, 0 ≤ a, b ≤ 6, 168 pips in all; `[a, b]` and
// `[b, a]` are the same tile.
// seed: «Набор для игры в Домино состоит из двадцати восьми элементов, называемых фишками или
// костяшками.» … «Суммарное число всех очков или баллов двадцати восьми фишек Домино составляет сто
// шестьдесят восемь баллов.»
import { z } from 'zod';
import { type Result } from '../../core/errors.ts';
import { parseWith } from '../../core/schema.ts';

/** The pips on one half of a tile: 0 (blank) … 6. */
export type Pip = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** A tile as its two halves, in the order given (the first half, then the second). */
export type Tile = readonly [Pip, Pip];

export const MAX_PIP = 6;
export const PIPS: readonly Pip[] = [0, 1, 2, 3, 4, 5, 6];

/** Every tile of the set once, lower half first: [0,0], [0,1] … [6,6]. */
export const ALL_TILES: readonly Tile[] = PIPS.flatMap((a) =>
  PIPS.filter((b) => b >= a).map((b): Tile => [a, b]),
);

/** 28 tiles. */
export const TILE_COUNT = ALL_TILES.length;
/** Tiles each of the four players is dealt. */
export const HAND_SIZE = 7;
/** seed: «сто шестьдесят восемь баллов». */
export const TOTAL_PIPS = 168;
/** A number (a "series", seed: «номерной серии») is on seven tiles: six mixed and its double. */
export const TILES_PER_NUMBER = 7;

export const isPip = (n: number): n is Pip => Number.isInteger(n) && n >= 0 && n <= MAX_PIP;

/** `[a, b]` and `[b, a]` are the same tile. */
export const sameTile = (a: Tile, b: Tile): boolean =>
  (a[0] === b[0] && a[1] === b[1]) || (a[0] === b[1] && a[1] === b[0]);

/** A key the same for `[a, b]` and `[b, a]`, lower half first, as the seed writes a tile: `"3:6"`. */
export const tileKey = (t: Tile): string => `${Math.min(t[0], t[1])}:${Math.max(t[0], t[1])}`;

/** The pips on a tile, both halves. */
export const pipsOf = (t: Tile): number => t[0] + t[1];

/** The pips on a set of tiles. */
export const pipsIn = (tiles: readonly Tile[]): number => tiles.reduce((sum, t) => sum + pipsOf(t), 0);

export const isDouble = (t: Tile): boolean => t[0] === t[1];

/** The tile shows `pip` on one of its halves. */
export const hasPip = (t: Tile, pip: Pip): boolean => t[0] === pip || t[1] === pip;

/** The tile written as JSON, plain numbers: `[6, 3]`. */
export const makeTile = (t: Tile): [number, number] => [t[0], t[1]];

const pip = z
  .number({ error: 'expected a number of pips, 0 … 6' })
  .int({ error: 'expected a whole number of pips, 0 … 6' })
  .min(0, { error: 'a half has 0 … 6 pips' })
  .max(MAX_PIP, { error: 'a half has 0 … 6 pips' })
  .transform((n) => n as Pip);

/** `[a, b]`, each half 0 … 6 pips. */
export const tileSchema = z.tuple([pip, pip], { error: 'expected a tile [a, b], each 0 … 6' });

/** A tile from JSON; errors name `field` (and the half, e.g. `round.hands[2][5][1]`). */
export const parseTile = (json: unknown, field = ''): Result<Tile> =>
  parseWith(tileSchema, json, 'INVALID_INPUT', field);
