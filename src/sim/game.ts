// What the simulator asks of the game it plays (src/games gives it): its bed from a scenario's
// `table`, the layout `"opening"` names, and where a striker puts a cue ball that is in hand.
import type { Result } from '../core/errors.ts';
import type { Table } from '../equipment/bed.ts';
import type { BallId } from '../equipment/pieces.ts';

export interface SimGame {
  /** The scenario's `table` (docs/formats.md §7) as the game's bed; an error names `table`. */
  readonly parseTable: (json: unknown) => Result<Table>;
  /** The layout a scenario's `"balls": "opening"` names, each ball with a unique track name. */
  readonly opening: (table: Table) => readonly { track: string; id: BallId; x: number; y: number }[];
  /** Where the striker places a cue ball in hand, clear of `balls`. */
  readonly placeCueBall: (
    table: Table,
    balls: readonly { x: number; y: number }[],
  ) => { x: number; y: number };
}
