// Regression (issue 14): reds called brown with near certainty on held-out 21's plum cloth (a maker's
// deep orange-red under two crossed fluorescent battens): the red in a corner pocket's jaws at (641,
// 2390) mm of frame 10 603 001 (brown 0.98, red 0.02) and the red frozen to a cushion at (27, 2213) of
// the dim frame 10 604 001 (brown 0.97, red 0.03). Their middles lie 0.012 and 0.021 from their
// frames' reds' median chromaticity, where no brown or pink of any split lies nearer than 0.101; the
// classifier's doubt (under sharedColour's `minDoubt`, 0.04) no longer decides for a ball so like the
// reds (identify.ts, SharedColourOptions.sureDistance). And held-out 25's brick reds seen by a noisy,
// over-sharpened security camera on the onyx cloth, called salmon pink or tan brown 0.75–0.88 with red
// under a thousandth of that: scaled down by sharedColour's penalty the called id was still the
// likelier, and such a ball's probabilities of the two ids are now swapped. The frames are
// bench/detect-alt's own.
import { beforeAll, describe, it } from 'vitest';
import { expectAltFrameNamed } from './helpers/alt-frame.ts';
import { loadSnookerClassifier } from './helpers/games.ts';
import type { BallClassifier } from '../src/vision/classify/index.ts';

let classifier: BallClassifier;

beforeAll(async () => {
  classifier = await loadSnookerClassifier();
});

describe('a red coloured like the frame’s other reds, called brown with near certainty', () => {
  it('in the jaws, in held-out-21 frame 10603001, is named red, and every other ball right', async () => {
    await expectAltFrameNamed('held-out-21', 10_603_001, classifier);
  }, 120_000);

  it('on a cushion in dim light, in held-out-21 frame 10604001, is named red, and every other ball right', async () => {
    await expectAltFrameNamed('held-out-21', 10_604_001, classifier);
  }, 120_000);

  it('called pink with red under a thousandth of it, in held-out-25 frame 11005002, is named red, and every other ball right', async () => {
    await expectAltFrameNamed('held-out-25', 11_005_002, classifier);
  }, 120_000);
});
