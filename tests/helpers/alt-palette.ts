// The ball set the second render style (src/sim/alt) draws for the held-out vision tests and bench.
import type { Srgb8 } from '../../src/sim/alt/index.ts';

/** A ball maker's snooker set unlike snooker's own look (src/games/snooker): a darker, bluer green and a redder brown. */
export const ALT_SNOOKER_PALETTE: Readonly<Record<string, Srgb8>> = {
  cue: [242, 240, 228],
  red: [188, 16, 24],
  yellow: [242, 204, 30],
  green: [8, 74, 64],
  brown: [126, 42, 22],
  blue: [18, 58, 178],
  pink: [242, 140, 168],
  black: [12, 12, 14],
};
