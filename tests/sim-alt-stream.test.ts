// A frame streamed (src/sim/alt/stream.ts): coded by x264 as a P-frame after a previous frame with other
// sensor noise, at a low bitrate, and decoded. The round trip changes the frame by a few levels, not
// more; it halves the chroma and codes it in 8x8 blocks of its own plane (16x16 pixels), whose edges
// show as steps in the chroma on the 16-pixel grid; and the same frame gives the same pixels.
import { beforeAll, describe, expect, it } from 'vitest';
import { altCases, type AltSplit } from '../bench/detect-alt.ts';
import type { Calibration } from '../src/camera/index.ts';
import type { RgbImage } from '../src/core/image.ts';
import type { Table } from '../src/equipment/index.ts';
import { ALT_VARIANTS, altStyle, renderAlt } from '../src/sim/alt/index.ts';
import { altStream, h264RoundTrip, type AltStream } from '../src/sim/alt/stream.ts';
import { ALT_SNOOKER_PALETTE } from './helpers/alt-palette.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import { makeScene, scaledCalibration } from './vision-scenes.ts';

const STREAM: AltStream = { crf: 35, previousNoise: 3 };
let frame: RgbImage;
let demo: Calibration<Table>;

beforeAll(() => {
  demo = loadDemoCalibration();
  const calibration = scaledCalibration(demo, 0.5);
  const scene = makeScene('random', 3, calibration.table);
  frame = renderAlt(
    calibration,
    ALT_SNOOKER_PALETTE,
    scene.balls,
    altStyle(calibration.table, 'blue', 3),
    3,
  ).image;
});

const rmsDiff = (a: Uint8Array, b: Uint8Array): number => {
  let e = 0;
  for (let i = 0; i < a.length; i++) e += ((a[i] as number) - (b[i] as number)) ** 2;
  return Math.sqrt(e / a.length);
};

/**
 * The mean step in the chroma (B − Y, as BT.601's Cb is scaled) between neighbouring columns whose
 * boundary falls at x ≡ 0 (mod 16), over that between every other pair.
 */
const chromaGridStep = (im: RgbImage): number => {
  const { width, height, data } = im;
  const cb = (i: number): number => {
    const r = data[3 * i] as number;
    const g = data[3 * i + 1] as number;
    const b = data[3 * i + 2] as number;
    return b - (0.299 * r + 0.587 * g + 0.114 * b);
  };
  let onGrid = 0;
  let nOn = 0;
  let off = 0;
  let nOff = 0;
  for (let v = 0; v < height; v++)
    for (let u = 1; u < width; u++) {
      const d = Math.abs(cb(v * width + u) - cb(v * width + u - 1));
      if (u % 16 === 0) {
        onGrid += d;
        nOn++;
      } else {
        off += d;
        nOff++;
      }
    }
  return onGrid / nOn / (off / nOff);
};

describe('a frame streamed as H.264', () => {
  it('differs from the frame by a few levels (RMS 1-8), the coding’s loss and the previous frame’s noise', async () => {
    const s = await h264RoundTrip(frame, STREAM, 11);
    expect(s.image.width).toBe(frame.width);
    expect(s.image.height).toBe(frame.height);
    const e = rmsDiff(s.image.data, frame.data);
    expect(e).toBeGreaterThan(1);
    expect(e).toBeLessThan(8);
  });

  it('has its chroma coded in blocks: steps on the 16-pixel grid over 1.5 times those between', async () => {
    const s = await h264RoundTrip(frame, STREAM, 11);
    expect(chromaGridStep(frame)).toBeLessThan(1.1);
    expect(chromaGridStep(s.image)).toBeGreaterThan(1.5);
  });

  it('gives the same pixels for the same frame, stream and seed, and others for another seed', async () => {
    const a = await h264RoundTrip(frame, STREAM, 11);
    const b = await h264RoundTrip(frame, STREAM, 11);
    const c = await h264RoundTrip(frame, STREAM, 12);
    expect(b.bytes).toBe(a.bytes);
    expect(Buffer.from(b.image.data).equals(Buffer.from(a.image.data))).toBe(true);
    expect(Buffer.from(c.image.data).equals(Buffer.from(a.image.data))).toBe(false);
  });

  it('is held-out 28’s camera and held-out 49’s pillarboxed one only, the webcam’s coarser than the stream’s, the pillarboxed one’s finer', () => {
    const streamed = ALT_VARIANTS.filter((v) => altStream(v) !== undefined);
    expect(streamed).toEqual(['cerulean-stream', 'violet-webcam', 'menthol-pillarbox']);
    expect(altStream('violet-webcam')?.crf).toBeGreaterThan(altStream('cerulean-stream')?.crf ?? 51);
    // A club's ordinary stream, not held-out 28's starved one.
    expect(altStream('menthol-pillarbox')?.crf).toBeLessThan(altStream('cerulean-stream')?.crf ?? 0);
  });

  it('is given to held-out 28’s cases, with demo’s camera, at 1080p and 4K, and to no older split’s', () => {
    const uhd = scaledCalibration(demo, 2);
    for (const [res, c] of [
      ['1080p', demo],
      ['4K', uhd],
    ] as const) {
      const cases = altCases(c, 'held-out-28', 3, res);
      expect(new Set(cases.map((k) => k.name.split(' ')[3]))).toEqual(
        new Set(['cerulean-stream', 'violet-webcam']),
      );
      for (const k of cases) {
        expect(k.h264, k.name).toEqual(
          altStream(k.name.includes('cerulean') ? 'cerulean-stream' : 'violet-webcam'),
        );
        expect(k.calibration, k.name).toBe(c);
      }
      // The JPEG as every split has it: where the seed is even.
      expect(cases.filter((k) => k.jpeg !== undefined).map((k) => k.seed % 2)).toEqual(
        cases.filter((k) => k.seed % 2 === 0).map(() => 0),
      );
      const older: AltSplit[] = ['tuning', 'held-out', 'held-out-23', 'held-out-26', 'held-out-27'];
      for (const split of older)
        for (const k of altCases(c, split, 1, res)) expect(k.h264, k.name).toBeUndefined();
    }
  });
});
