// Regression (issue 14): held-out 23's sea-foam green on the scarlet cloth under one bare bulb (frame
// 10 801 000). Its outline was fitted half on the ball and half on its own black shadow, 23 mm off:
// the median of that disc's middle is the ball's, so it had no shadow's middle and its caster was not
// looked for beside it. A fit a third of whose middle is as dark as a shadow now is (locate.ts,
// Locator.withCasters, `casterDarkPart`). The frame is bench/detect-alt's own, drawn here.
import { describe, it } from 'vitest';
import { expectFoundAlone, locateAltFrame } from './helpers/alt-frame.ts';

describe('a ball fitted half on its own shadow', () => {
  it('in the held-out-23 frame 10801000, the green is placed within 2 mm, and every ball found once', async () => {
    const { k, found } = await locateAltFrame('held-out-23', 10_801_000);
    expectFoundAlone(k, found, 'green', 2);
  }, 120_000);
});
