// Regression (issue 14): held-out 24's pink on the candy-pink cloth in the dim frame 10 904 001, under
// a slim LED bar lamp. The ball is the cloth's colour and shows the cloth model nothing but its lamp's
// highlight, a line one pixel thick along a row; the limb stage's highlight scan reads every second
// row, and the rows either side of the line show only its blur, under the bright level: the ball was
// never looked for, and missed. A nearly bright sample now has the rows above and below it read
// (limb.ts, LimbOptions.nearBright). The frame is bench/detect-alt's own, drawn here.
import { describe, it } from 'vitest';
import { expectFoundAlone, locateAltFrame } from './helpers/alt-frame.ts';

describe('a ball the colour of the cloth under a bar lamp', () => {
  it('in the held-out-24 frame 10904001, the pink is found by its thin highlight within 1.5 mm, every ball once', async () => {
    const { k, found } = await locateAltFrame('held-out-24', 10_904_001);
    expectFoundAlone(k, found, 'pink', 1.5);
  }, 120_000);
});
