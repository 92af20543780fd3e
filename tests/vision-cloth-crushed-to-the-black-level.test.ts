// Regression (issue 14): held-out 12's dim frame on the wine cloth (9 704 002). Beyond the hard edge
// of the low lamp cluster's light the dim cloth reads (25, 1, 17): the camera's black level has
// crushed its green, and its chromaticity lies 7.4 levels from the lit cloth's at its brightness,
// where the cloth model allowed 2.6. Those cells were taken for no cloth and given the lit cloth's
// colour, the whole end of the bed beyond the edge was foreground, and the blue and a red in it were
// missed. A sample with a channel at the black level is cloth-coloured within a few levels more
// (cloth.ts `crushedLevel`, `crushedSlack`). The frame is bench/detect-alt's own.
import { describe, expect, it } from 'vitest';
import { expectEveryBallOnceAndNothingElse, locateAltFrame } from './helpers/alt-frame.ts';

describe('a cloth crushed to the black level', () => {
  it('beyond the lamps in the held-out-12 dim frame 9 704 002, every ball is found once, nothing else', async () => {
    const { k, found } = await locateAltFrame('held-out-12', 9_704_002);
    expectEveryBallOnceAndNothingElse(k, found);
    expect(found).toHaveLength(k.balls.length);
  }, 120_000);
});
