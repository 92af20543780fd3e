// One of bench/detect-alt's frames (a split's case by its seed, at 1080p or 4K), drawn by the second
// renderer (and located), for the regression tests built on that benchmark's frames; and the check
// those tests share: the ball in question found once within a distance, every other ball found once,
// nothing else.
import { expect } from 'vitest';
import { altCases, type AltCase, type AltSplit } from '../../bench/detect-alt.ts';
import type { RgbImage } from '../../src/core/image.ts';
import { jpegRoundTrip, renderAlt } from '../../src/sim/alt/index.ts';
import { Locator, type LocatedBall } from '../../src/vision/index.ts';
import { scaledCalibration } from '../vision-scenes.ts';
import { ALT_SNOOKER_PALETTE } from './alt-palette.ts';
import { loadCalibrationFile } from './games.ts';

/** The frame of `split` drawn from `seed` (1080p, or 4K as the benchmark draws it), and its case. */
export const drawAltFrame = async (
  split: AltSplit,
  seed: number,
  res: '1080p' | '4K' = '1080p',
): Promise<{ readonly k: AltCase; readonly image: RgbImage }> => {
  const c = loadCalibrationFile('calibration/demo.json');
  if (!c.ok) throw new Error(c.error.message);
  const cal = res === '4K' ? scaledCalibration(c.value, 2) : c.value;
  const k = altCases(cal, split, 3, res).find((a) => a.seed === seed);
  if (!k) throw new Error(`no frame ${seed}`);
  let { image } = renderAlt(k.calibration, ALT_SNOOKER_PALETTE, k.balls, k.style, k.seed);
  if (k.jpeg !== undefined) image = await jpegRoundTrip(image, k.jpeg);
  return { k, image };
};

/** The frame of `split` drawn from `seed`, its case, and what the Locator finds in it. */
export const locateAltFrame = async (
  split: AltSplit,
  seed: number,
  res: '1080p' | '4K' = '1080p',
): Promise<{ readonly k: AltCase; readonly found: readonly LocatedBall[] }> => {
  const { k, image } = await drawAltFrame(split, seed, res);
  const r = new Locator(k.calibration).locate(image);
  if (!r.ok) throw new Error(r.error.message);
  return { k, found: r.value };
};

/** The frame's `id` found once, within `withinMm` of the truth; every other ball once; nothing else. */
export const expectFoundAlone = (
  k: AltCase,
  found: readonly LocatedBall[],
  id: string,
  withinMm: number,
): void => {
  const r = k.calibration.table.ballRadius;
  const ball = k.balls.find((b) => b.id === id);
  if (!ball) throw new Error(`no ${id}`);
  const near = found.filter((f) => Math.hypot(f.x - ball.x, f.y - ball.y) < r);
  expect(near, `${id} at (${ball.x.toFixed(0)}, ${ball.y.toFixed(0)})`).toHaveLength(1);
  const f = near[0] as LocatedBall;
  expect(Math.hypot(f.x - ball.x, f.y - ball.y)).toBeLessThan(withinMm);
  for (const b of k.balls)
    expect(
      found.filter((x) => Math.hypot(x.x - b.x, x.y - b.y) < r),
      `${b.id} at (${b.x.toFixed(0)}, ${b.y.toFixed(0)})`,
    ).toHaveLength(1);
  expect(found).toHaveLength(k.balls.length);
};
