// The balls at the start of a frame (WPBSA 3.2): colours on their spots, fifteen reds in a triangle
// behind the pink, its apex as near the pink as can be without touching, the cue ball in hand.
import { SNOOKER_COLOURS, SNOOKER_REDS, snookerTable, type Table } from '../../table/index.ts';
import { ballAt, type Ball, type FrameState } from './state.ts';
import type { Player } from './values.ts';

/** Gap between the pink and the apex red: "as near as possible without touching" (WPBSA 3.2(a)). */
export const APEX_GAP_MM = 1;
/** Float guard between rows, so that touching reds never come out overlapping by rounding. */
const ROW_PAD_MM = 1e-6;

/** The opening layout: six colours on their spots and the pyramid of reds (no cue ball: in hand). */
export const openingBalls = (table: Table = snookerTable()): Ball[] => {
  const m = table.markings;
  if (!m) throw new Error('the opening layout needs a table with snooker markings');
  const d = table.ballDiameter;
  const apex = m.spots.pink.y + d + APEX_GAP_MM;
  const row = (Math.sqrt(3) / 2) * d + ROW_PAD_MM;
  const reds: Ball[] = [];
  for (let k = 0; reds.length < SNOOKER_REDS; k++)
    for (let j = 0; j <= k; j++) reds.push(ballAt('red', m.spots.pink.x + (j - k / 2) * d, apex + k * row));
  return [...SNOOKER_COLOURS.map((c) => ballAt(c, m.spots[c].x, m.spots[c].y)), ...reds];
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
