// Regression (issue 14): a brown on held-out 13's mustard-gold cloth under a bow of small warm lamps,
// plain to see, never found (frame 9 805 000, the brown at (1617, 1307) mm alone on the cloth). A brown
// is the mustard's own hue, darker: the cloth model takes its disc for shade (not foreground), and its
// lamps' mirror images are no brighter than the cloth (1.03 of it), so the limb stage, which finds
// the balls the cloth model misses, had no seed there; seeded, its limb places it within 2 mm. A disc
// darker than the cloth around it now seeds a ring (limb.ts darkDiscSeeds). The frame is
// bench/detect-alt's own, drawn here.
import { describe, it } from 'vitest';
import { expectFoundAlone, locateAltFrame } from './helpers/alt-frame.ts';

describe('a brown on a mustard cloth', () => {
  it('in the held-out-13 frame 9 805 000, is found once within 2.5 mm, and every other ball once, nothing else', async () => {
    const { k, found } = await locateAltFrame('held-out-13', 9_805_000);
    expectFoundAlone(k, found, 'brown', 2.5);
  }, 120_000);
});
