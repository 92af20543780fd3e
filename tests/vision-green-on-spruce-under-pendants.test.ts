// Regression (issue 14): on held-out 8's dark spruce-green cloth under three low tungsten pendants, a
// green off its spot went unseen at 4K. Lit from straight above, its middle is brighter than the cloth
// (18–31 summed over the channels) but its side shades back to the cloth's level, so the mean over
// its disc (the middle and a ring at 0.6 r) differed from the cloth around it by 8–9, under the 12 the
// limb stage asks of a disc: its shape (0.75–0.79 radial) was never weighed. The disc's middle is now
// weighed on its own, and a start that shows the lamps is no longer turned away by its disc before
// the centre its shading is symmetric about is found (limb.ts discContrast, fitByShape). The frames
// are bench/detect-alt's own (cases of a split looked at), drawn here.
import { describe, it } from 'vitest';
import { expectFoundAlone, locateAltFrame } from './helpers/alt-frame.ts';

describe('the green on a spruce cloth under pendants', () => {
  it('in the held-out-8 4K frame 9351000, is found within 2 mm, and every other ball, and nothing else', async () => {
    const { k, found } = await locateAltFrame('held-out-8', 9_351_000, '4K');
    // Measured 0.2 mm: with its disc seen, its limb is traced.
    expectFoundAlone(k, found, 'green', 2);
  }, 120_000);

  it('in the held-out-8 4K frame 9355000 (warm light), is found within 4.5 mm, and every other ball, and nothing else', async () => {
    const { k, found } = await locateAltFrame('held-out-8', 9_355_000, '4K');
    // Measured 3.3 mm, placed by its shape: the shading's symmetry is the lamps', not quite the ball's.
    expectFoundAlone(k, found, 'green', 4.5);
  }, 120_000);
});
