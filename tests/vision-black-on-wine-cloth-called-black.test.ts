// Regression (issue 14): the black named red, brown or green on held-out 12's deep wine-purple cloth
// under a low cluster of three warm lamps. The classifier called the black black (0.65–0.93), but it
// also called black, and more confidently (0.6–0.98), the dark shadows the locator took for balls
// there, and the set holds one black: the assignment gave it to a shadow and the black its next id
// (1080p frames 9701000, 9703002, 9705002: red, red, green; 4K 9751000, 9753000: red, red). The
// shadows are no longer reported (locate.ts withoutShadows; tests/vision-shadow-under-low-lamps), and
// the black keeps its name. The test asks that the black be found and named black and no other ball
// called black. The frames are bench/detect-alt's own, drawn here.
import { beforeAll, describe, it } from 'vitest';
import { drawAltFrame, expectNamed } from './helpers/alt-frame.ts';
import { loadSnookerClassifier } from './helpers/games.ts';
import type { BallClassifier } from '../src/vision/classify/index.ts';
import { detectBalls } from '../src/vision/index.ts';

let classifier: BallClassifier;

beforeAll(async () => {
  classifier = await loadSnookerClassifier();
});

describe('the black on the wine-purple cloth, among shadows called black', () => {
  it.each([
    [9_701_000, '1080p'],
    [9_703_002, '1080p'],
    [9_705_002, '1080p'],
    [9_751_000, '4K'],
    [9_753_000, '4K'],
  ] as const)(
    'in the held-out-12 frame %i (%s), is named black',
    async (seed, res) => {
      const { k, image } = await drawAltFrame('held-out-12', seed, res);
      const r = await detectBalls(image, k.calibration, classifier);
      if (!r.ok) throw new Error(r.error.message);
      expectNamed(k.balls, r.value, 'black', 6, k.calibration.table.ballRadius);
    },
    120_000,
  );
});
