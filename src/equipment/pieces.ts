// The pieces a game is played with: the ids the games' contracts give (`cue`, `red` and the colours;
// pool's `cue`, `1` … `15`) and how many of each a set holds. Which piece is worth what is the game's.

/** A ball's id, as the contract spells it. */
export type BallId = string;

/** What a ball looks like from above: its colour (sRGB, 0–255), a stripe, a number in a white circle. */
export interface BallLook {
  readonly colour: readonly [number, number, number];
  /** A white ball with a band of `colour` round it (pool's stripes). */
  readonly stripe?: boolean;
  /** The number printed in a white circle (pool). */
  readonly number?: string;
}

/** Does this look carry marks (a stripe, a number) that show which way up the ball is? A ball without is
 * one plain colour all round. */
export const isMarked = (look: BallLook | undefined): boolean =>
  look !== undefined && (look.stripe === true || look.number !== undefined);

export interface BallSet {
  /** Every id, in a fixed order (the classifier's outputs follow it). */
  readonly ids: readonly BallId[];
  /** How many of each id a full set holds. */
  readonly capacity: Readonly<Record<BallId, number>>;
  /** How each id looks: what the renderer draws and the pages show. */
  readonly look: Readonly<Record<BallId, BallLook>>;
}

/** How many of this id the set holds (0 for an id not in it). */
export const capacityOf = (set: BallSet, id: BallId): number => set.capacity[id] ?? 0;

/** A ball's track name: its id, numbered where the set holds several of it (`red1` … `red15`). */
export const trackName = (set: BallSet, id: BallId, n: number): string =>
  capacityOf(set, id) > 1 ? `${id}${n}` : id;
