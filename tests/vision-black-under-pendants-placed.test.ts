// Regression (issue 14): on held-out 8's dark spruce cloth under three low pendants, a black casts a
// shadow on the cloth darker than its own body (which mirrors the room), and the strongest step on
// that side is the shadow's edge against the lit cloth, 3–6 px beyond the ball's. The fit slid into
// the shadow, 11.7–15.4 mm off, and traced from there the ball's far side fell out of its window.
// Edges whose inner plateau is far darker than the fit's others are now the shadow's: the outline is
// fitted again without them, and a fit that kept them, which too few other edges agree with, is
// tried again from starts round the candidate (fit.ts shadowArc, `shadowInside`). The frames are
// bench/detect-alt's own, drawn here.
import { describe, expect, it } from 'vitest';
import { expectFoundAlone, locateAltFrame } from './helpers/alt-frame.ts';

describe('a black under low pendants, beside its shadow', () => {
  it('in the warm held-out-8 frame 9 305 000, is found within 2.5 mm, and every other ball, and nothing else', async () => {
    const { k, found } = await locateAltFrame('held-out-8', 9_305_000);
    // Measured 1.8 mm (15.4 before).
    expectFoundAlone(k, found, 'black', 2.5);
  }, 120_000);

  it.each([9_300_000, 9_300_002])(
    'in the opening held-out-8 frame %i, is found once within 4 mm',
    async (seed) => {
      const { k, found } = await locateAltFrame('held-out-8', seed);
      const black = k.balls.find((b) => b.id === 'black');
      if (!black) throw new Error('no black');
      const near = found.filter(
        (f) => Math.hypot(f.x - black.x, f.y - black.y) < k.calibration.table.ballRadius,
      );
      expect(near).toHaveLength(1);
      // Measured 1.5 and 3.0 mm (11.7 and 12.4 before). The green on this cloth is not always found
      // (another branch's), so the other balls are not checked here.
      expect(Math.hypot((near[0]?.x ?? Infinity) - black.x, (near[0]?.y ?? Infinity) - black.y)).toBeLessThan(
        4,
      );
    },
    120_000,
  );
});
