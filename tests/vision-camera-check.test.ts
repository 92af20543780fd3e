// The knocked-camera check (src/vision/camera-check.ts): a rendered frame through the demo camera
// against its own calibration fits, balls against the cushions and a player leaning over one
// included; the same picture seen by a camera turned by a knock's fraction of a degree, or shifted by
// a few pixels, has moved. Measured here (median cushion offsets, second-worst cushion): the truth
// 0.1–0.2 px; a turn of 0.1° about the camera's x or y axis ~2.2 px, 0.2° ~4.5 px; a turn of 0.4° about
// its optical axis ~2.7 px.
import { describe, expect, it } from 'vitest';
import type { RgbImage } from '../src/core/image.ts';
import { createRenderer, renderFrame, type RenderBall } from '../src/sim/render/index.ts';
import { DEFAULT_PLAYER, playerPrimitives } from '../src/sim/render/occluders.ts';
import {
  checkAgainstReference,
  checkCamera,
  DEFAULT_CAMERA_CHECK,
  edgeReference,
} from '../src/vision/camera-check.ts';
import { altStyle, jpegRoundTrip, renderAlt } from '../src/sim/alt/index.ts';
import { demo, knocked, stillFrame } from './camera-helpers.ts';
import { ALT_SNOOKER_PALETTE } from './helpers/alt-palette.ts';
import { scaledCalibration } from './vision-scenes.ts';

const truth = demo();
/** The picture moved by whole pixels (du, dv), the edge repeated into the gap. */
const shifted = (img: RgbImage, du: number, dv: number): RgbImage => {
  const { width: w, height: h } = img;
  const data = new Uint8Array(img.data.length);
  for (let v = 0; v < h; v++)
    for (let u = 0; u < w; u++) {
      const su = Math.min(w - 1, Math.max(0, u - du));
      const sv = Math.min(h - 1, Math.max(0, v - dv));
      data.set(img.data.subarray((sv * w + su) * 3, (sv * w + su) * 3 + 3), (v * w + u) * 3);
    }
  return { width: w, height: h, data };
};

// Balls against four of the cushions, and a player down on the left-hand cushion with the cue,
// bridge hand and arm across it.
const balls: RenderBall[] = [
  { id: 'red', x: 27, y: 1000 },
  { id: 'red', x: 27, y: 1060 },
  { id: 'cue', x: 900, y: 27 },
  { id: 'black', x: 1751, y: 2000 },
  { id: 'pink', x: 500, y: 3542 },
  { id: 'blue', x: 889, y: 1784.5 },
];
const player = playerPrimitives(
  { ...DEFAULT_PLAYER, from: 0, to: 1, contact: { x: 300, y: 2400 }, aim: 0 },
  0.5,
  truth.table,
  'player',
);
const frame = renderFrame(createRenderer(truth, { supersample: 1 }), [{ balls, occluders: player }], {
  frameIndex: 0,
});

describe('the camera check on a rendered frame', () => {
  it('fits its own calibration, with balls on the cushions and a player leaning over one', () => {
    const r = checkCamera(frame, truth);
    expect(r.verdict).toBe('fits');
    expect(r.offsetPx).toBeLessThan(0.5);
    expect(r.cushions.filter((x) => !Number.isNaN(x)).length).toBeGreaterThanOrEqual(5);
  });

  it.each([
    ['0.1° about the camera x axis', { x: 0.1, y: 0, z: 0 }, 1.8],
    ['0.1° about the camera y axis', { x: 0, y: 0.1, z: 0 }, 1.8],
    ['0.2° about both', { x: 0.2, y: -0.2, z: 0 }, 3.5],
    ['0.4° about the optical axis', { x: 0, y: 0, z: 0.4 }, 2],
  ])('a camera knocked %s has moved', (_name, turn, least) => {
    const r = checkCamera(frame, knocked(truth, turn));
    expect(r.verdict).toBe('moved');
    expect(r.offsetPx).toBeGreaterThan(least);
    expect(r.text).toMatch(/px from the calibration's/);
  });

  it.each([
    [3, 0],
    [0, 3],
    [-2, 2],
  ])('the picture shifted by (%i, %i) px has moved, by about as much', (du, dv) => {
    const r = checkCamera(shifted(frame, du, dv), truth);
    expect(r.verdict).toBe('moved');
    expect(r.offsetPx).toBeGreaterThan(Math.max(Math.abs(du), Math.abs(dv)) - 0.5);
    expect(r.offsetPx).toBeLessThan(Math.max(Math.abs(du), Math.abs(dv)) + 0.5);
  });

  it('a turn far beyond the search window: the cushions are not found, and that is a move too', () => {
    const r = checkCamera(frame, knocked(truth, { x: 3, y: 0, z: 0 }));
    expect(r.verdict).toBe('moved');
  });

  it('says nothing of a dark picture or one of the wrong size', () => {
    const dark = { ...frame, data: frame.data.map((b) => b >> 3) };
    expect(checkCamera(dark, truth).verdict).toBe('unknown');
    expect(
      checkCamera({ width: 960, height: 540, data: new Uint8Array(960 * 540 * 3) }, truth),
    ).toMatchObject({
      verdict: 'unknown',
      text: expect.stringMatching(/960×540/) as unknown,
    });
  });

  it('a calibration just inside the threshold is not alarmed', () => {
    const r = checkCamera(frame, knocked(truth, { x: 0.02, y: 0, z: 0 }));
    expect(r.verdict).toBe('fits');
    expect(r.offsetPx).toBeLessThan(DEFAULT_CAMERA_CHECK.maxOffsetPx);
  });
});

describe('the camera check against a reference picture', () => {
  // Taken on a frame with two balls in the open; checked on the frame above (balls against four
  // cushions, a player leaning over one), a darker room, and the picture moved.
  const reference = edgeReference(
    stillFrame(
      truth,
      [
        { id: 'red', x: 500, y: 2000 },
        { id: 'cue', x: 800, y: 700 },
      ],
      7,
    ),
    truth,
  );

  it('the same camera has not moved: balls, a player and a dimmer light notwithstanding', () => {
    expect(checkAgainstReference(frame, truth, reference)).toMatchObject({ verdict: 'fits' });
    const dim = { ...frame, data: frame.data.map((b) => Math.round(b * 0.6)) };
    const r = checkAgainstReference(dim, truth, reference);
    expect(r.verdict).toBe('fits');
    expect(r.offsetPx).toBeLessThan(0.2);
  });

  it.each([2, 4])('the picture shifted by %i px has moved by as much', (d) => {
    const r = checkAgainstReference(shifted(frame, 0, d), truth, reference);
    expect(r.verdict).toBe('moved');
    expect(r.offsetPx).toBeCloseTo(d, 0);
  });

  it('the frame of a camera knocked 0.1° (rendered so) has moved ~2 px', () => {
    const k = stillFrame(knocked(truth, { x: 0.1, y: 0, z: 0 }), balls, 3);
    const r = checkAgainstReference(k, truth, reference);
    expect(r.verdict).toBe('moved');
    expect(r.offsetPx).toBeGreaterThan(1.6);
    expect(r.offsetPx).toBeLessThan(2.6);
  });

  it('a turn far beyond the slide looked for: nothing matches, and that is a move', () => {
    const r = checkAgainstReference(shifted(frame, 0, 40), truth, reference);
    expect(r.verdict).toBe('moved');
    expect(r.text).toMatch(/no longer look as they did/);
  });

  // The second render style (src/sim/alt: flat cushions, other cloths and lamps, JPEG), at 960 × 540,
  // which the cushion-model check above cannot read: the reference check can.
  it.each(['blue', 'worn', 'dim'] as const)(
    'held-out style %s: fits with other balls, moved when shifted 2 px',
    async (variant) => {
      const half = scaledCalibration(truth, 0.5);
      const style = altStyle(half.table, variant, 11);
      const draw = async (b: readonly { id: string; x: number; y: number }[], seed: number) =>
        jpegRoundTrip(renderAlt(half, ALT_SNOOKER_PALETTE, b, style, seed).image, 80);
      const ref = edgeReference(await draw([{ id: 'red', x: 500, y: 2000 }], 1), half);
      const later = await draw(balls, 2);
      expect(checkCamera(later, half).offsetPx).toBeNaN(); // the cushion model finds nothing here
      expect(checkAgainstReference(later, half, ref)).toMatchObject({ verdict: 'fits' });
      const moved = checkAgainstReference(shifted(later, 2, 0), half, ref);
      expect(moved.verdict).toBe('moved');
      expect(moved.offsetPx).toBeCloseTo(2, 0);
    },
    30_000,
  );
});
