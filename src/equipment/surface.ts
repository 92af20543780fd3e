// What a game is played on: a pocketed bed for balls (bed.ts), or a flat surface for pieces laid on it
// (dominoes' tiles). Both are a plane of a given size in the table frame (docs/formats.md §1), which
// is all the camera needs; what lies on it, and whether it has pockets, is the game's.
import type { Mm } from '../core/units.ts';
import type { Table } from './bed.ts';

/** A flat playing area with no pockets, cushions or balls: x from 0 to `width`, y from 0 to `length`. */
export interface FlatSurface {
  readonly kind: 'flat';
  readonly name: string;
  readonly width: Mm;
  readonly length: Mm;
}

/** A game's equipment as the core carries it: a bed with pockets, or a flat surface. */
export type Surface = Table | FlatSurface;

/** Whether `s` is a pocketed bed (balls, cushions, pockets), not a flat surface. */
export const isBed = (s: Surface): s is Table => !('kind' in s && s.kind === 'flat');

/**
 * `x` (a calibration, a scene: anything that carries its `table`) as one on a pocketed bed, or
 * undefined where its table is a flat surface: for the ball stages, which need pockets and cushions.
 */
export const onBed = <X extends { readonly table: Surface }>(
  x: X,
): (X & { readonly table: Table }) | undefined =>
  isBed(x.table) ? (x as X & { readonly table: Table }) : undefined;
