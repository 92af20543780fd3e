// Regression (issue 14): held-out 26's mauve cloth under an RGB strip whose colour runs along the table
// (frame 11 103 000). A red's shadow beside it, lit by the strip's other colours, is teal on the mauve
// cloth: neither dark enough nor of the cloth's hue to pass for a shadow, its penumbra as symmetric as
// a ball's shading. The limb stage placed it by its shape, it was named the blue, and the one blue
// being taken, the blue in a corner pocket's jaws was named red. A ball placed by its shape must now
// show the lamps, as every ball does (limb.ts fitByShape). The frame is bench/detect-alt's own.
import { beforeAll, describe, it } from 'vitest';
import { expectAltFrameNamed } from './helpers/alt-frame.ts';
import { loadSnookerClassifier } from './helpers/games.ts';
import type { BallClassifier } from '../src/vision/classify/index.ts';

let classifier: BallClassifier;

beforeAll(async () => {
  classifier = await loadSnookerClassifier();
});

describe('a ball’s shadow in coloured light', () => {
  it('in the held-out-26 frame 11103000, is no ball, and every ball is found and named right', async () => {
    await expectAltFrameNamed('held-out-26', 11_103_000, classifier);
  }, 120_000);
});
