// Where the balls stand for the break (seed 2.4, 2.5(a); docs/formats.md §7 `"opening"`): the rack of
// equipment.ts with the black on the foot spot, and the cue ball in hand placed in the cabin on the head
// spot. And where a striker puts a cue ball in hand (seed 2.8: anywhere in the cabin), for the simulator.
import { pointMm } from '../../core/units.ts';
import type { Table } from '../../equipment/bed.ts';
import { ballsOverlap, isOnBed } from '../../equipment/occupancy.ts';
import { inCabin, marksOf, openingRack, type BallId } from './equipment.ts';

export interface PlacedBall {
  /** Unique: a pool set holds one of each ball, so the track is the id. */
  readonly track: string;
  readonly id: BallId;
  readonly x: number;
  readonly y: number;
}

/** The whole opening layout: the cue ball on the head spot, the rack on the foot spot. */
export const openingLayout = (table: Table): PlacedBall[] => {
  const { headSpot } = marksOf(table);
  return [
    { track: 'cue', id: 'cue', x: headSpot.x, y: headSpot.y },
    ...openingRack(table).map((b) => ({ track: b.id, id: b.id, x: b.x as number, y: b.y as number })),
  ];
};

/**
 * Where the striker places a cue ball in hand (seed 2.8): the head spot, or failing that the nearest
 * free place in the cabin on a 1 mm grid of rings round it, clear of every ball and every cushion.
 */
export const placeInCabin = (
  table: Table,
  balls: readonly { x: number; y: number }[],
): { x: number; y: number } => {
  const start = marksOf(table).headSpot;
  const free = (x: number, y: number): boolean => {
    const p = pointMm(x, y);
    return (
      inCabin(p, table, 0) &&
      isOnBed(table, p) &&
      !balls.some((b) => ballsOverlap(table, p, pointMm(b.x, b.y)))
    );
  };
  const reach = Math.hypot(table.width, table.length / 5);
  for (let r = 0; r <= reach; r++)
    for (let k = 0, n = Math.max(1, Math.round(2 * Math.PI * r)); k < n; k++) {
      const x = start.x + r * Math.cos((2 * Math.PI * k) / n);
      const y = start.y + r * Math.sin((2 * Math.PI * k) / n);
      if (free(x, y)) return { x, y };
    }
  return { x: start.x, y: start.y }; // a cabin full of balls: cannot happen with fifteen
};
