// Frames the vision cannot use: each gets a clear per-frame error naming what is wrong — never a
// crash, never a phantom ball.
import type { Table } from '../src/equipment/index.ts';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Calibration } from '../src/camera/index.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import type { RgbImage } from '../src/core/image.ts';
import { makeRng } from '../src/sim/random.ts';
import { locateBalls, Locator } from '../src/vision/index.ts';

let calibration: Calibration<Table>;
let locator: Locator;
const W = 1920;
const H = 1080;

beforeAll(() => {
  calibration = loadDemoCalibration();
  locator = new Locator(calibration);
});

const filled = (r: number, g: number, b: number, width = W, height = H): RgbImage => {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i += 3) {
    data[i] = r;
    data[i + 1] = g;
    data[i + 2] = b;
  }
  return { width, height, data };
};

const noise = (seed: number): RgbImage => {
  const rng = makeRng(seed);
  const data = new Uint8Array(W * H * 3);
  for (let i = 0; i < data.length; i++) data[i] = rng.int(0, 256);
  return { width: W, height: H, data };
};

const errorOf = (image: RgbImage) => {
  const r = locator.locate(image);
  if (r.ok) throw new Error(`expected an error, got ${r.value.length} balls`);
  return r.error;
};

describe('bad frames', () => {
  it('says a black frame is black', () => {
    const e = errorOf(filled(0, 0, 0));
    expect(e.code).toBe('BAD_FRAME');
    expect(e.message).toMatch(/black frame/);
  });

  it('says an overexposed frame is burnt out', () => {
    const e = errorOf(filled(255, 255, 255));
    expect(e.code).toBe('BAD_FRAME');
    expect(e.message).toMatch(/overexposed: 100% of the table/);
  });

  it('says a truncated frame is truncated, with the lengths', () => {
    const whole = filled(34, 116, 52);
    const e = errorOf({ ...whole, data: whole.data.subarray(0, whole.data.length - 1000) });
    expect(e.code).toBe('BAD_FRAME');
    expect(e.message).toBe(
      `truncated frame: ${W * H * 3 - 1000} bytes for a 1920×1080 RGB frame (expected ${W * H * 3})`,
    );
  });

  it('says a frame of the wrong size does not fit the calibration', () => {
    const r = locateBalls(filled(34, 116, 52, 1280, 720), calibration);
    if (r.ok) throw new Error('a 1280×720 frame was read against a 1920×1080 calibration');
    const e = r.error;
    expect(e.code).toBe('BAD_FRAME');
    expect(e.message).toBe('frame is 1280×720, the calibration is for 1920×1080');
  });

  it('finds no table in noise, in a grey frame, or in a wall of wood', () => {
    expect(errorOf(noise(1)).code).toBe('NO_TABLE');
    const grey = errorOf(filled(128, 128, 128));
    expect(grey.code).toBe('NO_TABLE');
    expect(grey.message).toMatch(/a grey with no dark pockets/);
    // Wood: warm stripes that are no one colour.
    const wood = filled(0, 0, 0);
    for (let v = 0; v < H; v++)
      for (let u = 0; u < W; u++) {
        const k = 0.5 + 0.5 * Math.sin(u / 7 + Math.sin(v / 40));
        const i = (v * W + u) * 3;
        wood.data[i] = 60 + 90 * k;
        wood.data[i + 1] = 30 + 40 * k;
        wood.data[i + 2] = 10 + 30 * k;
      }
    expect(errorOf(wood).code).toBe('NO_TABLE');
  });

  it('never crashes and never invents a ball on a featureless frame of any colour', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer(),
        (r, g, b, sigma, seed) => {
          const image = filled(r, g, b);
          const rng = makeRng(seed);
          if (sigma > 0)
            for (let i = 0; i < image.data.length; i += 97)
              image.data[i] = Math.max(
                0,
                Math.min(255, (image.data[i] as number) + Math.round(rng.normal(0, sigma))),
              );
          const found = locator.locate(image);
          if (found.ok) expect(found.value).toEqual([]);
          else expect(['BAD_FRAME', 'NO_TABLE']).toContain(found.error.code);
        },
      ),
      { numRuns: 25, seed: 5 },
    );
  });
});
