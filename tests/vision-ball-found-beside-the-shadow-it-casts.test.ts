// Regression (issue 14): a ball the cloth's colour beside the crisp shadow a bare bulb gives it. On
// held-out 23's scarlet cloth under one bare bulb (frame 10 800 001, the opening), the coral reds at
// the back of the pack and the black lost their outlines against the cloth, and each one's black
// shadow, a disc of its own size, was fitted as the ball ~30 mm off: five reds and the black missed,
// four false balls. On held-out 24's gold cloth under five filament bulbs (frame 10 900 000), the
// ginger brown's outline was traced half on it and half on its shadow, 23 mm off. A fit with a
// shadow's middle now has its caster's limb traced beside it, and the caster takes its place
// (locate.ts, Locator.withCasters). The frames are bench/detect-alt's own, drawn here.
import { describe, it } from 'vitest';
import { expectFoundAlone, locateAltFrame } from './helpers/alt-frame.ts';

describe('a ball the colour of the cloth beside its own crisp shadow', () => {
  it('held-out-23 10800001: the reds at the back of the pack and the black found, not their shadows', async () => {
    const { k, found } = await locateAltFrame('held-out-23', 10_800_001);
    for (const at of [
      { x: 863, y: 2867 },
      { x: 915, y: 2867 },
      { x: 837, y: 2912 },
      { x: 942, y: 2912 },
      { x: 994, y: 2912 },
    ])
      expectFoundAlone(k, found, at, 2);
    expectFoundAlone(k, found, 'black', 2);
  }, 120_000);

  it('held-out-24 10900000: the ginger brown on the gold cloth placed on itself, not half on its shadow', async () => {
    const { k, found } = await locateAltFrame('held-out-24', 10_900_000);
    expectFoundAlone(k, found, 'brown', 2);
  }, 120_000);
});
