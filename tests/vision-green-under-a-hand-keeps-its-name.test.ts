// Regression (issue 14): naming by hue (identify.ts lookHue) took the colour of a player's hand for a
// ball's. On our own renderer's 4K occluder frame 7 004 001 a green half under a hand, its outline
// seen on 0.77, was called green 0.99 by the classifier, but its middle, the hand's warm colour, lies
// 8° in hue from the yellow's look and 109° from the green's; the yellow's id scaled down, it was
// named black. The hue decides with no doubt from the classifier only for a ball seen nearly all round
// (LookHueOptions.clearView, 0.8). The frame is bench/detect.ts' own, drawn here.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Calibration } from '../src/camera/index.ts';
import type { Table } from '../src/equipment/index.ts';
import type { BallClassifier } from '../src/vision/classify/index.ts';
import { Detector } from '../src/vision/index.ts';
import { expectNamed } from './helpers/alt-frame.ts';
import { loadDemoCalibration, loadSnookerClassifier } from './helpers/games.ts';
import {
  HELD_OUT_SEED,
  makeScene,
  renderScene,
  scaledCalibration,
  SCENE_KINDS,
  sceneRenderer,
} from './vision-scenes.ts';

let classifier: BallClassifier;
let calibration: Calibration<Table>;

beforeAll(async () => {
  classifier = await loadSnookerClassifier();
  calibration = scaledCalibration(loadDemoCalibration(), 2);
});

describe('a green half under a player’s hand', () => {
  it('in our own renderer’s 4K occluder frame 7004001, keeps the name the classifier gave it', async () => {
    const seed = HELD_OUT_SEED + 1000 * SCENE_KINDS.indexOf('occluders') + 1;
    expect(seed).toBe(7_004_001);
    const { image, truth } = renderScene(
      sceneRenderer(calibration),
      makeScene('occluders', seed, calibration.table),
    );
    const r = await new Detector(calibration, classifier).detect(image);
    if (!r.ok) throw new Error(r.error.message);
    // Found within a millimetre (0.2 mm off), named green, and no other ball called green.
    expectNamed(truth, r.value.balls, 'green', 1, calibration.table.ballRadius);
    // No other ball named after a mistake there: every ball named is named as the truth says.
    for (const b of r.value.balls) {
      const t = truth.find((q) => Math.hypot(q.x - b.x, q.y - b.y) < calibration.table.ballRadius);
      if (t)
        expect(`${b.id} at (${t.x.toFixed(0)}, ${t.y.toFixed(0)})`).toBe(
          `${t.id} at (${t.x.toFixed(0)}, ${t.y.toFixed(0)})`,
        );
    }
  }, 240_000);
});
