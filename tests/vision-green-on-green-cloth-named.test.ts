// Regression (issue 14): "a dark green ball on green cloth goes unseen" (the green missed in 19 of
// the second renderer's 22 frames; on the photos, "the green found in 13 of 30"). The green-on-green
// tests before this one (tests/vision-lowcontrast, -green-on-spruce-under-pendants,
// -green-on-teal-among-neighbours) ask the Locator to find and place it, never that it be named; here
// the whole Detector with the classifier must find it, place it and name it green, and call no other
// ball green, on its spot and elsewhere. Each frame has the colours on their spots, the cue ball and
// two reds; the cloths are the second renderer's emerald (under LED strips, a matte set) and green
// cloths darker than the tournament one, nearer the ball's own green (tests/vision-lowcontrast's).
// On the code before the limb stage (901eb9d, before 35cbba7) each of these greens went unseen.
// Seeds apart from bench/detect-alt's and the other tests'.
import { describe, it } from 'vitest';
import { altStyle, type AltStyle, type AltVariant } from '../src/sim/alt/index.ts';
import { coloursOnSpots, detectAltNamed, expectNamed } from './helpers/alt-frame.ts';
import { loadDemoWithClassifier } from './helpers/games.ts';

const { calibration, classifier } = await loadDemoWithClassifier();

/** How far the green may be placed from the truth (mm): tests/vision-lowcontrast's near a cushion. Measured 0.3–2.2. */
const WITHIN_MM = 2.5;

/** Off its spot: in the open, between the blue and the side cushion. */
const ELSEWHERE = { x: 1200, y: 1500 } as const;

/** A green cloth darker than the tournament one, nearer the ball's own green (tests/vision-lowcontrast's). */
const DARK_GREEN_CLOTH: AltStyle['cloth'] = [22, 92, 58];

// [where, the variant's look, on the dark green cloth instead of its own, seed]: each green unseen
// on the code before (901eb9d). Even seeds are JPEG-compressed.
const FRAMES: ['on its spot' | 'elsewhere', AltVariant, boolean, number][] = [
  ['on its spot', 'emerald-matte', false, 8_930_025],
  ['on its spot', 'spruce-pendant', true, 8_930_019],
  ['elsewhere', 'emerald-matte', false, 8_930_026],
  ['elsewhere', 'forest', true, 8_930_012],
  ['elsewhere', 'worn-mono', true, 8_930_024],
];

describe('the green on green cloth named green', () => {
  it.each(FRAMES)(
    'the green %s, on the %s style (dark green cloth: %s; seed %i), is found within 2.5 mm, named green, and no other ball is',
    async (where, variant, darkCloth, seed) => {
      const t = calibration.table;
      const truth = coloursOnSpots(t, where === 'elsewhere' ? { green: ELSEWHERE } : {});
      const style = altStyle(t, variant, seed);
      const found = await detectAltNamed(
        calibration,
        classifier,
        truth,
        darkCloth ? { ...style, cloth: DARK_GREEN_CLOTH } : style,
        seed,
      );
      expectNamed(truth, found, 'green', WITHIN_MM, t.ballRadius);
    },
    60_000,
  );
});
