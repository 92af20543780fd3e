// A new frame (seed 2.4, 2.5(a)): the rack on the foot spot, the cue ball in hand in the cabin, the
// table open, nobody's fouls counted. The same state a re-rack (2.5(c)) leads to, fouls aside.
import { bedOf, openingRack, type Bed } from '../equipment.ts';
import type { FrameState, Player } from './state.ts';

export const openingFrame = (striker: Player = 0, bed: Bed = bedOf()): FrameState => ({
  striker,
  break: true,
  groups: null,
  freeKick: false,
  cueInHand: true,
  fouls: [0, 0],
  snookered: false,
  balls: openingRack(bed),
  frameOver: false,
  winner: null,
});
