// Regression (issue 14): the blue on a blue or royal-blue cloth went unseen in many of the second
// renderer's frames (tuning-hard 1080p: found in 5 of 13; held-out-5's royal-warm frames: 8 of 12).
// Its body is the cloth's colour, so the cloth model sees only its highlights, and its limb shows as a
// step on two arcs only: elsewhere the strongest step is its own shading's, 2–3 px inside, and no
// circle fits enough of the rays. It is now placed by its shape (limb.ts, fitByShape): the centre its
// shading and its shadow on the cloth are symmetric about. The frames are bench/detect-alt's own (its
// cases, of splits looked at), drawn here.
import { describe, it } from 'vitest';
import type { AltSplit } from '../bench/detect-alt.ts';
import { expectFoundAlone, locateAltFrame } from './helpers/alt-frame.ts';

describe('the blue on a blue or royal-blue cloth', () => {
  const cases: [AltSplit, number][] = [
    ['tuning-hard', 8_600_002],
    ['tuning-hard', 8_602_002],
    ['held-out-5', 9_001_001],
    ['held-out-5', 9_002_001],
    ['held-out', 8_205_000],
  ];
  it.each(cases)(
    'in the %s frame %i, is found within 6 mm, and every other ball, and nothing else',
    async (split, seed) => {
      const { k, found } = await locateAltFrame(split, seed);
      // Measured 1.1, 4.5, 1.5, 2.1 and 0.3 mm: the shading's symmetry is the lamps', not quite the
      // ball's.
      expectFoundAlone(k, found, 'blue', 6);
    },
    120_000,
  );
});
