// Seeded dominoes scenes as real play leaves the table: the four hands dealt from a shuffled set, a
// round played some way (each player in turn lays a matching tile or passes), the chain laid end to
// end with doubles crosswise and turning before the table's edge; the hands lying face down in front
// of their players, or laid face up side by side at the round's end; or tiles scattered as after the
// shuffle. Arms reach over the table towards the chain. Deterministic from the seed.
import type { Calibration, Plane } from '../../../camera/index.ts';
import { makeRng, type Rng } from '../../../sim/random.ts';
import { DEFAULT_DOMINOES_CAMERA, dominoesCamera, type DominoesCameraRange } from './camera.ts';
import type { DominoesTable } from '../equipment.ts';
import { ALL_TILES, HAND_SIZE, hasPip, isDouble, type Pip, type Tile } from '../tiles.ts';
import type { DominoesScene, SceneArm, SceneTile, TileSet } from './scene.ts';

export const LAYOUTS = ['chain', 'endOfRound', 'scattered'] as const;
export type Layout = (typeof LAYOUTS)[number];

export interface LookOptions {
  readonly set?: TileSet;
  readonly cloth?: readonly [number, number, number];
  readonly light?: { readonly gain: number; readonly warmth: number };
  /** Arms over the table: how many (default 0 … 2, drawn from the seed). */
  readonly arms?: number;
  readonly noise?: number;
  readonly jpeg?: number;
}

const DEG = Math.PI / 180;

/** A rectangle in plan: centre, unit axis along its length, half-extents. */
interface Rect {
  readonly x: number;
  readonly y: number;
  readonly ux: number;
  readonly uy: number;
  readonly hl: number;
  readonly hw: number;
}

const rectOf = (t: SceneTile, table: DominoesTable): Rect => ({
  x: t.x,
  y: t.y,
  ux: Math.cos(t.angle * DEG),
  uy: Math.sin(t.angle * DEG),
  hl: table.tile.length / 2,
  hw: table.tile.width / 2,
});

/** Separating-axis test for two rectangles, each grown by `pad` mm. */
const overlaps = (a: Rect, b: Rect, pad: number): boolean => {
  const axes = [
    [a.ux, a.uy],
    [-a.uy, a.ux],
    [b.ux, b.uy],
    [-b.uy, b.ux],
  ] as const;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const extent = (r: Rect, ax: number, ay: number): number =>
    (r.hl + pad) * Math.abs(r.ux * ax + r.uy * ay) + (r.hw + pad) * Math.abs(-r.uy * ax + r.ux * ay);
  return axes.every(([ax, ay]) => Math.abs(dx * ax + dy * ay) < extent(a, ax, ay) + extent(b, ax, ay));
};

const insideTable = (r: Rect, table: DominoesTable, margin: number): boolean => {
  const ex = r.hl * Math.abs(r.ux) + r.hw * Math.abs(r.uy);
  const ey = r.hl * Math.abs(r.uy) + r.hw * Math.abs(r.ux);
  return (
    r.x - ex >= margin &&
    r.y - ey >= margin &&
    r.x + ex <= table.width - margin &&
    r.y + ey <= table.length - margin
  );
};

/** The items in a seeded random order (Fisher–Yates). */
export const shuffle = <T>(rng: Rng, items: readonly T[]): T[] => {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(0, i + 1);
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
};

/** One end of the chain: the middle of its last tile's far edge, the way it grows, the number it shows. */
interface ChainEnd {
  x: number;
  y: number;
  dx: number;
  dy: number;
  pip: Pip;
}

interface Played {
  readonly chain: SceneTile[];
  readonly hands: Tile[][];
}

/**
 * A round played `moves` tiles deep from a shuffled deal, laid as players lay it: each tile against
 * its end with a hair's gap, a double across the line, a turn of a right angle (towards the table's
 * middle) where the next tile would come within `margin` of the edge. Stops early where a tile would
 * not fit.
 */
const playChain = (rng: Rng, table: DominoesTable, moves: number): Played => {
  const L = table.tile.length;
  const W = table.tile.width;
  const deck = shuffle(rng, ALL_TILES);
  const hands = [0, 1, 2, 3].map((p) => deck.slice(p * HAND_SIZE, (p + 1) * HAND_SIZE));
  const chain: SceneTile[] = [];
  const rects: Rect[] = [];
  const margin = 45;
  const jitterAngle = (): number => rng.uniform(-1.5, 1.5);
  const gap = (): number => rng.uniform(0, 1.2);
  const place = (t: SceneTile): boolean => {
    const r = rectOf(t, table);
    if (!insideTable(r, table, 8) || rects.some((o) => overlaps(r, o, -0.05))) return false;
    rects.push(r);
    chain.push(t);
    return true;
  };
  // The first tile: the first player's highest double if he has one, else his first tile.
  const first = hands[0] as Tile[];
  const startIndex = Math.max(
    0,
    first.findIndex((t) => isDouble(t)),
  );
  const start = first.splice(startIndex, 1)[0] as Tile;
  const heading = rng.uniform(-4, 4) + (rng.next() < 0.5 ? 0 : 90);
  const hx = Math.cos(heading * DEG);
  const hy = Math.sin(heading * DEG);
  const cx = table.width / 2 + rng.uniform(-80, 80);
  const cy = table.length / 2 + rng.uniform(-80, 80);
  const startAngle = isDouble(start) ? heading + 90 : heading;
  place({ pips: start, x: cx, y: cy, angle: startAngle, faceDown: false });
  const reach = isDouble(start) ? W / 2 : L / 2;
  const ends: ChainEnd[] = [
    { x: cx - hx * reach, y: cy - hy * reach, dx: -hx, dy: -hy, pip: start[0] },
    { x: cx + hx * reach, y: cy + hy * reach, dx: hx, dy: hy, pip: start[1] },
  ];
  let player = 1;
  let passes = 0;
  for (let m = 1; m < moves && passes < 4; m++, player = (player + 1) % 4) {
    const hand = hands[player] as Tile[];
    const options = hand.flatMap((t, i) => ends.filter((e) => hasPip(t, e.pip)).map((e) => ({ i, e })));
    if (options.length === 0) {
      passes++;
      continue;
    }
    passes = 0;
    const { i, e } = options[rng.int(0, options.length)] as { i: number; e: ChainEnd };
    const tile = hand[i] as Tile;
    const other = (tile[0] === e.pip ? tile[1] : tile[0]) as Pip;
    const g = gap();
    const lateral = rng.uniform(-0.6, 0.6);
    const px = -e.dy;
    const py = e.dx;
    const along = (d: number, s: number): [number, number] => [
      e.x + e.dx * d + px * s,
      e.y + e.dy * d + py * s,
    ];
    let next: SceneTile;
    let far: [number, number];
    let turned: [number, number] | undefined;
    if (isDouble(tile)) {
      const [x, y] = along(W / 2 + g, lateral);
      next = { pips: [e.pip, e.pip], x, y, angle: Math.atan2(py, px) / DEG + jitterAngle(), faceDown: false };
      far = along(W + g, 0);
    } else {
      const [x, y] = along(L / 2 + g, lateral);
      next = {
        pips: [e.pip, other],
        x,
        y,
        angle: Math.atan2(e.dy, e.dx) / DEG + jitterAngle(),
        faceDown: false,
      };
      far = along(L + g, 0);
      const [fx, fy] = along(L + g + margin, 0);
      if (fx < 0 || fy < 0 || fx > table.width || fy > table.length) {
        // Turn a right angle, towards the middle of the table: the tile lies across the old line,
        // its matching half against the end, its side in line with the last tile's side.
        const toMiddle = px * (table.width / 2 - e.x) + py * (table.length / 2 - e.y) >= 0 ? 1 : -1;
        const tx = px * toMiddle;
        const ty = py * toMiddle;
        const x2 = e.x + e.dx * (W / 2 + g) + tx * (L / 2 - W / 2);
        const y2 = e.y + e.dy * (W / 2 + g) + ty * (L / 2 - W / 2);
        next = {
          pips: [e.pip, other],
          x: x2,
          y: y2,
          angle: Math.atan2(ty, tx) / DEG + jitterAngle(),
          faceDown: false,
        };
        far = [x2 + tx * (L / 2), y2 + ty * (L / 2)];
        turned = [tx, ty];
      }
    }
    if (!place(next)) break;
    hand.splice(i, 1);
    e.x = far[0];
    e.y = far[1];
    if (turned) [e.dx, e.dy] = turned;
    e.pip = other;
  }
  return { chain, hands };
};

/** Where each player sits: the middle of his edge, and the way into the table from it. */
const seatOf = (table: DominoesTable, player: number): { x: number; y: number; inx: number; iny: number } =>
  [
    { x: table.width / 2, y: 0, inx: 0, iny: 1 },
    { x: table.width, y: table.length / 2, inx: -1, iny: 0 },
    { x: table.width / 2, y: table.length, inx: 0, iny: -1 },
    { x: 0, y: table.length / 2, inx: 1, iny: 0 },
  ][player] as { x: number; y: number; inx: number; iny: number };

/**
 * A player's tiles in a row in front of him, long sides touching (or a hair apart), standing for
 * his hand: face down while the round goes on, face up when it ends.
 */
const layRow = (
  rng: Rng,
  table: DominoesTable,
  player: number,
  tiles: readonly Tile[],
  faceDown: boolean,
  taken: Rect[],
): SceneTile[] => {
  const seat = seatOf(table, player);
  const W = table.tile.width;
  const depth = rng.uniform(50, 75);
  const sx = seat.iny;
  const sy = -seat.inx;
  const offset = rng.uniform(-120, 120);
  const skew = rng.uniform(-3, 3);
  const out: SceneTile[] = [];
  let along = offset - ((tiles.length - 1) * (W + 0.5)) / 2;
  for (const pips of tiles) {
    const t: SceneTile = {
      pips,
      x: seat.x + seat.inx * depth + sx * along,
      y: seat.y + seat.iny * depth + sy * along,
      angle: Math.atan2(seat.iny, seat.inx) / DEG + skew + rng.uniform(-1, 1) + (rng.next() < 0.5 ? 180 : 0),
      faceDown,
    };
    along += W + rng.uniform(0.2, 1.5);
    const r = rectOf(t, table);
    if (insideTable(r, table, 4) && !taken.some((o) => overlaps(r, o, 0))) {
      taken.push(r);
      out.push(t);
    }
  }
  return out;
};

const scatter = (rng: Rng, table: DominoesTable, tiles: readonly Tile[], taken: Rect[]): SceneTile[] => {
  const out: SceneTile[] = [];
  for (const pips of tiles) {
    for (let tries = 0; tries < 40; tries++) {
      const t: SceneTile = {
        pips,
        x: rng.uniform(40, table.width - 40),
        y: rng.uniform(40, table.length - 40),
        angle: rng.uniform(-180, 180),
        faceDown: rng.next() < 0.3,
      };
      const r = rectOf(t, table);
      if (insideTable(r, table, 4) && !taken.some((o) => overlaps(r, o, 1.5))) {
        taken.push(r);
        out.push(t);
        break;
      }
    }
  }
  return out;
};

/** An arm from a player's edge (`player`'s, or a seeded one's), its hand over `target`. */
export const armOver = (
  rng: Rng,
  table: DominoesTable,
  target: { x: number; y: number },
  player: number = rng.int(0, 4),
): SceneArm => {
  const seat = seatOf(table, player);
  const sideways = rng.uniform(-200, 200);
  return {
    from: [
      seat.x - seat.inx * 250 + seat.iny * sideways,
      seat.y - seat.iny * 250 - seat.inx * sideways,
      rng.uniform(180, 260),
    ],
    to: [target.x + rng.uniform(-30, 30), target.y + rng.uniform(-30, 30), rng.uniform(35, 90)],
  };
};

export const CLOTHS: readonly (readonly [number, number, number])[] = [
  [28, 92, 52],
  [24, 60, 96],
  [70, 38, 32],
  [44, 70, 40],
];

/** A seeded scene of the given layout on `table`; the look drawn from the seed where not given. */
export const randomScene = (
  seed: number,
  layout: Layout,
  table: DominoesTable,
  look: LookOptions = {},
): DominoesScene => {
  const rng = makeRng(seed);
  const taken: Rect[] = [];
  let tiles: SceneTile[];
  if (layout === 'scattered') {
    tiles = scatter(rng, table, shuffle(rng, ALL_TILES).slice(0, rng.int(8, 29)), taken);
  } else {
    const played = playChain(rng, table, rng.int(6, 29));
    taken.push(...played.chain.map((t) => rectOf(t, table)));
    tiles = [
      ...played.chain,
      ...played.hands.flatMap((hand, p) => layRow(rng, table, p, hand, layout === 'chain', taken)),
    ];
  }
  const armCount = look.arms ?? rng.int(0, 3);
  const arms = Array.from({ length: armCount }, () => {
    const t = tiles[rng.int(0, Math.max(1, tiles.length))] ?? { x: table.width / 2, y: table.length / 2 };
    return armOver(rng, table, t);
  });
  return {
    seed,
    set: look.set ?? (rng.next() < 0.5 ? 'ivory' : 'black'),
    cloth: look.cloth ?? (CLOTHS[rng.int(0, CLOTHS.length)] as readonly [number, number, number]),
    light: look.light ?? { gain: rng.uniform(0.55, 1.1), warmth: rng.uniform(-0.2, 0.8) },
    noise: look.noise ?? rng.uniform(1, 3.5),
    jpeg: look.jpeg,
    tiles,
    arms,
  };
};

/**
 * A seeded frame to draw, as the detection benchmark draws one (and its tests, a frame of it): the
 * seed's own camera within `range`, then from the same stream how many arms reach over the table and
 * whether the picture goes through JPEG, and the seed's scene of `layout` in that set and light.
 */
export const seededFrame = <S extends Plane>(
  seed: number,
  layout: Layout,
  table: DominoesTable,
  bed: { readonly table: S; readonly tableSpec: unknown },
  look: Pick<LookOptions, 'set' | 'light'>,
  range: DominoesCameraRange = DEFAULT_DOMINOES_CAMERA,
): { calibration: Calibration<S>; scene: DominoesScene } => {
  const rng = makeRng(seed);
  const calibration = dominoesCamera(rng, range, bed);
  const arms = rng.next() < 0.5 ? rng.int(1, 3) : 0;
  const scene = randomScene(seed, layout, table, {
    ...look,
    arms,
    jpeg: rng.next() < 0.4 ? 85 : undefined,
  });
  return { calibration, scene };
};
