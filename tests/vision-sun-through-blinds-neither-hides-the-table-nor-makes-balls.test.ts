// Regression (issue 14): held-out 25's terracotta cloth under the low afternoon sun through a window's
// blinds, bands of light and shade across the whole bed.
// - Frame 11 000 002 was refused, "no table where the calibration puts it: the bed there is not an even
//   cloth (59 % even)": a cell cut by a band's edge keeps only its larger side within the weave's
//   brightness of its median, so banded light leaves about half of the bed even or more (the split's
//   frames 0.59–0.64), where a wall of wood's grain leaves 0.29–0.33 (tests/vision-frames.test.ts) and
//   every cloth of every other cached split 0.91 or more. ClothOptions.minEvenShare 0.6 → 0.45.
// - Discs where a band's edge meets a cushion or a shaded band ends were fitted and verified as balls
//   (23 false balls in the split's 1080p frames). A ball breaks the bands; the bands run through those
//   discs unbroken (bands.ts withoutBands).
// The guards: balls where the cloth round them runs one way (a cushion's edge) or is the ball's own
// colour (a green on a royal cloth in dim light) are kept.
import { describe } from 'vitest';
import { itFindsEveryBallOnce, type AltFrameCase } from './helpers/alt-frame.ts';

const CASES: readonly AltFrameCase[] = [
  ['bands over the whole bed, the table is seen', 'held-out-25', 11_000_002],
  ['no ball where the bands meet the cushions', 'held-out-25', 11_002_000],
  ["a ball at a cushion kept, the cloth round it running the cushion's way", 'held-out-12', 9_701_002],
  ["a green the royal cloth's colour in dim light kept, found by its shading", 'tuning-hard', 8_602_000],
];

describe('sun through blinds neither hides the table nor makes balls', () => {
  itFindsEveryBallOnce(CASES);
});
