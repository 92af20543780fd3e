// Regression (issue 14): a pocket's mouth casts a shade of its own on the cloth before it, the cloth's
// hue, darker, rounded like the mouth, and the stage that finds dark discs fitted it as a ball: held-out
// 40's aged sensor at a high gain, its dark floor striped by the columns' offsets, a false ball at a
// middle pocket in three frames (named pink, so that the true pink, the set's one, was named another
// colour); held-out 27's stand camera, three more. A ball in a pocket's mouth that shows no lamps is
// of a colour of its own, or lit, or darker than any shade (a black in the jaws) (Locator
// `pocketShade`).
import { describe, expect, it } from 'vitest';
import { detectBalls } from '../src/vision/index.ts';
import { drawAltFrame, expectAltFrameNamed, itFindsEveryBallOnce } from './helpers/alt-frame.ts';
import { loadSnookerClassifier } from './helpers/games.ts';

describe("a pocket's shade is no ball", () => {
  itFindsEveryBallOnce([
    ["the aged sensor's shade at the right middle pocket", 'held-out-40', 12_500_002],
    ["the aged sensor's shade at the left middle pocket, in a dim frame", 'held-out-40', 12_504_000],
    [
      "the stand camera's shade at a corner pocket at the black's end, in a warm frame",
      'held-out-27',
      11_205_000,
    ],
    ["the stand camera's shade at the other corner pocket at the black's end", 'held-out-27', 11_205_002],
    // The guard: a blue in the jaws on the electric-blue cloth, of the cloth's hue but lit.
    ['a blue in a middle pocket’s jaws, the cloth’s hue, in the sun', 'held-out-23', 10_803_001],
  ]);

  it('the aged sensor’s opening frame: with the shade gone, the pink is named pink, every ball named right', async () => {
    await expectAltFrameNamed('held-out-40', 12_500_002, await loadSnookerClassifier());
  }, 120_000);

  it('the guard: a black in a corner pocket’s jaws at 4K, smeared to the cloth’s hue by an analogue capture and showing no lamps, is found within 2 mm (held-out-36 frame 12153000)', async () => {
    const { k, image } = await drawAltFrame('held-out-36', 12_153_000, '4K');
    const r = await detectBalls(image, k.calibration, await loadSnookerClassifier());
    if (!r.ok) throw new Error(r.error.message);
    const black = k.balls.find((b) => b.id === 'black');
    if (!black) throw new Error('no black');
    const near = r.value.filter((d) => Math.hypot(d.x - black.x, d.y - black.y) < 2);
    expect(near).toHaveLength(1);
  }, 180_000);
});
