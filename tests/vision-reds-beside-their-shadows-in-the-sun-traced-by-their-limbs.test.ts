// Regression (issue 14): held-out 23's opening pack on the electric-blue cloth in the sun (4K frame
// 10 850 000). Each red at the back of the pack has its own hard black shadow beside it, and its
// outline was traced into the shadow (24 mm off); found by its likeness to its neighbours instead,
// with every ray taken as blocked, its free side counted as unseen and it was no ball: three reds
// missed. A ball found by its likeness whose traced outline disagrees now takes the rays of its limb
// traced from there, when that agrees (locate.ts, Locator.byAppearance). The frame is
// bench/detect-alt's own, drawn here.
import { describe, it } from 'vitest';
import { expectFoundAlone, locateAltFrame } from './helpers/alt-frame.ts';

describe('reds at the back of a pack beside their own hard shadows', () => {
  it('in the held-out-23 4K frame 10850000, are found within 3 mm, and every ball once, nothing else', async () => {
    const { k, found } = await locateAltFrame('held-out-23', 10_850_000, '4K');
    for (const at of [
      { x: 942, y: 2821 },
      { x: 942, y: 2912 },
      { x: 994, y: 2912 },
    ])
      expectFoundAlone(k, found, at, 3);
  }, 120_000);
});
