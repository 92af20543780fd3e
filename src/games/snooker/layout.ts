// Where the balls stand at the break-off (WPBSA Section 3, 2; docs/formats.md §7 `"opening"`): the
// colours on their spots, the fifteen reds in a triangle with its apex towards and as near the pink
// as may be without touching (1 mm clear) and rows touching, the cue ball in the D at (800, 700) on a
// full-size table. One copy: the rules' opening frame, the simulator's `"opening"` and the demo take it.
import { ballsOverlap, isOnBed, type Table } from '../../equipment/index.ts';
import { pointMm } from '../../core/units.ts';
import { SNOOKER_COLOURS, SNOOKER_REDS, type SnookerBallId } from './balls.ts';
import { inD, markingsOf } from './equipment.ts';

export interface PlacedBall {
  /** Unique: `cue`, `red1` (the apex) … `red15` row by row from the left, the colours by id. */
  readonly track: string;
  readonly id: SnookerBallId;
  readonly x: number;
  readonly y: number;
}

/** Gap between the pink and the apex red: "as near as possible without touching" (WPBSA 3.2(a)). */
export const APEX_GAP_MM = 1;

/** The cue ball's break-off place: (800, 700) on a full-size table, in the D. */
export const breakOffPlace = (table: Table): { x: number; y: number } => {
  const m = markingsOf(table);
  // The D's centre is (889, 737) on a full-size table, so this is (800, 700) there.
  return { x: m.d.centre.x - 89, y: m.baulkLine - 37 };
};

/** The reds and colours at the break-off, no cue ball (it is in hand). */
export const openingObjectBalls = (table: Table): PlacedBall[] => {
  const m = markingsOf(table);
  const D = table.ballDiameter;
  const cx = m.d.centre.x;
  // Rows a diameter·√3/2 apart touch; a part in 10¹² more keeps rounding from making them overlap.
  const rowStep = D * (Math.sqrt(3) / 2) * (1 + 1e-12);
  const apexY = m.spots.pink.y + D + APEX_GAP_MM;
  const balls: PlacedBall[] = [];
  let red = 0;
  for (let row = 0; red < SNOOKER_REDS; row++)
    for (let k = 0; k <= row; k++)
      balls.push({ track: `red${++red}`, id: 'red', x: cx + (k - row / 2) * D, y: apexY + row * rowStep });
  for (const c of SNOOKER_COLOURS) balls.push({ track: c, id: c, x: m.spots[c].x, y: m.spots[c].y });
  return balls;
};

/** The whole break-off layout, the cue ball in the D where the simulator's striker puts it. */
export const openingLayout = (table: Table): PlacedBall[] => {
  const cue = breakOffPlace(table);
  return [{ track: 'cue', id: 'cue', ...cue }, ...openingObjectBalls(table)];
};

/**
 * Where the striker places a cue ball in hand (WPBSA 3.11: anywhere in the D): the break-off place,
 * or failing that the nearest free place in the D on a 1 mm grid — the simulator has no striker to
 * choose, and must put it somewhere to play the next stroke.
 */
export const placeInD = (
  table: Table,
  balls: readonly { x: number; y: number }[],
): { x: number; y: number } => {
  const m = markingsOf(table);
  const start = breakOffPlace(table);
  const free = (x: number, y: number): boolean =>
    inD(m, pointMm(x, y)) &&
    isOnBed(table, pointMm(x, y)) &&
    !balls.some((b) => ballsOverlap(table, pointMm(x, y), pointMm(b.x, b.y)));
  for (let r = 0; r <= 2 * m.d.radius; r++)
    for (let k = 0, n = Math.max(1, Math.round(2 * Math.PI * r)); k < n; k++) {
      const x = start.x + r * Math.cos((2 * Math.PI * k) / n);
      const y = start.y + r * Math.sin((2 * Math.PI * k) / n);
      if (free(x, y)) return { x, y };
    }
  return start; // a D full of balls: cannot happen in snooker
};
