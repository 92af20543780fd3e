// Building blocks for the dominoes tests: deals written compactly, records as `referee rule` takes them,
// and random legal rounds (seeded) for the properties.
import {
  ALL_TILES,
  isBlocked,
  nextPlayer,
  openMoves,
  rule,
  sameTile,
  tileKey,
  startChain,
  type Ends,
  type Hands,
  type Placement,
  type Move,
  type Player,
  type RuleOutput,
  type Tile,
} from '../../../src/games/dominoes/index.ts';
import { describeError } from '../../../src/core/errors.ts';

export type JsonTile = [number, number];
export type JsonMove =
  { player: number; tile: JsonTile; end?: 'left' | 'right' } | { player: number; pass: true };

/** The contract's example hand for player 0 (docs/formats.md §9). */
export const EXAMPLE_HAND_0: JsonTile[] = [
  [6, 6],
  [6, 5],
  [5, 5],
  [4, 1],
  [3, 0],
  [2, 2],
  [1, 0],
];

/**
 * The contract's example deal, completed: player 2 holds no 6 and no 3 (he passes on ends 6 and 3)
 * and 36 pips (so the teams hold 70 and 77 after the three moves, as the example's output says).
 */
export const EXAMPLE_HANDS: JsonTile[][] = [
  EXAMPLE_HAND_0,
  [
    [1, 6],
    [2, 6],
    [3, 3],
    [3, 4],
    [3, 5],
    [3, 6],
    [4, 6],
  ],
  [
    [4, 5],
    [4, 4],
    [2, 5],
    [2, 4],
    [0, 4],
    [0, 2],
    [0, 0],
  ],
  [
    [0, 5],
    [0, 6],
    [1, 1],
    [1, 2],
    [1, 3],
    [1, 5],
    [2, 3],
  ],
];

export const EXAMPLE_MOVES: JsonMove[] = [
  { player: 0, tile: [6, 6] },
  { player: 1, tile: [6, 3], end: 'right' },
  { player: 2, pass: true },
];

/** A record as `referee rule` takes it; hands and moves as given (invalid ones included, for the error cases). */
export const record = (
  hands: readonly (readonly unknown[])[],
  moves: readonly unknown[],
  match: { scores?: [number, number]; target?: number } | undefined = { scores: [0, 0], target: 200 },
): Record<string, unknown> => ({
  game: 'dominoes',
  ...(match ? { match } : {}),
  round: { hands, moves },
});

/** The ruling on a record that must be valid (the test fails with the error otherwise). */
export const ruled = (json: unknown): RuleOutput => {
  const r = rule(json);
  if (!r.ok) throw new Error(`expected a ruling, got ${describeError(r.error)}`);
  return r.value;
};

/** Pips on tiles written as JSON. */
export const pips = (tiles: readonly (readonly number[])[]): number =>
  tiles.reduce((s, t) => s + (t[0] ?? 0) + (t[1] ?? 0), 0);

/** The tiles of a hand not yet played in these moves (worked out here, apart from the engine). */
export const leftInHand = (hand: readonly JsonTile[], moves: readonly JsonMove[]): JsonTile[] =>
  hand.filter(
    (t) =>
      !moves.some(
        (m) =>
          'tile' in m &&
          ((m.tile[0] === t[0] && m.tile[1] === t[1]) || (m.tile[0] === t[1] && m.tile[1] === t[0])),
      ),
  );

/** Seeded PRNG (mulberry32): the same seed, the same numbers. */
export const prng = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** The 28 tiles shuffled and dealt seven each; each tile's halves in a random order. */
export const randomDeal = (rand: () => number): Tile[][] => {
  const tiles: Tile[] = ALL_TILES.map((t) => (rand() < 0.5 ? t : [t[1], t[0]]));
  for (let i = tiles.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const a = tiles[i];
    const b = tiles[j];
    if (a && b) [tiles[i], tiles[j]] = [b, a];
  }
  return [0, 1, 2, 3].map((p) => tiles.slice(p * 7, p * 7 + 7));
};

export interface RandomRound {
  readonly hands: Tile[][];
  readonly moves: Move[];
}

/**
 * A round played to its end from a deal: each player puts down a random one of his different moves,
 * or passes where he has none; with `falsePass` > 0 he also passes that often while holding a tile
 * that fits (a false pass, which the record may hold). `end` is written only where it is needed, or
 * at random.
 */
export const randomRound = (
  hands: Tile[][],
  first: Player,
  rand: () => number,
  falsePass = 0,
): RandomRound => {
  const held = hands.map((hand) => [...hand]);
  const moves: Move[] = [];
  let ends: Ends | null = null;
  let player = first;
  while (moves.length < 200) {
    const hand = held[player] ?? [];
    const open: Placement[] =
      ends === null
        ? hand.map((tile) => ({ tile, side: 'right' as const, ends: startChain(tile) }))
        : openMoves(ends, hand);
    const pick: Placement | undefined = open[Math.floor(rand() * open.length)];
    if (!pick || rand() < falsePass) {
      moves.push({ player, pass: true });
    } else {
      const needed = ends !== null && openMoves(ends, [pick.tile]).length > 1;
      const withEnd = ends !== null && (needed || rand() < 0.3);
      moves.push(withEnd ? { player, tile: pick.tile, end: pick.side } : { player, tile: pick.tile });
      ends = pick.ends;
      const left = hand.filter((t) => !sameTile(t, pick.tile));
      held[player] = left;
      if (left.length === 0 || isBlocked(held as unknown as Hands, ends)) return { hands, moves };
    }
    player = nextPlayer(player);
  }
  throw new Error('a round that does not end');
};

/** Each tile's key, for comparing sets of tiles. */
export const keys = (tiles: readonly Tile[]): string[] => tiles.map(tileKey).sort();

/** A hand written as the seed writes tiles, two digits each: `h('66 65 55 41 30 22 10')`. */
export const h = (s: string): JsonTile[] =>
  s
    .trim()
    .split(/\s+/)
    .map((t) => [Number(t[0]), Number(t[1])]);

/** Four hands, one string each. */
export const deal = (...hands: string[]): JsonTile[][] => hands.map(h);

/**
 * Moves written compactly: `'0 66'` (player 0 puts down [6, 6]), `'1 63 r'` (on the right end),
 * `'2 pass'`.
 */
export const mv = (...moves: string[]): JsonMove[] =>
  moves.map((s) => {
    const [p, t, e] = s.trim().split(/\s+/);
    const player = Number(p);
    if (t === 'pass') return { player, pass: true };
    const tile: JsonTile = [Number(t?.[0]), Number(t?.[1])];
    if (e === undefined) return { player, tile };
    return { player, tile, end: e === 'l' ? 'left' : 'right' };
  });

/** The compact form of a move, as `mv` reads it. */
export const showMove = (m: Move): string =>
  'pass' in m ? `${m.player} pass` : `${m.player} ${m.tile[0]}${m.tile[1]}${m.end ? ` ${m.end[0]}` : ''}`;
