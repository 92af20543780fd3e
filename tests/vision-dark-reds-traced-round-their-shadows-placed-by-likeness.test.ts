// Regression (issue 14): held-out 22's oxblood reds on an orange cloth under four floods at the
// corners of a truss (frame 10 702 001, two clusters). Each red's four shadows cross under it, as
// dark and as red as its body (the ball 89/24/29, its shadows 96–129/37–56/15–24, the lit cloth
// 170/83/24): its outline was traced round a shadow's edge, 8–10 mm off, on 8–13 of its 48 rays, with
// no limb, and one such red, overlapping a neighbour, moved its neighbour off (the neighbour's look
// matched about the wrong place). An outline fit fewer than a third of its rays agree with, and no
// limb confirms, is now placed by its likeness to the well-fitted balls around it (locate.ts,
// Locator.byLikeness). The frame is bench/detect-alt's own, drawn here.
import { describe, expect, it } from 'vitest';
import { expectEveryBallOnceAndNothingElse, locateAltFrame } from './helpers/alt-frame.ts';

describe('dark reds whose outlines were traced round their shadows', () => {
  it('in the held-out-22 frame 10702001, are placed within 2 mm, and every ball found once', async () => {
    const { k, found } = await locateAltFrame('held-out-22', 10_702_001);
    expectEveryBallOnceAndNothingElse(k, found);
    for (const [x, y] of [
      [674, 1240],
      [728, 1153],
      [727, 1069],
      [1258, 1844],
    ] as const) {
      const ball = k.balls.find((b) => Math.hypot(b.x - x, b.y - y) < 1);
      if (!ball) throw new Error(`no ball at (${x}, ${y})`);
      const near = found.filter(
        (f) => Math.hypot(f.x - ball.x, f.y - ball.y) < k.calibration.table.ballRadius,
      );
      expect(near, `the red at (${x}, ${y})`).toHaveLength(1);
      const [f] = near;
      if (f) expect(Math.hypot(f.x - ball.x, f.y - ball.y), `the red at (${x}, ${y})`).toBeLessThan(2);
    }
  }, 120_000);
});
