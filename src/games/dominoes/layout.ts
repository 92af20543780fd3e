// Where tiles lie on the table, in the table frame (docs/formats.md §9, mm): the chain as real play lays
// it — end to end, doubles crosswise, turning at the table's edge — and the tiles each player lays face up
// in front of him at the round's end. Each tile is written as `referee detect` prints it (centre, angle,
// halves with their pips), so a layout is the truth a detection is checked against, and what the
// follower's tests and a renderer draw from. Pure.
// seed: «Фишки выкладываются на стол … вплотную к уже выложенным фишкам».
import type { DominoesTable } from './equipment.ts';
import type { Side } from './rules/chain.ts';
import type { Player } from './players.ts';
import { isDouble, type Pip, type Tile } from './tiles.ts';

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A tile face up, as `referee detect` prints it (§9): its halves in order, `angle` from the first to the second. */
export interface TileOnTable {
  readonly pips: readonly [Pip, Pip];
  readonly x: number;
  readonly y: number;
  /** Degrees of the line from the first half to the second, from +x towards +y. */
  readonly angle: number;
  readonly halves: readonly [
    { readonly pips: Pip; readonly x: number; readonly y: number },
    { readonly pips: Pip; readonly x: number; readonly y: number },
  ];
}

/** A tile as it was put down: the first starts the chain as given; a later one goes on `side`. */
export interface Laid {
  readonly tile: Tile;
  readonly side?: Side;
}

const add = (p: Point, q: Point, k = 1): Point => ({ x: p.x + q.x * k, y: p.y + q.y * k });
/** A quarter turn from +x towards +y: (1, 0) → (0, 1), (−1, 0) → (0, −1). */
const turn = (d: Point): Point => ({ x: -d.y, y: d.x });
const r2 = (n: number): number => Math.round(n * 100) / 100;

const tileAt = (first: Pip, second: Pip, a: Point, b: Point): TileOnTable => {
  const angle = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
  return {
    pips: [first, second],
    x: r2((a.x + b.x) / 2),
    y: r2((a.y + b.y) / 2),
    angle: r2(angle),
    halves: [
      { pips: first, x: r2(a.x), y: r2(a.y) },
      { pips: second, x: r2(b.x), y: r2(b.y) },
    ],
  };
};

/** One open end of the chain: the middle of its outer edge, the way it grows, the number it shows. */
interface Arm {
  readonly at: Point;
  readonly towards: Point;
  readonly shows: Pip;
}

/**
 * The chain after these tiles, in the order they were put down (the first starts it at the table's
 * centre, its first half on the left; a later tile on its `side`, its matching half inwards). Each arm
 * grows outwards along x and turns a quarter (the right arm towards +y, the left towards −y) where the
 * next tile would come nearer the edge than `margin` mm (default: two tile lengths, clear of the hands
 * laid out at the round's end, `layHand`); a
 * double lies crosswise and never turns. A tile that matches neither end is not laid (the layout is
 * for legal rounds: its caller is the rules engine).
 */
export const layChain = (
  table: DominoesTable,
  tiles: readonly Laid[],
  margin: number = table.tile.length * 2,
): TileOnTable[] => {
  const L = table.tile.length;
  const W = table.tile.width;
  const out: TileOnTable[] = [];
  const [first, ...rest] = tiles;
  if (!first) return out;
  const c: Point = { x: table.width / 2, y: table.length / 2 };
  const X: Point = { x: 1, y: 0 };
  const Y: Point = { x: 0, y: 1 };
  const [a, b] = first.tile;
  let left: Arm;
  let right: Arm;
  if (isDouble(first.tile)) {
    out.push(tileAt(a, b, add(c, Y, -L / 4), add(c, Y, L / 4)));
    left = { at: add(c, X, -W / 2), towards: { x: -1, y: 0 }, shows: a };
    right = { at: add(c, X, W / 2), towards: X, shows: b };
  } else {
    out.push(tileAt(a, b, add(c, X, -L / 4), add(c, X, L / 4)));
    left = { at: add(c, X, -L / 2), towards: { x: -1, y: 0 }, shows: a };
    right = { at: add(c, X, L / 2), towards: X, shows: b };
  }
  const inside = (p: Point): boolean =>
    p.x >= margin && p.y >= margin && p.x <= table.width - margin && p.y <= table.length - margin;
  for (const t of rest) {
    const arm = t.side === 'left' ? left : right;
    const [p, q] = t.tile;
    if (p !== arm.shows && q !== arm.shows) continue;
    const inner = arm.shows;
    const outer = p === inner ? q : p;
    const d = arm.towards;
    let next: Arm;
    if (isDouble(t.tile)) {
      // Crosswise: its long side against the end.
      const centre = add(arm.at, d, W / 2);
      const across = turn(d);
      out.push(tileAt(inner, outer, add(centre, across, -L / 4), add(centre, across, L / 4)));
      next = { at: add(arm.at, d, W), towards: d, shows: outer };
    } else if (inside(add(arm.at, d, L))) {
      out.push(tileAt(inner, outer, add(arm.at, d, L / 4), add(arm.at, d, (3 * L) / 4)));
      next = { at: add(arm.at, d, L), towards: d, shows: outer };
    } else {
      // At the edge the line turns: the tile lies across the old direction, its inner half just past the
      // end (so that half's centre is as far from the end as on a straight line), the rest along the new.
      const e = turn(d);
      const centre = add(add(arm.at, d, W / 2), e, L / 2 - W / 2);
      out.push(tileAt(inner, outer, add(centre, e, -L / 4), add(centre, e, L / 4)));
      next = { at: add(centre, e, L / 2), towards: e, shows: outer };
    }
    if (t.side === 'left') left = next;
    else right = next;
  }
  return out;
};

/**
 * Where each player sits: counter-clockwise seen from above (x right, y up), player 0 at the edge y = 0,
 * player 1 at x = width, player 2 at y = length, player 3 at x = 0 (§9: they play 0, 1, 2, 3
 * counter-clockwise; partners opposite).
 */
export const seatAt = (table: DominoesTable, p: Point): Player => {
  const distances = [p.y, table.width - p.x, table.length - p.y, p.x];
  const nearest = distances.indexOf(Math.min(...distances));
  return nearest as Player;
};

/**
 * The tiles a player holds laid face up in a row in front of him at the round's end (for the count),
 * `inset` mm from his edge (default 0.9 tile lengths: nearer the edge than the chain ever comes), across the middle of his side, a tile's width
 * and a half apart, each with its long side towards the centre.
 */
export const layHand = (
  table: DominoesTable,
  player: Player,
  tiles: readonly Tile[],
  inset: number = table.tile.length * 0.9,
): TileOnTable[] => {
  const L = table.tile.length;
  const step = table.tile.width * 1.5;
  // The edge's middle, the way towards the centre, the way along the row.
  const seats: readonly (readonly [Point, Point, Point])[] = [
    [
      { x: table.width / 2, y: 0 },
      { x: 0, y: 1 },
      { x: 1, y: 0 },
    ],
    [
      { x: table.width, y: table.length / 2 },
      { x: -1, y: 0 },
      { x: 0, y: 1 },
    ],
    [
      { x: table.width / 2, y: table.length },
      { x: 0, y: -1 },
      { x: -1, y: 0 },
    ],
    [
      { x: 0, y: table.length / 2 },
      { x: 1, y: 0 },
      { x: 0, y: -1 },
    ],
  ];
  const [edge, inward, along] = seats[player] as readonly [Point, Point, Point];
  const base = add(edge, inward, inset);
  return tiles.map((t, i) => {
    const centre = add(base, along, (i - (tiles.length - 1) / 2) * step);
    return tileAt(t[0], t[1], add(centre, inward, -L / 4), add(centre, inward, L / 4));
  });
};
