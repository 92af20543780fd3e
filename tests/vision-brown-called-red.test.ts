// Regression (issue 14): the brown called red. The classifier, trained on our own renderer's balls,
// called another maker's redder brown red when it was brightly lit: on the second renderer's light
// slate-grey, silver and camel cloths (4 of held-out 4's 10 browns at 1080p, 2 of tuning-grey's),
// and in 16 of 25 phone photos of a real table. A set's fifteen reds share one colour whatever the
// light: a ball called red whose middle is coloured unlike the frame's other reds is now given its
// next most likely id (identify.ts, sharedColour). Drawn here by the second renderer, the opening
// layout with six of its reds, on those cloths, seeds apart from bench/detect-alt's.
import { ALT_SNOOKER_PALETTE } from './helpers/alt-palette.ts';
import { loadDemoWithClassifier } from './helpers/games.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Calibration } from '../src/camera/index.ts';
import type { Table } from '../src/equipment/index.ts';
import { openingLayout } from '../src/games/snooker/layout.ts';
import { altStyle, renderAlt, type AltBall, type AltVariant } from '../src/sim/alt/index.ts';
import type { BallClassifier } from '../src/vision/classify/index.ts';
import { detectBalls } from '../src/vision/index.ts';

let calibration: Calibration<Table>;
let classifier: BallClassifier;

beforeAll(async () => {
  ({ calibration, classifier } = await loadDemoWithClassifier());
}, 60_000);

const SEED = 8_980_000;

describe('the brown is not called red', () => {
  // [cloth, seed offset, warm white balance?]
  const cases: [AltVariant, number, boolean][] = [
    ['slate-hexa', 0, false],
    ['slate-hexa', 2, false],
    ['camel-hexa', 1, true],
    ['silver-duo', 3, false],
    ['slate-hexa', 4, true],
  ];
  it.each(cases)(
    'on the %s cloth (seed +%i, warm light %s), every ball is named right',
    async (variant, k, warm) => {
      const t = calibration.table;
      // Six of the reds: with all fifteen in view the set's count alone makes the sixteenth red-looking
      // ball the brown (the benchmark's errors were in frames with reds potted or unseen).
      let reds = 0;
      const truth: AltBall[] = openingLayout(t)
        .filter((b) => b.id !== 'red' || reds++ < 6)
        .map((b) => ({ id: b.id, x: b.x, y: b.y }));
      const seed = SEED + k;
      const base = altStyle(t, variant, seed);
      const style = warm ? { ...base, whiteBalance: [1.25, 1, 0.72] as const } : { ...base, gain: 1.2 };
      const { image } = renderAlt(calibration, ALT_SNOOKER_PALETTE, truth, style, seed);
      const r = await detectBalls(image, calibration, classifier);
      if (!r.ok) throw new Error(r.error.message);
      const named = truth.map((b) => {
        const f = r.value.find((d) => Math.hypot(d.x - b.x, d.y - b.y) < t.ballRadius);
        return `${b.id}→${f?.id ?? 'unseen'}`;
      });
      const brown = truth.findIndex((b) => b.id === 'brown');
      expect(named[brown]).toBe('brown→brown');
      expect(
        named.filter((n) => n !== 'unseen' && n.split('→')[0] !== n.split('→')[1] && !n.endsWith('unseen')),
      ).toEqual([]);
    },
    60_000,
  );
});
