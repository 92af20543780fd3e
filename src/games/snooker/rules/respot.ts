// Spotting colours (WPBSA 3.7): where a colour goes back, and the cue ball in hand (3.5).
//
// 3.7: a colour goes on its own spot; if that is occupied, on the highest-value spot available; if
// several colours are to go back and their own spots are occupied, the highest value goes first; if
// every spot is occupied, as near as possible to its own spot between that spot and the nearest part
// of the top cushion (on the line through the spot parallel to the side cushions: the long centre
// line for blue, pink and black); pink and black, with no room there, as near as possible to their
// spot on the centre line below it. In every case the colour must touch no other ball.
//
// On a line, the places where a ball would touch another form open intervals; the nearest free
// place is the spot itself or the end of an interval, found exactly (no stepping).
import { markingsOf } from '../equipment.ts';
import { isOnBed, isSpotOccupied, type Table, type Vec } from '../../../equipment/index.ts';
import { SNOOKER_COLOURS, type SnookerColour } from '../equipment.ts';
import { mm, pointMm, type PointMm } from '../../../core/units.ts';
import type { Ball } from './state.ts';
import { valueOf } from './values.ts';

export interface Respot {
  readonly id: SnookerColour;
  readonly x: number;
  readonly y: number;
}

/**
 * Positions on a line are given to the nanometre, each interval end rounded outwards so that a ball
 * placed there touches its neighbour and never overlaps it by a rounding error.
 */
const GRID_MM = 1e-6;
const outwards = (v: number, direction: 1 | -1): number => {
  const r = Math.round(v / GRID_MM) * GRID_MM;
  return (r - v) * direction >= 0 ? r : r + direction * GRID_MM;
};

/** Open y-intervals on the vertical line x = `x` where a ball centre would overlap one of `balls`. */
const blockedOnLine = (table: Table, x: number, balls: readonly Vec[]): Array<readonly [number, number]> => {
  const d = table.ballDiameter;
  const out: Array<readonly [number, number]> = [];
  for (const b of balls) {
    const dx = Math.abs(b.x - x);
    if (dx >= d) continue;
    const h = Math.sqrt(d * d - dx * dx);
    out.push([outwards(b.y - h, -1), outwards(b.y + h, 1)]);
  }
  return out;
};

/**
 * The nearest place to `spot` on its vertical line, going `direction` (+1 towards the top cushion,
 * -1 towards the baulk cushion), where a ball touches none of `balls` and rests on the bed; null if
 * there is none that way.
 */
export const nearestFreeOnLine = (
  table: Table,
  spot: PointMm,
  direction: 1 | -1,
  balls: readonly Vec[],
): PointMm | null => {
  const blocked = blockedOnLine(table, spot.x, balls);
  const candidates = [spot.y, ...blocked.map(([lo, hi]) => (direction === 1 ? hi : lo))]
    .filter((y) => (y - spot.y) * direction >= 0)
    .sort((a, b) => (a - b) * direction);
  for (const y of candidates) {
    const p = pointMm(spot.x, y);
    if (!isOnBed(table, p)) return null; // past the cushion: every later candidate is further still
    if (blocked.every(([lo, hi]) => y <= lo || y >= hi)) return p;
  }
  return null;
};

/** The spots in order of value, highest first (3.7: "the highest value spot available"). */
const SPOTS_BY_VALUE: readonly SnookerColour[] = [...SNOOKER_COLOURS].sort((a, b) => valueOf(b) - valueOf(a));

/**
 * WPBSA 3.7: put back `colours` (potted or forced off) on a table where `balls` are at rest (the cue
 * ball among them unless in hand). Returns where each goes, in the order they were placed.
 */
export const respot = (table: Table, colours: readonly SnookerColour[], balls: readonly Ball[]): Respot[] => {
  const spots = markingsOf(table).spots;
  const placed: Respot[] = [];
  const occupants = (): PointMm[] => [...balls, ...placed.map(respottedBall)];
  const place = (id: SnookerColour, p: PointMm): void => {
    placed.push({ id, x: p.x, y: p.y });
  };
  const order = [...colours].sort((a, b) => valueOf(b) - valueOf(a));
  // Colours whose own spot is free go there first: the precedence rule is for those whose spots are
  // occupied (3.7), and no colour on its own spot can occupy another's (the spots are far apart).
  const waiting: SnookerColour[] = [];
  for (const id of order) {
    if (!isSpotOccupied(table, spots[id], occupants())) place(id, spots[id]);
    else waiting.push(id);
  }
  for (const id of waiting) {
    const free = SPOTS_BY_VALUE.find((s) => !isSpotOccupied(table, spots[s], occupants()));
    if (free) {
      place(id, spots[free]);
      continue;
    }
    const up = nearestFreeOnLine(table, spots[id], 1, occupants());
    // Pink and black with no room above go below (3.7); the others are given the same fallback, which
    // the rule does not foresee (the line above a baulk colour or the blue has room for every ball).
    const p = up ?? nearestFreeOnLine(table, spots[id], -1, occupants());
    if (!p) throw new Error(`no place on the table for the ${id}`); // unreachable with 22 balls
    place(id, p);
  }
  return placed;
};

/** A respotted colour as a ball on the table. */
export const respottedBall = (r: Respot): Ball => ({ id: r.id, x: mm(r.x), y: mm(r.y) });
