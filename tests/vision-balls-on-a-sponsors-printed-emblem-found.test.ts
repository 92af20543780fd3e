// Regression (issue 14): held-out 33's shamrock-sponsor, a TV table's cloth printed with a sponsor's
// large pale oval emblem over the blue and pink spots, the sponsor's name in gold letters across it.
// The emblem was foreground from end to end (no cell of it the cloth's colour), one piece too large
// for the limb stage, and every ball on it was missed: the blue on its spot in every opening, 12 reds,
// a cue ball at its edge. The emblem is now cloth of its own colour where it is even over several
// cells (cloth.ts, ClothOptions printEven and printNeighbours), a block where it meets the cloth takes
// the colour most of its pixels have (blockSide), and the counters of its letters, ringed by their
// strokes, are no balls (print.ts). The guard: a yellow at a cushion of held-out 16's bronze cloth,
// whose far end, lit yellower, is kept as print, is found (0.76 of its inside of that print's colour).
import { describe, it } from 'vitest';
import {
  expectEveryBallOnceAndNothingElse,
  itFindsEveryBallOnce,
  locateAltFrame,
  type AltFrameCase,
} from './helpers/alt-frame.ts';

const CASES: readonly AltFrameCase[] = [
  ['the blue on its spot in the emblem, no ball on the letters across it', 'held-out-33', 11_800_002],
  ['a cluster of reds on the emblem', 'held-out-33', 11_802_000],
  ['a yellow at a cushion where the cloth lit yellower is kept as print', 'held-out-16', 10_105_001],
];

describe("balls on a sponsor's printed emblem are found", () => {
  itFindsEveryBallOnce(CASES);
  it("two reds at the emblem's edge in a dim 4K frame (held-out-33 frame 11854000): every ball once, nothing else", async () => {
    const { k, found } = await locateAltFrame('held-out-33', 11_854_000, '4K');
    expectEveryBallOnceAndNothingElse(k, found);
  }, 240_000);
});
