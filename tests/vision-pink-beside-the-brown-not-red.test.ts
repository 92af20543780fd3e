// Regression (issue 14): a pink called red. In held-out 12's dim frame 9704001 (a pale sand-khaki cloth
// under four LED panels, at a high ISO, a fifth maker's set with a coral pink), the classifier gave the
// pink at (1662, 383) mm brown 0.66, red 0.23, pink 0.11; the brown, called brown 0.80, took the one
// brown, and the assignment named the pink red, its next most likely id. Its middle lies 0.28 from the
// frame's reds' median chromaticity (a red called otherwise lies at most 0.16 from its frame's reds on
// the splits measured): a ball called otherwise that far from the reds is not one of them now
// (identify.ts, sharedColour), and the pink is named pink. The frame is bench/detect-alt's own, drawn
// here.
import { beforeAll, describe, it } from 'vitest';
import { expectAltFrameNamed } from './helpers/alt-frame.ts';
import { loadSnookerClassifier } from './helpers/games.ts';
import type { BallClassifier } from '../src/vision/classify/index.ts';

let classifier: BallClassifier;

beforeAll(async () => {
  classifier = await loadSnookerClassifier();
});

describe('the coral pink beside the brown in dim light', () => {
  it('in the held-out-12 frame 9704001, is named pink, and every other ball right', async () => {
    await expectAltFrameNamed('held-out-12', 9_704_001, classifier);
  }, 120_000);
});
