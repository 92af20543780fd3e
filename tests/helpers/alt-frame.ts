// One of bench/detect-alt's frames (a split's case by its seed, at 1080p or 4K), drawn by the second
// renderer (and located), for the regression tests built on that benchmark's frames; and the check
// those tests share: the ball in question found once within a distance, every other ball found once,
// nothing else. And for the tests that ask a ball be named, not only found: a frame of a test's own
// balls seen by the whole Detector with the classifier, and the check that the ball is found, placed
// and named, and no other ball given its name.
import { expect, it } from 'vitest';
import { altCases, drawCase, type AltCase, type AltSplit } from '../../bench/detect-alt.ts';
import type { Calibration } from '../../src/camera/index.ts';
import type { RgbImage } from '../../src/core/image.ts';
import type { Table } from '../../src/equipment/index.ts';
import { markingsOf } from '../../src/games/snooker/equipment.ts';
import { jpegRoundTrip, renderAlt, type AltBall, type AltStyle } from '../../src/sim/alt/index.ts';
import type { BallClassifier } from '../../src/vision/classify/index.ts';
import {
  Detector,
  detectBalls,
  Locator,
  type DetectedBall,
  type LocatedBall,
} from '../../src/vision/index.ts';
import { scaledCalibration } from '../vision-scenes.ts';
import { ALT_SNOOKER_PALETTE } from './alt-palette.ts';
import { loadDemoCalibration } from './games.ts';

/** The frames drawn so far in this test process, by split, seed and resolution. */
const drawn = new Map<string, Promise<{ readonly k: AltCase; readonly image: RgbImage }>>();

/**
 * The frame of `split` drawn from `seed` (1080p, or 4K as the benchmark draws it), and its case:
 * drawn once in a test process (seconds of rendering; a file's cases may each ask for the same
 * frame, located and then named), each caller given its own copy of the pixels.
 */
export const drawAltFrame = async (
  split: AltSplit,
  seed: number,
  res: '1080p' | '4K' = '1080p',
): Promise<{ readonly k: AltCase; readonly image: RgbImage }> => {
  const key = `${split} ${seed} ${res}`;
  const known = drawn.get(key);
  const made =
    known ??
    (async () => {
      const demo = loadDemoCalibration();
      const cal = res === '4K' ? scaledCalibration(demo, 2) : demo;
      const k = altCases(cal, split, 3, res).find((a) => a.seed === seed);
      if (!k) throw new Error(`no frame ${seed}`);
      return { k, image: await drawCase(k) };
    })();
  drawn.set(key, made);
  const { k, image } = await made;
  return { k, image: { ...image, data: Uint8Array.from(image.data) } };
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

/**
 * The frame's ball `which` (its id, or where it lies for one of several reds) found once, within
 * `withinMm` of the truth; every other ball once; nothing else.
 */
export const expectFoundAlone = (
  k: AltCase,
  found: readonly LocatedBall[],
  which: string | { readonly x: number; readonly y: number },
  withinMm: number,
): void => {
  const r = k.calibration.table.ballRadius;
  const ball = k.balls.find((b) =>
    typeof which === 'string' ? b.id === which : Math.hypot(b.x - which.x, b.y - which.y) < 1,
  );
  if (!ball) throw new Error(`no ${JSON.stringify(which)}`);
  const near = found.filter((f) => Math.hypot(f.x - ball.x, f.y - ball.y) < r);
  expect(near, `${ball.id} at (${ball.x.toFixed(0)}, ${ball.y.toFixed(0)})`).toHaveLength(1);
  const f = near[0] as LocatedBall;
  expect(Math.hypot(f.x - ball.x, f.y - ball.y)).toBeLessThan(withinMm);
  expectEveryBallOnceAndNothingElse(k, found);
  expect(found).toHaveLength(k.balls.length);
};

/** Nothing found away from the frame's balls (farther than a ball's radius from every one). */
export const expectNothingElse = (k: AltCase, found: readonly LocatedBall[]): void => {
  const r = k.calibration.table.ballRadius;
  const none = found.filter((f) => !k.balls.some((b) => Math.hypot(f.x - b.x, f.y - b.y) < r));
  expect(none.map((f) => `${f.found} at (${f.x.toFixed(0)}, ${f.y.toFixed(0)})`)).toEqual([]);
};

/** Every ball of the frame found once (within a ball's radius), and nothing found away from them. */
export const expectEveryBallOnceAndNothingElse = (k: AltCase, found: readonly LocatedBall[]): void => {
  expectNothingElse(k, found);
  const r = k.calibration.table.ballRadius;
  for (const b of k.balls)
    expect(
      found.filter((f) => Math.hypot(f.x - b.x, f.y - b.y) < r),
      `${b.id} at (${b.x.toFixed(0)}, ${b.y.toFixed(0)})`,
    ).toHaveLength(1);
};

/** A frame a test names: what it shows, its split and its seed (1080p). */
export type AltFrameCase = readonly [string, AltSplit, number];

/** A frame and the ball in it a test is about: where that ball lies (within 2 mm) and how near it must be found. */
export type AltBallCase = readonly [
  string,
  AltSplit,
  number,
  { readonly x: number; readonly y: number },
  number,
];

/** One test a frame of `cases`: located, its ball found once within its distance of where it lies, every other once, nothing else. */
export const itPlacesWhereItLies = (cases: readonly AltBallCase[]): void =>
  it.each(cases)(
    '%s (%s frame %i): placed where it lies',
    async (_, split, seed, at, withinMm) => {
      const { k, found } = await locateAltFrame(split, seed);
      const ball = k.balls.find((b) => Math.hypot(b.x - at.x, b.y - at.y) < 2);
      if (!ball) throw new Error(`no ball at (${at.x}, ${at.y})`);
      expectFoundAlone(k, found, { x: ball.x, y: ball.y }, withinMm);
    },
    120_000,
  );

/** One test a frame of `cases`: located, every ball found once, nothing else. */
export const itFindsEveryBallOnce = (cases: readonly AltFrameCase[]): void =>
  it.each(cases)(
    '%s (%s frame %i): every ball once, nothing else',
    async (_, split, seed) => {
      const { k, found } = await locateAltFrame(split, seed);
      expectEveryBallOnceAndNothingElse(k, found);
    },
    120_000,
  );

/** Every ball of the frame found and named right: what was found within its radius is its id alone. */
export const expectEveryBallNamed = (k: AltCase, found: readonly DetectedBall[]): void => {
  const at = (b: AltBall): string => `${b.id} at (${b.x.toFixed(0)}, ${b.y.toFixed(0)})`;
  const named = k.balls.map((b) => {
    const f = found.filter((d) => Math.hypot(d.x - b.x, d.y - b.y) < k.calibration.table.ballRadius);
    return `${at(b)} → ${f.map((d) => d.id).join(', ') || 'unseen'}`;
  });
  expect(named).toEqual(k.balls.map((b) => `${at(b)} → ${b.id}`));
};

/** The frame of `split` drawn from `seed`, seen by the whole detector with `classifier`: every ball found and named right. */
export const expectAltFrameNamed = async (
  split: AltSplit,
  seed: number,
  classifier: BallClassifier,
  res: '1080p' | '4K' = '1080p',
): Promise<void> => {
  const { k, image } = await drawAltFrame(split, seed, res);
  const r = await detectBalls(image, k.calibration, classifier);
  if (!r.ok) throw new Error(r.error.message);
  expectEveryBallNamed(k, r.value);
};

/**
 * What the whole Detector, with the classifier, finds and names in a frame of `balls` drawn by the
 * second renderer in `style` from `seed` (JPEG-compressed for even seeds, as bench/detect-alt does).
 */
export const detectAltNamed = async (
  calibration: Calibration<Table>,
  classifier: BallClassifier,
  balls: readonly AltBall[],
  style: AltStyle,
  seed: number,
): Promise<readonly DetectedBall[]> => {
  let { image } = renderAlt(calibration, ALT_SNOOKER_PALETTE, balls, style, seed);
  if (seed % 2 === 0) image = await jpegRoundTrip(image, 70 + (seed % 20));
  const r = await new Detector(calibration, classifier).detect(image);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.balls;
};

/**
 * The truth's one ball `id` found once within `withinMm` of its place and named `id`, and no other
 * ball found called `id`: what "found" means for a ball whose colour is its identity.
 */
export const expectNamed = (
  truth: readonly AltBall[],
  found: readonly DetectedBall[],
  id: string,
  withinMm: number,
  ballRadius: number,
): void => {
  const ball = truth.find((b) => b.id === id);
  if (!ball) throw new Error(`no ${id}`);
  const label = `${id} at (${ball.x.toFixed(0)}, ${ball.y.toFixed(0)})`;
  const near = found.filter((f) => Math.hypot(f.x - ball.x, f.y - ball.y) < ballRadius);
  expect(
    near.map((f) => f.id),
    label,
  ).toEqual([id]);
  const f = near[0] as DetectedBall;
  expect(Math.hypot(f.x - ball.x, f.y - ball.y), `${label}: how far off`).toBeLessThan(withinMm);
  expect(
    found.filter((x) => x.id === id && x !== f).map((x) => `(${x.x.toFixed(0)}, ${x.y.toFixed(0)})`),
    `other balls called ${id}`,
  ).toEqual([]);
};

/**
 * Snooker's colours on their spots, the cue ball behind the baulk line's middle, two reds behind the
 * pink; `moved` puts any of the colours elsewhere.
 */
export const coloursOnSpots = (
  t: Table,
  moved: Partial<Record<'green' | 'black', { readonly x: number; readonly y: number }>> = {},
): AltBall[] => {
  const R = t.ballRadius;
  const { spots } = markingsOf(t);
  const at = (id: 'yellow' | 'green' | 'brown' | 'blue' | 'pink' | 'black'): AltBall => {
    const p = (id === 'green' || id === 'black' ? moved[id] : undefined) ?? spots[id];
    return { id, x: p.x, y: p.y };
  };
  return [
    { id: 'cue', x: spots.brown.x + 150, y: spots.brown.y - 250 },
    at('yellow'),
    at('green'),
    at('brown'),
    at('blue'),
    at('pink'),
    { id: 'red', x: spots.pink.x, y: spots.pink.y + 2.1 * R },
    { id: 'red', x: spots.pink.x + 1.05 * R, y: spots.pink.y + 3.9 * R },
    at('black'),
  ];
};
