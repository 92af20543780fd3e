// Regression (issue 14): held-out 12's deep wine cloth under a single low cluster of lamps over the
// middle, in the dim frame: the ends of the bed lie in the lamps' falloff, too dark to judge their
// colour (R + G + B 33–43; the camera's black level takes their green: (22, 1, 13) against (49, 17,
// 30) mid-table). Their cells took the colour of their few brightest samples or of their neighbours,
// every pixel there was off it and foreground, and the frame was refused: "no table where the
// calibration puts it: 37 % (42 % at 4K) of the bed is not an even cloth". A cell mostly too dark to
// judge now keeps its own colour when it is no darker than the dark share of the one it took
// (cloth.ts keepDarkColours). The frames are bench/detect-alt's own, drawn here.
import { describe, expect, it } from 'vitest';
import { locateAltFrame } from './helpers/alt-frame.ts';

describe('the dark ends of a dark cloth under one low cluster of lamps', () => {
  it.each([
    ['1080p', 9_704_000, 2],
    ['4K', 9_754_000, 0],
  ] as const)(
    'in the held-out-12 dim frame at %s (%i), the table is seen: every ball but %i found within 3 mm',
    async (res, seed, missed) => {
      const { k, found } = await locateAltFrame('held-out-12', seed, res);
      const r = k.calibration.table.ballRadius;
      const placed = k.balls.filter((b) =>
        found.some((f) => Math.hypot(f.x - b.x, f.y - b.y) < Math.min(r, 3)),
      );
      // Measured: 16 of 18 at 1080p (a yellow and a brown at the dark ends still missed), all at 4K.
      expect(placed.length).toBeGreaterThanOrEqual(k.balls.length - missed);
    },
    120_000,
  );
});
