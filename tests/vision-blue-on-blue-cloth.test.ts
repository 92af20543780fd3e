// Regression (issue 14): the blue on a blue or royal-blue cloth went unseen in many of the second
// renderer's frames (tuning-hard 1080p: found in 5 of 13; held-out-5's royal-warm frames: 8 of 12).
// Its body is the cloth's colour, so the cloth model sees only its highlights, and its limb shows as a
// step on two arcs only: elsewhere the strongest step is its own shading's, 2–3 px inside, and no
// circle fits enough of the rays. It is now placed by its shape (limb.ts, fitByShape): the centre its
// shading and its shadow on the cloth are symmetric about. The frames are bench/detect-alt's own (its
// cases, of splits looked at), drawn here.
import { loadCalibrationFile } from './helpers/games.ts';
import { ALT_SNOOKER_PALETTE } from './helpers/alt-palette.ts';
import { describe, expect, it } from 'vitest';
import { altCases, type AltSplit } from '../bench/detect-alt.ts';
import { jpegRoundTrip, renderAlt } from '../src/sim/alt/index.ts';
import { Locator } from '../src/vision/index.ts';

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
      const c = loadCalibrationFile('calibration/demo.json');
      if (!c.ok) throw new Error(c.error.message);
      const t = c.value.table;
      const k = altCases(c.value, split, 3, '1080p').find((a) => a.seed === seed);
      if (!k) throw new Error(`no frame ${seed}`);
      let { image } = renderAlt(c.value, ALT_SNOOKER_PALETTE, k.balls, k.style, k.seed);
      if (k.jpeg !== undefined) image = await jpegRoundTrip(image, k.jpeg);
      const r = new Locator(c.value).locate(image);
      if (!r.ok) throw new Error(r.error.message);
      const blue = k.balls.find((b) => b.id === 'blue');
      if (!blue) throw new Error('no blue');
      const near = r.value.filter((f) => Math.hypot(f.x - blue.x, f.y - blue.y) < t.ballRadius);
      expect(near, `blue at (${blue.x.toFixed(0)}, ${blue.y.toFixed(0)})`).toHaveLength(1);
      // Measured 1.1, 4.5, 1.5, 2.1 and 0.3 mm: the shading's symmetry is the lamps', not quite the
      // ball's.
      const f = near[0] as (typeof near)[number];
      expect(Math.hypot(f.x - blue.x, f.y - blue.y)).toBeLessThan(6);
      for (const b of k.balls)
        expect(
          r.value.filter((x) => Math.hypot(x.x - b.x, x.y - b.y) < t.ballRadius),
          `${b.id} at (${b.x.toFixed(0)}, ${b.y.toFixed(0)})`,
        ).toHaveLength(1);
      expect(r.value).toHaveLength(k.balls.length);
    },
    120_000,
  );
});
