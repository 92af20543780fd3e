// Regression (issue 14): held-out 23's blue on its spot on the electric-blue cloth in the sun (frame
// 10 800 002). The blue is the cloth's hue and shows no lamps (the sun's glint is a tenth of a
// millimetre), and its long hard shadow, fitted as a ball 43 mm off, is too: each was dropped as the
// other's shadow, and the blue was missed. Of two such discs beside each other only the darker is now
// a shadow (locate.ts, Locator.withoutShadows). The frame is bench/detect-alt's own, drawn here (three
// reds of its pack are still missed: not asked here).
import { describe, expect, it } from 'vitest';
import type { LocatedBall } from '../src/vision/index.ts';
import { locateAltFrame } from './helpers/alt-frame.ts';

describe('a ball the hue of the cloth and its long shadow beside it', () => {
  it('in the held-out-23 frame 10800002, the blue is found within 1 mm and its shadow is not a ball', async () => {
    const { k, found } = await locateAltFrame('held-out-23', 10_800_002);
    const blue = k.balls.find((b) => b.id === 'blue');
    if (!blue) throw new Error('no blue');
    const R = k.calibration.table.ballRadius;
    const near = found.filter((f) => Math.hypot(f.x - blue.x, f.y - blue.y) < 3 * R);
    expect(near.map((f) => `${f.found} at (${f.x.toFixed(0)}, ${f.y.toFixed(0)})`)).toHaveLength(1);
    const [f] = near as [LocatedBall];
    expect(Math.hypot(f.x - blue.x, f.y - blue.y)).toBeLessThan(1);
  }, 120_000);
});
