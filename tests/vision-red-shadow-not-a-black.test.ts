// Regression (issue 14): on held-out 8's dark spruce cloth under three low pendants, a red's shadow on
// the cloth was reported as a black (frame 9 301 002). Its outline was traced on 6 of its rays, and a
// fit seen on so little must show the lamps; the pixels it was looked at held the red's own lit rim,
// brighter than the dark cloth. The lamps are now looked for outside the balls whose outlines are
// well seen (locate.ts showsItsLamps, `neighbourReach`). The frame is bench/detect-alt's own, drawn
// here.
import { describe, expect, it } from 'vitest';
import { locateAltFrame } from './helpers/alt-frame.ts';

describe("a red's shadow on the cloth under a low pendant", () => {
  it('in the held-out-8 frame 9 301 002, is not reported as a ball, and every ball is found once', async () => {
    const { k, found } = await locateAltFrame('held-out-8', 9_301_002);
    const r = k.calibration.table.ballRadius;
    const none = found.filter((f) => !k.balls.some((b) => Math.hypot(f.x - b.x, f.y - b.y) < r));
    expect(none.map((f) => `${f.found} at (${f.x.toFixed(0)}, ${f.y.toFixed(0)})`)).toEqual([]);
    for (const b of k.balls)
      expect(
        found.filter((f) => Math.hypot(f.x - b.x, f.y - b.y) < r),
        `${b.id} at (${b.x.toFixed(0)}, ${b.y.toFixed(0)})`,
      ).toHaveLength(1);
  }, 120_000);
});
