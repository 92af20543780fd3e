// Where the pips sit on a half (the standard patterns of a double-six set): on a 3 × 3 grid centred on
// the half, `along` the tile's length and `across` it, in units of the grid's pitch. The renderer
// draws them there and the detector looks for them there, so both read one table.
import type { Pip } from './tiles.ts';

/** A pip's place on a half, in grid steps from the half's centre: along the tile, across it. */
export interface PipPlace {
  readonly along: -1 | 0 | 1;
  readonly across: -1 | 0 | 1;
}

const at = (along: -1 | 0 | 1, across: -1 | 0 | 1): PipPlace => ({ along, across });

/** The pattern for each number of pips: 2 and 3 on a diagonal, 6 in two rows of three across the tile. */
export const PIP_PATTERNS: Readonly<Record<Pip, readonly PipPlace[]>> = {
  0: [],
  1: [at(0, 0)],
  2: [at(-1, -1), at(1, 1)],
  3: [at(-1, -1), at(0, 0), at(1, 1)],
  4: [at(-1, -1), at(-1, 1), at(1, -1), at(1, 1)],
  5: [at(-1, -1), at(-1, 1), at(0, 0), at(1, -1), at(1, 1)],
  6: [at(-1, -1), at(-1, 0), at(-1, 1), at(1, -1), at(1, 0), at(1, 1)],
};

/** The grid's pitch and a pip's radius, as shares of the tile's width (a 25 mm tile: 6.5 mm, 2.1 mm). */
export const PIP_PITCH = 0.26;
export const PIP_RADIUS = 0.085;
