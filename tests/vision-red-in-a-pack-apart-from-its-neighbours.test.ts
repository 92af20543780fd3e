// Regression (issue 14): a red in the middle of held-out 14's opening pack on the crimson cloth, the
// reds' own hue (frame 9 900 002, the red at (862.8, 2866.6) mm), was reported 9.7 mm off: its
// outline fitted on the shadows in the gaps between it and its neighbours, overlapping two of them by
// 9.6 and 6.0 mm, which no two balls can. Of two balls that overlap so, the one its look (matched
// with the balls around it) places farther from its fit now takes that place (locate.ts
// Locator.apart). The frame is bench/detect-alt's own.
import { describe, it } from 'vitest';
import { expectFoundAlone, locateAltFrame } from './helpers/alt-frame.ts';

describe('a red in a pack apart from its neighbours', () => {
  it('the red in the middle of the held-out-14 crimson opening pack (9 900 002) is found within 2 mm, every other ball once, nothing else', async () => {
    const { k, found } = await locateAltFrame('held-out-14', 9_900_002);
    expectFoundAlone(k, found, { x: 862.8, y: 2866.6 }, 2);
  }, 120_000);
});
