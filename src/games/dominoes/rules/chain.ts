// The line of tiles on the table, as the rules see it: its two open ends (docs/formats.md §9).
// "The first tile starts the chain as given: `[a, b]` makes the ends `[a, b]` (left, right). A later
// tile goes on `end` `left` or `right`." "Two placements are different moves when they leave different
// ends (one tile that fits two different ends is two moves)."
// seed: «Фишки выкладываются на стол … вплотную к уже выложенным фишкам»; «если ее можно положить с
// обоих концов, игрок сам решает, с какой стороны положить фишку».
import { hasPip, type Pip, type Tile } from '../tiles.ts';

export type Side = 'left' | 'right';
export const SIDES: readonly Side[] = ['left', 'right'];

/** The numbers showing at the two open ends, `[left, right]`. */
export type Ends = readonly [Pip, Pip];

/** One way to put a tile down: the side it goes on and the ends it leaves. */
export interface Placement {
  readonly tile: Tile;
  readonly side: Side;
  readonly ends: Ends;
}

/** The first tile starts the chain as given: `[a, b]` makes the ends `[a, b]`. */
export const startChain = (tile: Tile): Ends => [tile[0], tile[1]];

export const endOf = (ends: Ends, side: Side): Pip => (side === 'left' ? ends[0] : ends[1]);

/** The ends after `tile` goes on `side`, its matching half against that end; null where it does not match. */
export const placeTile = (ends: Ends, tile: Tile, side: Side): Ends | null => {
  const at = endOf(ends, side);
  if (!hasPip(tile, at)) return null;
  const outer = tile[0] === at ? tile[1] : tile[0];
  return side === 'left' ? [outer, ends[1]] : [ends[0], outer];
};

/** The sides whose end the tile matches. */
export const fittingSides = (ends: Ends, tile: Tile): Side[] =>
  SIDES.filter((side) => hasPip(tile, endOf(ends, side)));

/** The tile can go down somewhere (any tile fits while the table is empty). */
export const fits = (ends: Ends | null, tile: Tile): boolean =>
  ends === null || hasPip(tile, ends[0]) || hasPip(tile, ends[1]);

/** The same two numbers showing, whichever side each is on. */
export const sameEnds = (a: Ends, b: Ends): boolean =>
  (a[0] === b[0] && a[1] === b[1]) || (a[0] === b[1] && a[1] === b[0]);

/**
 * The different moves `tile` makes on these ends: two placements are the same move when they leave
 * the same ends, so a tile on ends showing one number is one move, whichever side it goes on (the
 * right side is the one kept). A tile that fits two different ends is two moves.
 */
export const placements = (ends: Ends, tile: Tile): Placement[] => {
  const out: Placement[] = [];
  for (const side of ['right', 'left'] as const) {
    const after = placeTile(ends, tile, side);
    if (after && !out.some((p) => sameEnds(p.ends, after))) out.push({ tile, side, ends: after });
  }
  return out;
};

/** Every different move open to a hand on these ends (none: the player must pass). */
export const openMoves = (ends: Ends, hand: readonly Tile[]): Placement[] =>
  hand.flatMap((tile) => placements(ends, tile));
