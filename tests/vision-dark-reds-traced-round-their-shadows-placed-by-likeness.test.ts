// Regression (issue 14): held-out 22's oxblood reds on an orange cloth under four floods at the
// corners of a truss (frame 10 702 001, two clusters). Each red's four shadows cross under it, as
// dark and as red as its body (the ball 89/24/29, its shadows 96–129/37–56/15–24, the lit cloth
// 170/83/24): its outline was traced round a shadow's edge, 8–10 mm off, on 8–13 of its 48 rays, with
// no limb, and one such red, overlapping a neighbour, moved its neighbour off (the neighbour's look
// matched about the wrong place). An outline fit fewer than a third of its rays agree with, and no
// limb confirms, is now placed by its likeness to the well-fitted balls around it (locate.ts,
// Locator.byLikeness). The frame is bench/detect-alt's own, drawn here.
import { describe, it } from 'vitest';
import { expectFoundAlone, locateAltFrame } from './helpers/alt-frame.ts';

describe('dark reds whose outlines were traced round their shadows', () => {
  it('in the held-out-22 frame 10702001, are placed within 2 mm, and every ball found once', async () => {
    const { k, found } = await locateAltFrame('held-out-22', 10_702_001);
    for (const at of [
      { x: 674, y: 1240 },
      { x: 728, y: 1153 },
      { x: 727, y: 1069 },
      { x: 1258, y: 1844 },
    ])
      expectFoundAlone(k, found, at, 2);
  }, 120_000);
});
