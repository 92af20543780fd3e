// The photo-like pictures the detection tests locate balls on (tests/helpers/photo-table), and what
// they ask of the answer.
import { expect } from 'vitest';
import type { LocatedBall } from '../../src/vision/index.ts';
import { photoTable, type ClothStyle, type Photo } from './photo-table.ts';

/** Seed `seed`'s full-size bed at 1080p with ten balls, no cue, every corner in view, on `cloth` in light `gain`. */
export const snookerPhoto = (seed: number, cloth: ClothStyle, gain: number): Photo =>
  photoTable(seed, {
    bed: 'snooker',
    gain,
    balls: 10,
    size: { width: 1920, height: 1080 },
    cloth,
    cue: false,
    hiddenCorner: false,
  });

/** Every ball of the picture found once, within `withinMm` of its true place, and nothing else. */
export const expectEveryBallOnce = (photo: Photo, found: readonly LocatedBall[], withinMm: number): void => {
  const R = photo.table.ballRadius;
  for (const b of photo.balls) {
    const label = `ball at (${b.x.toFixed(0)}, ${b.y.toFixed(0)})`;
    const near = found.filter((f) => Math.hypot(f.x - b.x, f.y - b.y) < R);
    expect(near, label).toHaveLength(1);
    expect(Math.hypot((near[0]?.x ?? NaN) - b.x, (near[0]?.y ?? NaN) - b.y), label).toBeLessThan(withinMm);
  }
  const extra = found.filter((f) => !photo.balls.some((b) => Math.hypot(f.x - b.x, f.y - b.y) < R));
  expect(extra.map((f) => `(${f.x.toFixed(0)}, ${f.y.toFixed(0)})`)).toEqual([]);
};
