// What lies on a real club table that is not a ball (held-out 34's rust-clutter): a cube of blue chalk
// on the cloth near a cushion and another on the rail, chalk dust spilled round the first, a rest lying
// along a long cushion, a beer mat on the rail. Placed from the case's seed where each thing is at
// least a ball radius clear of every ball (so none touches or hides one); render.ts draws them and their
// shadows.
import type { Table } from '../../equipment/index.ts';
import { makeRng, type Rng } from '../random.ts';
import {
  segmentDistance2,
  type AltBall,
  type AltClutter,
  type AltClutterItem,
  type Srgb8,
} from './render.ts';
import type { AltVariant } from './style.ts';

/** The variants with things on the table. */
const CLUTTERED: readonly AltVariant[] = ['rust-clutter'];

// A cue chalk's blue (its cupped top darker, drawn by render.ts), the lighter blue of its dust, a
// rest's dark varnished shaft and its brass, a beer mat's card and its printed ring.
const CHALK: Srgb8 = [40, 100, 170];
const DUST: Srgb8 = [110, 150, 205];
const SHAFT: Srgb8 = [40, 28, 22];
const BRASS: Srgb8 = [190, 150, 70];
const CARD: Srgb8 = [232, 226, 206];
const RING: Srgb8 = [176, 36, 40];

const CHALK_SIZE = 22;
/** The rail's inner edge and its outer one, mm outside the bed's edge (render.ts's cushion and rail). */
const RAIL_IN = 50;
const RAIL_OUT = 190;
/** How many places are tried for each thing before it is left off. */
const TRIES = 60;

/** The point `out` mm outside the bed's edge on `side` (0: x = 0, 1: x = width, 2: y = 0, 3: y = length), `along` mm along it. */
const sidePoint = (t: Table, side: number, along: number, out: number): { x: number; y: number } =>
  side === 0
    ? { x: -out, y: along }
    : side === 1
      ? { x: t.width + out, y: along }
      : side === 2
        ? { x: along, y: -out }
        : { x: along, y: t.length + out };

/** A place along a side at least `gap` mm from its corner pockets and (a long side) its middle pocket. */
const alongSide = (t: Table, rng: Rng, side: number, gap: number): number | undefined => {
  const len = side < 2 ? t.length : t.width;
  const a = rng.uniform(gap, len - gap);
  return side < 2 && Math.abs(a - len / 2) < gap ? undefined : a;
};

/** The distance from (x, y) to the segment (ax, ay)–(bx, by). */
const toSegment = (x: number, y: number, ax: number, ay: number, bx: number, by: number): number =>
  Math.sqrt(segmentDistance2(ax, ay, bx, by, x, y));

/**
 * How far a thing's plan reaches from its place: a segment (a rest's shaft to its head's middle, or a
 * point) and a radius round it.
 */
const reachOf = (it: AltClutterItem): { ax: number; ay: number; bx: number; by: number; r: number } => {
  if (it.kind === 'rest') {
    const len = Math.hypot(it.x1 - it.x0, it.y1 - it.y0);
    const bx = it.x1 + ((it.x1 - it.x0) / len) * 40;
    const by = it.y1 + ((it.y1 - it.y0) / len) * 40;
    return { ax: it.x0, ay: it.y0, bx, by, r: Math.max(it.width / 2, it.head / 2) };
  }
  // A blotch of dust fades out by twice its radius (render.ts's dustAt).
  const r = it.kind === 'chalk' ? (it.size * Math.SQRT2) / 2 : it.kind === 'dust' ? 2 * it.r : it.r;
  return { ax: it.x, ay: it.y, bx: it.x, by: it.y, r };
};

/** The least gap (mm) between a thing's plan, as reachOf bounds it, and any ball's. */
export const clutterGap = (it: AltClutterItem, balls: readonly AltBall[], R: number): number => {
  const q = reachOf(it);
  return Math.min(Infinity, ...balls.map((b) => toSegment(b.x, b.y, q.ax, q.ay, q.bx, q.by) - q.r - R));
};

/** Whether two things' plans are `gap` mm apart or more. */
const apart = (a: AltClutterItem, b: AltClutterItem, gap: number): boolean => {
  const p = reachOf(a);
  const q = reachOf(b);
  const d = Math.min(
    toSegment(p.ax, p.ay, q.ax, q.ay, q.bx, q.by),
    toSegment(p.bx, p.by, q.ax, q.ay, q.bx, q.by),
    toSegment(q.ax, q.ay, p.ax, p.ay, p.bx, p.by),
    toSegment(q.bx, q.by, p.ax, p.ay, p.bx, p.by),
  );
  return d - p.r - q.r >= gap;
};

/**
 * A variant's things on the table for a frame (undefined for a variant without them), from its seed:
 * each a ball radius or more clear of every ball and 10 mm clear of each other, a thing no place was
 * found for in TRIES draws left off.
 */
export const altClutter = (
  t: Table,
  balls: readonly AltBall[],
  variant: AltVariant,
  seed: number,
): AltClutter | undefined => {
  if (!CLUTTERED.includes(variant)) return undefined;
  const rng = makeRng(seed ^ 0x3c1a77e);
  const R = t.ballRadius;
  const items: AltClutterItem[] = [];
  const fits = (it: AltClutterItem): boolean =>
    clutterGap(it, balls, R) >= R && items.every((o) => apart(it, o, 10));
  const place = (draw: () => AltClutterItem | undefined): AltClutterItem | undefined => {
    for (let i = 0; i < TRIES; i++) {
      const it = draw();
      if (it && fits(it)) {
        items.push(it);
        return it;
      }
    }
    return undefined;
  };
  // A rest along a long cushion, its butt near one end, its shaft 48 to 70 mm from the nose (its cross
  // head's arms clear of the cushion).
  place(() => {
    const side = rng.int(0, 2);
    const inset = rng.uniform(48, 70);
    const len = rng.uniform(1150, 1400);
    const fromTop = rng.next() < 0.5;
    const butt = rng.uniform(150, 400);
    const y0 = fromTop ? t.length - butt : butt;
    const y1 = fromTop ? y0 - len : y0 + len;
    const x = side === 0 ? inset : t.width - inset;
    return { kind: 'rest', x0: x, y0, x1: x, y1, width: 12, head: 110, colour: SHAFT, brass: BRASS };
  });
  // A chalk on the cloth near a cushion, its dust spilled round it.
  const chalk = place(() => {
    const side = rng.int(0, 4);
    const along = alongSide(t, rng, side, 250);
    if (along === undefined) return undefined;
    const p = sidePoint(t, side, along, -(CHALK_SIZE / 2 + rng.uniform(15, 60)));
    const angle = rng.uniform(0, Math.PI / 2);
    return { kind: 'chalk', ...p, angle, size: CHALK_SIZE, hollow: 13, colour: CHALK };
  });
  if (chalk?.kind === 'chalk')
    for (let n = rng.int(3, 5); n > 0; n--)
      place(() => {
        const away = rng.uniform(50, 170);
        const w = rng.uniform(0, 2 * Math.PI);
        const r = rng.uniform(8, 20);
        const x = chalk.x + away * Math.cos(w);
        const y = chalk.y + away * Math.sin(w);
        if (Math.min(x, y, t.width - x, t.length - y) < 2 * r) return undefined;
        return {
          kind: 'dust',
          x,
          y,
          r,
          amount: rng.uniform(0.35, 0.7),
          seed: rng.int(1, 1 << 30),
          colour: DUST,
        };
      });
  // A chalk on the rail, and a beer mat on the rail (of a ball's size), each well inside its width.
  place(() => {
    const side = rng.int(0, 4);
    const along = alongSide(t, rng, side, 300);
    if (along === undefined) return undefined;
    const p = sidePoint(t, side, along, rng.uniform(RAIL_IN + 20, RAIL_OUT - 20));
    return {
      kind: 'chalk',
      ...p,
      angle: rng.uniform(0, Math.PI / 2),
      size: CHALK_SIZE,
      hollow: 13,
      colour: CHALK,
    };
  });
  place(() => {
    const side = rng.int(0, 4);
    const along = alongSide(t, rng, side, 300);
    if (along === undefined) return undefined;
    const p = sidePoint(t, side, along, (RAIL_IN + RAIL_OUT) / 2);
    return { kind: 'coaster', ...p, r: rng.uniform(28, 34), colour: CARD, ring: RING };
  });
  return { items };
};

/** Whether a variant has things on the table. */
export const hasClutter = (variant: AltVariant): boolean => CLUTTERED.includes(variant);
