// What `referee detect` prints for a dominoes frame (docs/formats.md §9), as types: the tiles face up
// with their pips, centre, angle and halves, and the tiles face down with their centre and angle.
// Play-following reads exactly this.

/** One half of a face-up tile: its pips and its centre on the table (mm). */
export interface SeenHalf {
  readonly pips: number;
  readonly x: number;
  readonly y: number;
}

/**
 * A tile lying face up. `x`, `y`: its centre (mm, table frame, parallax-corrected for the 12 mm face);
 * `angle`: degrees of the line from the first half to the second, from +x towards +y; `pips` the
 * halves' pips in the same order as `halves`.
 */
export interface SeenFaceUpTile {
  readonly pips: readonly [number, number];
  readonly x: number;
  readonly y: number;
  readonly angle: number;
  readonly halves: readonly [SeenHalf, SeenHalf];
  readonly confidence: number;
}

/** A tile lying face down: where it is and which way it lies (degrees, 0 … 180). */
export interface SeenFaceDownTile {
  readonly faceDown: true;
  readonly x: number;
  readonly y: number;
  readonly angle: number;
}

export type SeenTile = SeenFaceUpTile | SeenFaceDownTile;

/** A frame's tiles, as §9's `detect` line holds them (beside `frame` and `ms`). */
export interface TileFrame {
  readonly tiles: readonly SeenTile[];
}

export const isFaceDown = (t: SeenTile): t is SeenFaceDownTile => 'faceDown' in t;
