// The classifier on another ball maker's set, drawn by the second renderer (src/sim/alt: another
// shading, a redder brown, a darker and bluer green, other cloths and lamps, JPEG), which it was never
// trained or tuned on (issue #14, item 1). Seeds apart from bench/detect-alt's and from
// tests/vision-lowcontrast's.
import { beforeAll, describe, expect, it } from 'vitest';
import { markingsOf } from '../src/games/snooker/equipment.ts';
import type { Calibration } from '../src/camera/index.ts';
import { altStyle, jpegRoundTrip, renderAlt, type AltBall, type AltStyle } from '../src/sim/alt/index.ts';
import type { BallClassifier } from '../src/vision/classify/index.ts';
import { Detector } from '../src/vision/index.ts';
import { ALT_SNOOKER_PALETTE } from './helpers/alt-palette.ts';
import { loadDemoWithClassifier } from './helpers/games.ts';

let calibration: Calibration<Table>;
import type { Table } from '../src/equipment/index.ts';
let classifier: BallClassifier;

beforeAll(async () => {
  ({ calibration, classifier } = await loadDemoWithClassifier());
}, 60_000);

const SEED = 8_910_000;

/** The brown on its spot, reds round it and up the table, the cue ball and the black. */
const brownAmongReds = (): AltBall[] => {
  const t = calibration.table;
  const R = t.ballRadius;
  const { spots } = markingsOf(t);
  return [
    { id: 'brown', x: spots.brown.x, y: spots.brown.y },
    { id: 'red', x: spots.brown.x + 4 * R, y: spots.brown.y + 3 * R },
    { id: 'red', x: spots.brown.x - 5 * R, y: spots.brown.y + 6 * R },
    { id: 'red', x: spots.pink.x - 6 * R, y: spots.pink.y + 4 * R },
    { id: 'red', x: spots.pink.x + 2 * R, y: spots.pink.y + 12 * R },
    { id: 'red', x: spots.blue.x + 10 * R, y: spots.blue.y - 8 * R },
    { id: 'cue', x: spots.green.x + 6 * R, y: spots.green.y + 10 * R },
    { id: 'black', x: spots.black.x, y: spots.black.y },
  ];
};

/** What the detector calls each true ball (the detection within a ball's radius), or '-' if none. */
const called = async (
  truth: readonly AltBall[],
  style: AltStyle,
  seed: number,
  jpeg: number,
): Promise<string[]> => {
  const image = await jpegRoundTrip(
    renderAlt(calibration, ALT_SNOOKER_PALETTE, truth, style, seed).image,
    jpeg,
  );
  const r = await new Detector(calibration, classifier).detect(image);
  if (!r.ok) throw new Error(r.error.message);
  return truth.map(
    (b) =>
      r.value.balls.find((f) => Math.hypot(f.x - b.x, f.y - b.y) < calibration.table.ballRadius)?.id ?? '-',
  );
};

describe('another ball maker, in another render style', () => {
  it("regression: the brown was called red in the second render style / another maker's redder brown", async () => {
    const t = calibration.table;
    const truth = brownAmongReds();
    const cases: [AltStyle, number][] = [
      [altStyle(t, 'worn', SEED), 80],
      [altStyle(t, 'blue', SEED + 1), 85],
      [{ ...altStyle(t, 'worn', SEED + 2), gain: 0.45 }, 75],
    ];
    const results: string[][] = [];
    for (const [k, [style, jpeg]] of cases.entries())
      results.push(await called(truth, style, SEED + k, jpeg));
    expect(results).toEqual(cases.map(() => truth.map((b) => b.id)));
  }, 120_000);
});
