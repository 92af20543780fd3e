// Regression (issue 14): on held-out 8's dark spruce cloth under three low pendants, a red's shadow on
// the cloth was reported as a black (frame 9 301 002). Its outline was traced on 6 of its rays, and a
// fit seen on so little must show the lamps; the pixels it was looked at held the red's own lit rim,
// brighter than the dark cloth. The lamps are now looked for outside the balls whose outlines are
// well seen (locate.ts showsItsLamps, `neighbourReach`). The frame is bench/detect-alt's own, drawn
// here.
import { describe, it } from 'vitest';
import { expectEveryBallOnceAndNothingElse, locateAltFrame } from './helpers/alt-frame.ts';

describe("a red's shadow on the cloth under a low pendant", () => {
  it('in the held-out-8 frame 9 301 002, is not reported as a ball, and every ball is found once', async () => {
    const { k, found } = await locateAltFrame('held-out-8', 9_301_002);
    expectEveryBallOnceAndNothingElse(k, found);
  }, 120_000);
});
