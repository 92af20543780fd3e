// The second renderer's lamps and camera (src/sim/alt/render.ts): what two of its options draw, checked
// against the light they model on a small frame of an empty table (no noise, so frames compare pixel by
// pixel). A rolling shutter's flicker (AltStyle.flicker) scales each row's exposure by
// 1 + depth · sin(2π v / (period · height) + phase); a bare bulb (AltLamp.bare) lights all round alike,
// where a lamp facing down falls off with the cosine of the angle from straight below it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Calibration } from '../src/camera/index.ts';
import type { Table } from '../src/equipment/index.ts';
import { altStyle, renderAlt, type AltStyle } from '../src/sim/alt/index.ts';
import { ALT_SNOOKER_PALETTE } from './helpers/alt-palette.ts';
import { loadCalibrationFile } from './helpers/games.ts';
import { scaledCalibration } from './vision-scenes.ts';

let calibration: Calibration<Table>;
let plain: AltStyle;

beforeAll(() => {
  const c = loadCalibrationFile('calibration/demo.json');
  if (!c.ok) throw new Error(c.error.message);
  calibration = scaledCalibration(c.value, 0.25);
  plain = { ...altStyle(calibration.table, 'tournament', 1), noise: 0, box: undefined };
});

const linear = (v: number): number => {
  const x = v / 255;
  return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
};

/** The green channel's linear light, summed over row v's middle half (the bed, not the room). */
const rowLight = (data: Uint8Array, width: number, v: number): number => {
  let s = 0;
  for (let u = Math.floor(width / 4); u < Math.floor((3 * width) / 4); u++)
    s += linear(data[3 * (v * width + u) + 1] as number);
  return s;
};

describe('the second renderer', () => {
  it('draws a rolling shutter’s flicker as bands of exposure down the frame, as the flicker says', () => {
    const depth = 0.2;
    const period = 0.5;
    const without = renderAlt(calibration, ALT_SNOOKER_PALETTE, [], plain, 7).image;
    const banded = renderAlt(
      calibration,
      ALT_SNOOKER_PALETTE,
      [],
      { ...plain, flicker: { depth, period, phase: 0 } },
      7,
    ).image;
    const H = without.height;
    for (const share of [0.125, 0.375, 0.625, 0.875]) {
      const v = Math.round(share * H);
      const expected = 1 + depth * Math.sin((2 * Math.PI * v) / (period * H));
      expect(rowLight(banded.data, banded.width, v) / rowLight(without.data, without.width, v)).toBeCloseTo(
        expected,
        1,
      );
    }
  });

  it('draws no bands, to the pixel, without a flicker', () => {
    const a = renderAlt(calibration, ALT_SNOOKER_PALETTE, [], plain, 7).image;
    const b = renderAlt(calibration, ALT_SNOOKER_PALETTE, [], { ...plain, flicker: undefined }, 7).image;
    expect(Buffer.from(b.data).equals(Buffer.from(a.data))).toBe(true);
  });

  it('lights the bed away from a bare bulb more than a lamp facing down, and alike straight under it', () => {
    const t = calibration.table;
    const lamp = { x: t.width / 2, y: t.length / 2, z: 1500, hx: 20, hy: 20, power: 1 };
    const one = (bare: boolean): AltStyle => ({ ...plain, ambient: 0, lamps: [{ ...lamp, bare }] });
    const down = renderAlt(calibration, ALT_SNOOKER_PALETTE, [], one(false), 7).image;
    const bulb = renderAlt(calibration, ALT_SNOOKER_PALETTE, [], one(true), 7).image;
    const at = (img: typeof down, x: number, y: number): number => {
      const [u, v] = [Math.round(img.width * x), Math.round(img.height * y)];
      return linear(img.data[3 * (v * img.width + u) + 1] as number);
    };
    // The middle of the frame is under the lamp; a tenth in from a corner is well off to the side.
    expect(at(bulb, 0.5, 0.5) / at(down, 0.5, 0.5)).toBeCloseTo(1, 1);
    expect(at(bulb, 0.2, 0.2) / at(down, 0.2, 0.2)).toBeGreaterThan(1.1);
  });
});
