// Regression (issue 14): held-out 39's sapphire-dome, a CCTV dome camera seeing the table through its
// acrylic bubble, which reflects a faint second image of the frame back into the lens, turned half
// round: a ball's image there, a round, even disc barely lighter than the dark cloth, was fitted as a
// blue (the split's one false ball at 1080p). An even disc nearly the cloth's colour is an image, not
// a ball; a ball lit evenly is of a colour of its own (src/vision/ghost.ts, `minFromCloth`).
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCATE_OPTIONS, Locator } from '../src/vision/index.ts';
import { DEFAULT_GHOST_OPTIONS, inside } from '../src/vision/ghost.ts';
import { drawAltFrame, itFindsEveryBallOnce } from './helpers/alt-frame.ts';

/** Where the dome's image of a ball lies in held-out 39's frame 12 400 001 (table mm). */
const IMAGE = { x: 535, y: 3232 };

describe("a dome's faint image of a ball is no ball", () => {
  itFindsEveryBallOnce([
    ["the dome's image of a ball on the sapphire cloth, taken for a blue", 'held-out-39', 12_400_001],
    // The guard: the evenly lit ball nearest its cloth's colour of every cached split (0.096 from it).
    ['a yellow in the warm light on the bronze cloth, lit evenly', 'held-out-16', 10_105_001],
  ]);

  it('without the test, the frame has a ball where the image is, and it is even', async () => {
    const { k, image } = await drawAltFrame('held-out-39', 12_400_001);
    const off = { ...DEFAULT_LOCATE_OPTIONS, ghost: { ...DEFAULT_GHOST_OPTIONS, minFromCloth: 0 } };
    const r = new Locator(k.calibration, off).locate(image);
    if (!r.ok) throw new Error(r.error.message);
    const there = r.value.filter((f) => Math.hypot(f.x - IMAGE.x, f.y - IMAGE.y) < 10);
    expect(there).toHaveLength(1);
    expect(k.balls.filter((b) => Math.hypot(b.x - IMAGE.x, b.y - IMAGE.y) < 300)).toEqual([]);
    const f = there[0];
    if (!f) throw new Error('no ball there');
    expect(inside(image, f.u, f.v, f.radiusPx, DEFAULT_GHOST_OPTIONS).shading).toBeLessThan(
      DEFAULT_GHOST_OPTIONS.maxShading,
    );
  }, 120_000);
});
