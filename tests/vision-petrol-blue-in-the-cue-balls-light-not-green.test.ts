// Regression (issue 14): a maker's petrol blue called green with near certainty (0.98, blue 0.02)
// under held-out 21's warm-white crossed battens on a plum cloth (frame 10 605 001), and, no green
// being on the table, named green. Seen in the light of the frame's cue ball (the set's white shows
// the light's colour; the cloth has a colour of its own), its middle lies 20° in hue from the blue's
// look and 72° from the green's: a ball that much nearer another look far from its own is not the id
// it was called (identify.ts, lookHue). The frame is bench/detect-alt's own, drawn here.
import { beforeAll, describe, it } from 'vitest';
import { expectAltFrameNamed } from './helpers/alt-frame.ts';
import { loadSnookerClassifier } from './helpers/games.ts';
import type { BallClassifier } from '../src/vision/classify/index.ts';

let classifier: BallClassifier;

beforeAll(async () => {
  classifier = await loadSnookerClassifier();
});

describe('a petrol blue called green under warm light', () => {
  it('in held-out-21 frame 10605001, is named blue, and every other ball right', async () => {
    await expectAltFrameNamed('held-out-21', 10_605_001, classifier);
  }, 120_000);
});
