// The balls at the start of a frame (WPBSA 3.2): colours on their spots, fifteen reds in a triangle
// behind the pink, its apex as near the pink as can be without touching, the cue ball in hand.
import { type Table } from '../../../equipment/index.ts';
import { snookerTable } from '../equipment.ts';
import { openingObjectBalls } from '../layout.ts';
import { ballAt, type Ball, type FrameState } from './state.ts';
import type { Player } from './values.ts';

/** The opening layout: six colours on their spots and the pyramid of reds (no cue ball: in hand). */
export const openingBalls = (table: Table = snookerTable()): Ball[] => {
  const placed = openingObjectBalls(table);
  const ordered = [...placed.filter((b) => b.id !== 'red'), ...placed.filter((b) => b.id === 'red')];
  return ordered.map((b) => ballAt(b.id, b.x, b.y));
};

/** A frame about to start: `breaker` to break off from the D, on a red (WPBSA 3.3). */
export const openingFrame = (breaker: Player, table: Table = snookerTable()): FrameState => ({
  scores: [0, 0],
  striker: breaker,
  on: 'red',
  freeBall: false,
  respottedBlack: false,
  balls: openingBalls(table),
  cueInHand: true,
  break: 0,
  highestBreak: [0, 0],
  consecutiveMisses: 0,
  frameOver: false,
  winner: null,
});
