// The second renderer's lamps and camera (src/sim/alt/render.ts): what four of its options draw, checked
// against the light they model on a small frame of an empty table (no noise, so frames compare pixel by
// pixel). A rolling shutter's flicker (AltStyle.flicker) scales each row's exposure by
// 1 + depth · sin(2π v / (period · height) + phase); a bare bulb (AltLamp.bare) lights all round alike,
// where a lamp facing down falls off with the cosine of the angle from straight below it; a venetian
// blind (AltLamp.slats) passes a far lamp's light in stripes whose period on the bed is the slats'
// pitch over the tangent of the lamp's height above the horizon; a camera's sharpening (AltStyle.sharpen)
// lifts the light side of an edge above its level and sinks the dark side below its own. A worn cloth
// (AltStyle.wear) is lighter by up to its amount in blotches and at its worn places; a smoky room's haze
// (AltStyle.haze) lifts the darks towards its colour and blooms round a bright ball; and mauve-rgb's
// canopy of coloured lamps (AltLamp.colour) turns the light's hue from one end of the table to the other.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Calibration } from '../src/camera/index.ts';
import type { Table } from '../src/equipment/index.ts';
import { project } from '../src/camera/index.ts';
import { mm } from '../src/core/units.ts';
import { altStyle, renderAlt, type AltLamp, type AltStyle, type AltWear } from '../src/sim/alt/index.ts';
import { ALT_SNOOKER_PALETTE } from './helpers/alt-palette.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import { scaledCalibration } from './vision-scenes.ts';

let calibration: Calibration<Table>;
let plain: AltStyle;

beforeAll(() => {
  calibration = scaledCalibration(loadDemoCalibration(), 0.25);
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

  it('stripes a far lamp’s light through a blind with the slats’ period and open share, and not without them', () => {
    const t = calibration.table;
    // A lamp 100 km off (parallel light: 30 degrees up to within 0.01 mm over the table), beyond the
    // end y = 0, its disc a tenth of the sun's (edges of 3 mm at most), behind a window square to the
    // table 0.5 m beyond that end: on the bed a stripe every pitch / tan 30° = 200 mm along the table,
    // lit where (y + 500) mod 200 < 0.6 · 200.
    const far = 100_000_000;
    const up = Math.PI / 6;
    const sun: AltLamp = {
      x: t.width / 2,
      y: -far * Math.cos(up),
      z: far * Math.sin(up),
      hx: far * 0.00047,
      hy: far * 0.00047,
      power: (far * far) / Math.sin(up) ** 2,
    };
    const slats = { x: 0, y: -500, nx: 0, ny: 1, pitch: 200 * Math.tan(up), open: 0.6 };
    const ambient = 0.1;
    const lit = (withSlats: boolean): AltStyle => ({
      ...plain,
      ambient,
      lamps: [withSlats ? { ...sun, slats } : sun],
    });
    const open = renderAlt(calibration, ALT_SNOOKER_PALETTE, [], lit(false), 7).image;
    const blind = renderAlt(calibration, ALT_SNOOKER_PALETTE, [], lit(true), 7).image;
    const green = (img: typeof open, y: number): number => {
      const p = project(calibration, { x: mm(t.width / 2), y: mm(y), z: mm(0) });
      return linear(img.data[3 * (Math.round(p.v) * img.width + Math.round(p.u)) + 1] as number);
    };
    // The middle of every band of light and of shade along the bed, away from the end cushions.
    for (let k = 3; 200 * k - 440 < t.length - 150; k++) {
      const inLight = 200 * k - 440;
      const inShade = inLight + 100;
      expect(green(blind, inLight) / green(open, inLight)).toBeCloseTo(1, 2);
      // The shade lit by the room alone: ambient / (1 + ambient) of the open light, give or take the
      // tone curve's difference from sRGB.
      if (inShade < t.length - 150)
        expect(green(blind, inShade) / green(open, inShade)).toBeLessThan(2 * (ambient / (1 + ambient)));
    }
    const none = renderAlt(
      calibration,
      ALT_SNOOKER_PALETTE,
      [],
      { ...lit(false), lamps: [{ ...sun, slats: undefined }] },
      7,
    );
    expect(Buffer.from(none.image.data).equals(Buffer.from(open.data))).toBe(true);
  });

  it('sharpens an edge into a light and a dark overshoot, and leaves the frame as it was without', () => {
    // A smooth bed (no nap, no gradient): the middle row's strongest step, from the floor to the rail
    // or the cushion at the end of the table, its two sides each flat in the unsharpened frame.
    const smooth: AltStyle = { ...plain, nap: 0, clothGradient: 0 };
    const soft = renderAlt(calibration, ALT_SNOOKER_PALETTE, [], smooth, 7).image;
    const sharp = renderAlt(
      calibration,
      ALT_SNOOKER_PALETTE,
      [],
      { ...smooth, sharpen: { amount: 1.5, radius: 6 } },
      7,
    ).image;
    const W = soft.width;
    const v = Math.round(soft.height / 2);
    const luma = (img: typeof soft, u: number): number => {
      const k = 3 * (v * W + u);
      return (
        0.299 * (img.data[k] as number) +
        0.587 * (img.data[k + 1] as number) +
        0.114 * (img.data[k + 2] as number)
      );
    };
    let edge = 1;
    for (let u = 1; u < W / 4; u++)
      if (Math.abs(luma(soft, u + 1) - luma(soft, u)) > Math.abs(luma(soft, edge + 1) - luma(soft, edge)))
        edge = u;
    const rising = luma(soft, edge + 1) > luma(soft, edge);
    const [dark, light] = rising ? [edge, edge + 1] : [edge + 1, edge];
    const side = (from: number, step: number): number[] => [0, 1, 2].map((i) => luma(soft, from + step * i));
    const away = rising ? -1 : 1;
    expect(luma(sharp, light)).toBeGreaterThan(Math.max(...side(light, -away)) + 5);
    expect(luma(sharp, dark)).toBeLessThan(Math.min(...side(dark, away)) - 5);
    const none = renderAlt(calibration, ALT_SNOOKER_PALETTE, [], { ...smooth, sharpen: undefined }, 7).image;
    expect(Buffer.from(none.data).equals(Buffer.from(soft.data))).toBe(true);
  });

  /** A frame's linear light in each channel at a table point (x, y, z) mm. */
  const lightAt = (img: { width: number; data: Uint8Array }, x: number, y: number, z = 0): number[] => {
    const p = project(calibration, { x: mm(x), y: mm(y), z: mm(z) });
    const k = 3 * (Math.round(p.v) * img.width + Math.round(p.u));
    return [0, 1, 2].map((c) => linear(img.data[k + c] as number));
  };

  it('lightens a worn cloth by up to its amount, in blotches and at its worn places, and not without', () => {
    const t = calibration.table;
    const smooth: AltStyle = { ...plain, nap: 0, clothGradient: 0 };
    const spot = { x: t.width / 2, y: t.length * 0.8 };
    const wear: AltWear = {
      amount: 0.12,
      patch: 350,
      seed: 5,
      places: [{ ax: spot.x, ay: spot.y, bx: spot.x, by: spot.y, half: 150, lift: 1 }],
      smudges: [],
    };
    const even = renderAlt(calibration, ALT_SNOOKER_PALETTE, [], smooth, 7).image;
    const worn = renderAlt(calibration, ALT_SNOOKER_PALETTE, [], { ...smooth, wear }, 7).image;
    // The bed's green away from the cushions and the marks, every 20 mm: worn over even.
    const ratios: number[] = [];
    for (let y = 150; y < t.length - 150; y += 20)
      for (let x = 150; x < t.width - 150; x += 20)
        ratios.push((lightAt(worn, x, y)[1] as number) / (lightAt(even, x, y)[1] as number));
    // Lighter by the amount at most (the tone curve's roll-off and 8 bits give or take 2 %), and
    // nowhere darker; its blotches cover part of the bed, not all.
    expect(Math.max(...ratios)).toBeGreaterThan(1.09);
    expect(Math.max(...ratios)).toBeLessThan(1.14);
    expect(Math.min(...ratios)).toBeGreaterThan(0.98);
    const share = ratios.filter((r) => r > 1.03).length / ratios.length;
    expect(share).toBeGreaterThan(0.1);
    expect(share).toBeLessThan(0.9);
    // The worn place wholly worn at its middle.
    const atSpot =
      (lightAt(worn, spot.x, spot.y)[1] as number) / (lightAt(even, spot.x, spot.y)[1] as number);
    expect(atSpot).toBeCloseTo(1.12, 1);
    const none = renderAlt(calibration, ALT_SNOOKER_PALETTE, [], { ...smooth, wear: undefined }, 7).image;
    expect(Buffer.from(none.data).equals(Buffer.from(even.data))).toBe(true);
  });

  it('lifts the darks towards a haze’s colour, blooms round a bright ball, and neither without', () => {
    const t = calibration.table;
    const cue = { id: 'cue', x: t.width / 2, y: t.length / 2 };
    const R = t.ballRadius;
    const clear = renderAlt(calibration, ALT_SNOOKER_PALETTE, [cue], plain, 7).image;
    const haze = { veil: 0.2, colour: [1, 0.6, 0.3] as const, bloom: 0, threshold: 0.5, radius: 8 };
    const veiled = renderAlt(calibration, ALT_SNOOKER_PALETTE, [cue], { ...plain, haze }, 7).image;
    const bloomed = renderAlt(
      calibration,
      ALT_SNOOKER_PALETTE,
      [cue],
      { ...plain, haze: { ...haze, bloom: 1, threshold: 0.3 } },
      7,
    ).image;
    // The floor beyond the rail (the darkest thing in the frame) lifted, most in red, least in blue.
    const floor = (img: typeof clear): number[] => lightAt(img, -230, t.length / 2);
    const [r0, g0, b0] = floor(clear) as [number, number, number];
    const [r1, g1, b1] = floor(veiled) as [number, number, number];
    expect(r1 - r0).toBeGreaterThan(g1 - g0);
    expect(g1 - g0).toBeGreaterThan(b1 - b0);
    expect(b1 - b0).toBeGreaterThan(0);
    expect(r1 / r0).toBeGreaterThan(1.5);
    // The cloth round the cue ball (2 radii from its middle) lighter with the bloom than with the veil
    // alone; the far end of the bed, 1.5 m off, alike.
    const near = (img: typeof clear): number => lightAt(img, cue.x + 2 * R, cue.y)[1] as number;
    expect(near(bloomed) / near(veiled)).toBeGreaterThan(1.1);
    const far = (img: typeof clear): number => lightAt(img, cue.x, cue.y + 1500)[1] as number;
    expect(far(bloomed) / far(veiled)).toBeCloseTo(1, 2);
    const none = renderAlt(calibration, ALT_SNOOKER_PALETTE, [cue], { ...plain, haze: undefined }, 7).image;
    expect(Buffer.from(none.data).equals(Buffer.from(clear.data))).toBe(true);
  });

  it('lights a grey bed magenta-red at one end of mauve-rgb’s canopy, green-cyan at the other, white between', () => {
    const t = calibration.table;
    const canopy = altStyle(t, 'mauve-rgb', 1).lamps;
    const grey: AltStyle = {
      ...plain,
      cloth: [128, 128, 128],
      nap: 0,
      clothGradient: 0,
      whiteBalance: [1, 1, 1],
      lamps: canopy,
    };
    const img = renderAlt(calibration, ALT_SNOOKER_PALETTE, [], grey, 7).image;
    const [rs, gs, bs] = lightAt(img, t.width / 2, t.length * 0.08) as [number, number, number];
    const [rm, gm, bm] = lightAt(img, t.width / 2, t.length / 2) as [number, number, number];
    const [re, ge, be] = lightAt(img, t.width / 2, t.length * 0.92) as [number, number, number];
    // 8 % of the length from either end (beyond the canopy's, in light from its middle too):
    // magenta-red, red over blue over green; green-cyan, green over blue over red. The middle white
    // within 10 %.
    expect(rs / gs).toBeGreaterThan(1.6);
    expect(bs / gs).toBeGreaterThan(1.2);
    expect(rs / bs).toBeGreaterThan(1.2);
    expect(ge / re).toBeGreaterThan(1.6);
    expect(ge / be).toBeGreaterThan(1.1);
    expect(be / re).toBeGreaterThan(1.2);
    for (const c of [rm / gm, bm / gm]) expect(Math.abs(c - 1)).toBeLessThan(0.1);
  });
});
