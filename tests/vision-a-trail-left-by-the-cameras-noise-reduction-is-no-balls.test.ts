// Regression (issue 14): held-out 43's neon-nr, a CCTV camera whose temporal noise reduction blends
// each frame with the ones before where the picture changed little: a rolling ball leaves fainter and
// fainter copies of itself behind it, one where it was at each frame before, and the vision found them
// as balls (29 false balls at 1080p, 13 at 4K, run once). A copy is the ball's image laid half
// see-through over the cloth: its colour lies off the cloth's the ball's way, less far, and the copies
// follow one another along the ball's way at much the same spacing (src/vision/trail.ts). The guards:
// the frames where a looser rule (fainter by less, or less cloth round a disc) took balls for copies —
// a pink and a yellow side by side in a cluster at 4K (held-out 9), reds in a row (held-out 31), reds
// in a row across the light each fainter than the last (tuning), a green and a red on from a ball,
// fainter but of another colour (held-out 4), clusters and an opening where a turning way or a changing
// spacing, or less cloth round a disc, would make copies (held-out 8, 25, 37) — and
// the rolling cue ball at the head of a trail, still found where it is (a trail's copies are not its
// blur: it is not moved along them).
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCATE_OPTIONS, Locator } from '../src/vision/index.ts';
import { DEFAULT_TRAIL_OPTIONS } from '../src/vision/trail.ts';
import {
  drawAltFrame,
  expectEveryBallOnceAndNothingElse,
  itFindsEveryBallOnce,
} from './helpers/alt-frame.ts';

/** Where the copies lay that were found as balls (table mm), by frame (held-out 43, 4K). */
const COPIES = [
  [
    "a cue ball's trail along the baulk end, random",
    12_851_000,
    [
      [300, 2383],
      [376, 2378],
      [452, 2372],
      [527, 2366],
    ],
  ],
  [
    // A red's trail in the same frame is left: its first copy fades too little from it.
    "a rolling cue ball's trail, warm light",
    12_855_000,
    [
      [955, 239],
      [907, 215],
    ],
  ],
] as const;

const locate4K = async (seed: number, trail = DEFAULT_TRAIL_OPTIONS) => {
  const { k, image } = await drawAltFrame('held-out-43', seed, '4K');
  const r = new Locator(k.calibration, { ...DEFAULT_LOCATE_OPTIONS, trail }).locate(image);
  if (!r.ok) throw new Error(r.error.message);
  return { k, found: r.value };
};

describe("a trail left by the camera's noise reduction is no balls", () => {
  it.each(COPIES)(
    '%s (held-out 43 frame %i, 4K): no ball where the copies lie, every ball found once',
    async (_, seed, copies) => {
      const { k, found } = await locate4K(seed);
      const r = k.calibration.table.ballRadius;
      for (const [x, y] of copies)
        expect(
          found.filter((f) => Math.hypot(f.x - x, f.y - y) < r),
          `(${x}, ${y})`,
        ).toEqual([]);
      for (const b of k.balls)
        expect(
          found.filter((f) => Math.hypot(f.x - b.x, f.y - b.y) < r),
          `${b.id} at (${b.x.toFixed(0)}, ${b.y.toFixed(0)})`,
        ).toHaveLength(1);
      // The guard: with no trail judged, the copies are balls.
      const off = await locate4K(seed, { ...DEFAULT_TRAIL_OPTIONS, minCopies: Infinity });
      const taken = copies.filter(([x, y]) => off.found.some((f) => Math.hypot(f.x - x, f.y - y) < r));
      expect(taken.length).toBeGreaterThanOrEqual(2);
    },
    120_000,
  );

  it('a pink and a yellow side by side in a cluster at 4K (held-out 9, 9 452 000): every ball once, nothing else', async () => {
    const { k, image } = await drawAltFrame('held-out-9', 9_452_000, '4K');
    const r = new Locator(k.calibration).locate(image);
    if (!r.ok) throw new Error(r.error.message);
    expectEveryBallOnceAndNothingElse(k, r.value);
  }, 120_000);

  itFindsEveryBallOnce([
    ['reds in a row in a cluster (held-out 31)', 'held-out-31', 11_602_002],
    ['reds in a row across the light, each fainter than the last (tuning)', 'tuning', 8_101_000],
    ['a green and a red on from a fainter ball, of other colours (held-out 4)', 'held-out-4', 8_901_002],
    // Taken for copies where the way turns or the spacing changes as it will (held-out 8's clusters)…
    ['a brown and a red in a cluster under pendants (held-out 8)', 'held-out-8', 9_302_000],
    // …the spacing alone (held-out 25's opening under the blinds: the cue ball and the brown)…
    ['the cue ball and the brown of an opening under the blinds (held-out 25)', 'held-out-25', 11_000_002],
    // …or where less cloth is seen round a disc (held-out 37's cluster by a cushion).
    ['a cue ball and a green in a cluster by a cushion (held-out 37)', 'held-out-37', 12_202_001],
  ]);
});
