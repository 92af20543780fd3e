// Regression (issue 14): held-out 32's teal-phone frame 11 700 002, a phone's processing (noise
// reduction, local tone mapping, a strong unsharp mask) over the opening pack. The outlines saw the
// pack as one piece (its gaps' shade and the sharpening's halos round every red are no cloth), so its
// reds are found by their limbs, ball by ball from those found at its edge (limb.ts findByLimb). The
// frame's rings were spent before the pack's first round: the sharpened cloth seeded rings all over
// it, 58 of the frame's 64 climbed, and 4 of the 15 reds were found. A pack's rings now have a budget
// of their own (LimbOptions.maxPackRings); every other cached split at both resolutions finds what
// it found before.
import { describe, it } from 'vitest';
import { expectEveryBallOnceAndNothingElse, locateAltFrame } from './helpers/alt-frame.ts';

describe("an opening pack found ball by ball though the cloth's seeds spent the frame's rings", () => {
  it('in the held-out-32 frame 11700002, every red of the pack once, every other ball once, nothing else', async () => {
    const { k, found } = await locateAltFrame('held-out-32', 11_700_002);
    expectEveryBallOnceAndNothingElse(k, found);
  }, 120_000);
});
