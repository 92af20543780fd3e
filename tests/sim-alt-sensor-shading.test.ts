// An ageing sensor and a wide lens's colour shading left uncorrected, for the second renderer's held-out
// 40 (src/sim/alt/render.ts, style.ts): a camera whose sensor has aged, seen at a high gain in a dim room
// (orchid-sensor: hot and stuck photosites, its columns' and rows' offsets, its amplifier's glow in a
// corner), and a phone's wide camera whose lens-shading correction is another module's (sky-shading: the
// corners darker and tinted). Each is measured against what it is drawn from, the frame drawn with it
// and without it, without sensor noise, every pixel of a frame of 270 or 540 rows: each defect a dot in its own
// Bayer site's channel alone, its light its dark signal (or the full well, stuck), placed by the camera
// and not the frame; the offsets and the glow as they are drawn, wherever nothing clips; the shading
// each channel's share at the pixel's distance from the optical centre, the tint growing with its
// square. Every held-out 40 frame is its layout's balls in its variant. Only held-out 40's two variants
// have either, no older split's case; no frame of held-out 40 is detected here.
import type { RgbImage } from '../src/core/image.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Calibration } from '../src/camera/index.ts';
import type { Table } from '../src/equipment/index.ts';
import {
  altStyle,
  sensorDefects,
  type AltSensor,
  type AltShading,
  type AltStyle,
} from '../src/sim/alt/index.ts';
import { itDrawsANewSplit } from './helpers/alt-split.ts';
import { drawn, raw } from './helpers/alt-window.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import { makeScene, scaledCalibration } from './vision-scenes.ts';

let demo: Calibration<Table>;
let table: Table;
let half: Calibration<Table>;

beforeAll(() => {
  demo = loadDemoCalibration();
  table = demo.table;
  half = scaledCalibration(demo, 0.5);
});

/** A style's sensor (orchid-sensor's). */
const sensorOf = (s: AltStyle): AltSensor => {
  if (!s.sensor) throw new Error('no sensor');
  return s.sensor;
};

/** Each pixel's each channel of two frames of one size: (u, v), the channel, its code value in each. */
const eachSample = (
  A: RgbImage,
  B: RgbImage,
  f: (u: number, v: number, ch: number, a: number, b: number) => void,
): void => {
  for (let v = 0; v < A.height; v++)
    for (let u = 0; u < A.width; u++)
      for (const ch of [0, 1, 2]) {
        const k = 3 * (v * A.width + u) + ch;
        f(u, v, ch, A.data[k] as number, B.data[k] as number);
      }
};

describe('an ageing sensor (orchid-sensor)', () => {
  it('puts each hot or stuck photosite in its own Bayer site’s channel alone, a hot one’s light its dark signal, a stuck one’s its full well', () => {
    for (const seed of [1, 2]) {
      const s = altStyle(table, 'orchid-sensor', seed);
      const sensor = sensorOf(s);
      const on: AltStyle = {
        ...s,
        sensor: { ...sensor, columns: 0, rows: 0, glow: { ...sensor.glow, strength: 0 } },
      };
      const off: AltStyle = { ...s, sensor: undefined };
      const balls = makeScene('opening', seed, table).balls;
      const A = drawn(half, balls, on);
      const B = drawn(half, balls, off);
      const W = A.width;
      const H = A.height;
      const d = sensorDefects(sensor, W, H);
      // A few in 10 000 hot, a few in 100 000 stuck.
      const hot = d.signals.filter((x) => x !== Infinity);
      expect(hot.length / (W * H)).toBeGreaterThan(2e-4);
      expect(hot.length / (W * H)).toBeLessThan(4e-4);
      expect((d.pixels.length - hot.length) / (W * H)).toBeGreaterThan(0.5e-5);
      expect((d.pixels.length - hot.length) / (W * H)).toBeLessThan(3.5e-5);
      // Their dark signals log-normal about `dark`, spread as drawn.
      const logs = Array.from(hot, (x) => Math.log(x / sensor.dark)).sort((a, b) => a - b);
      expect(Math.abs(logs[Math.floor(logs.length / 2)] as number)).toBeLessThan(0.15);
      const sd = Math.sqrt(logs.reduce((a, x) => a + x * x, 0) / logs.length);
      expect(sd / sensor.spread).toBeGreaterThan(0.85);
      expect(sd / sensor.spread).toBeLessThan(1.15);
      // Nothing changed but the defects' own channels.
      const own = new Set<number>();
      for (let i = 0; i < d.pixels.length; i++) {
        const k = d.pixels[i] as number;
        expect(d.channels[i], `${k}`).toBe((Math.floor(k / W) % 2) + ((k % W) % 2));
        own.add(3 * k + (d.channels[i] as number));
      }
      let changed = 0;
      for (let j = 0; j < 3 * W * H; j++)
        if (A.data[j] !== B.data[j]) {
          changed++;
          expect(own.has(j), `${j}`).toBe(true);
        }
      expect(changed).toBeGreaterThan(0.8 * d.pixels.length);
      // Each one's light as drawn, wherever it reads back unclipped.
      let measured = 0;
      for (let i = 0; i < d.pixels.length; i++) {
        const k = d.pixels[i] as number;
        const ch = d.channels[i] as number;
        const a = A.data[3 * k + ch] as number;
        const b = B.data[3 * k + ch] as number;
        const signal = d.signals[i] as number;
        if (signal === Infinity) {
          // Full: white, or clipped where the white balance lifts it past white.
          if (a < 255) expect(raw(on, a, ch).x + raw(on, a, ch).slack, `${k}`).toBeGreaterThan(0.99);
          continue;
        }
        if (a > 250 || b < 12) continue;
        measured++;
        const got = raw(on, a, ch).x - raw(on, b, ch).x;
        const slack = raw(on, a, ch).slack + raw(on, b, ch).slack;
        expect(Math.abs(got - signal * sensor.warmth), `${k} ${ch}`).toBeLessThanOrEqual(slack + 1e-4);
      }
      expect(measured).toBeGreaterThan(0.5 * hot.length);
    }
  });

  it('keeps its defects where they are from frame to frame (the camera’s), its warmth the frame’s', () => {
    const styles = [1, 2, 3].map((seed) => altStyle(table, 'orchid-sensor', seed));
    const sensors = styles.map(sensorOf);
    const warmths = sensors.map((x) => x.warmth);
    expect(new Set(warmths).size).toBe(3);
    for (const w of warmths) {
      expect(w).toBeGreaterThanOrEqual(2 ** -0.5);
      expect(w).toBeLessThanOrEqual(2 ** 0.5);
    }
    for (const x of sensors.slice(1)) expect({ ...x, warmth: 0 }).toEqual({ ...sensors[0], warmth: 0 });
    // Two frames of other layouts and seeds: their changed pixels the same.
    const changedOf = (seed: number, s: AltStyle): Set<number> => {
      const sensor = sensorOf(s);
      const on: AltStyle = {
        ...s,
        sensor: { ...sensor, columns: 0, rows: 0, glow: { ...sensor.glow, strength: 0 } },
      };
      const balls = makeScene('random', seed, table).balls;
      const A = drawn(half, balls, on);
      const B = drawn(half, balls, { ...s, sensor: undefined });
      const out = new Set<number>();
      for (let j = 0; j < A.data.length; j++) if (A.data[j] !== B.data[j]) out.add(j);
      return out;
    };
    const a = changedOf(11, styles[0] as AltStyle);
    const b = changedOf(12, styles[1] as AltStyle);
    const both = [...a].filter((j) => b.has(j)).length;
    expect(a.size).toBeGreaterThan(100);
    expect(both / Math.max(a.size, b.size)).toBeGreaterThan(0.9);
  });

  it('offsets each column and each row as drawn, faintly', () => {
    const s = altStyle(table, 'orchid-sensor', 3);
    const sensor = sensorOf(s);
    const on: AltStyle = {
      ...s,
      sensor: { ...sensor, hot: 0, stuck: 0, glow: { ...sensor.glow, strength: 0 } },
    };
    const A = drawn(half, [], on);
    const B = drawn(half, [], { ...s, sensor: undefined });
    const W = A.width;
    const H = A.height;
    const d = sensorDefects(sensorOf(on), W, H);
    expect(sensor.columns).toBeGreaterThanOrEqual(0.0012);
    expect(sensor.columns).toBeLessThanOrEqual(0.0025);
    const colSd = Math.sqrt(d.columns.reduce((a, x) => a + x * x, 0) / W);
    expect(colSd / sensor.columns).toBeGreaterThan(0.9);
    expect(colSd / sensor.columns).toBeLessThan(1.1);
    let n = 0;
    eachSample(A, B, (u, v, ch, a, b) => {
      if (b < 12 || b > 245 || a < 2) return;
      n++;
      const want = (d.columns[u] as number) + (d.rows[v] as number);
      const got = raw(on, a, ch).x - raw(on, b, ch).x;
      const slack = raw(on, a, ch).slack + raw(on, b, ch).slack;
      if (Math.abs(got - want) > slack + 1e-5) expect(got, `${u} ${v} ${ch}`).toBeCloseTo(want, 6);
    });
    expect(n).toBeGreaterThan(0.5 * 3 * W * H);
  });

  it('glows in its amplifier’s corner, falling by e over its reach of the frame’s height, reddish', () => {
    for (const c of [scaledCalibration(demo, 0.25), half]) {
      const s = altStyle(table, 'orchid-sensor', 4);
      const sensor = sensorOf(s);
      const g = sensor.glow;
      const on: AltStyle = { ...s, sensor: { ...sensor, hot: 0, stuck: 0, columns: 0, rows: 0 } };
      const A = drawn(c, [], on);
      const B = drawn(c, [], { ...s, sensor: undefined });
      const W = A.width;
      const H = A.height;
      const gu = g.corner === 1 || g.corner === 2 ? W - 1 : 0;
      const gv = g.corner >= 2 ? H - 1 : 0;
      expect(g.colour[0]).toBeGreaterThan(g.colour[1]);
      let n = 0;
      let near = 0;
      eachSample(A, B, (u, v, ch, a, b) => {
        if (b < 12 || a > 245) return;
        n++;
        const want =
          g.strength *
          sensor.warmth *
          (g.colour[ch] as number) *
          Math.exp(-Math.hypot(u - gu, v - gv) / (g.reach * H));
        const got = raw(on, a, ch).x - raw(on, b, ch).x;
        const slack = raw(on, a, ch).slack + raw(on, b, ch).slack;
        if (want > 0.02) near++;
        if (Math.abs(got - want) > slack + 1e-5) expect(got, `${H} ${u} ${v} ${ch}`).toBeCloseTo(want, 6);
      });
      expect(n).toBeGreaterThan(0.5 * 3 * W * H);
      expect(near).toBeGreaterThan(100);
    }
  });
});

describe('a wide lens’s colour shading left uncorrected (sky-shading)', () => {
  /** Each channel's share at a pixel (the truth, written out again from AltShading's words). */
  const share = (sh: AltShading, W: number, H: number, u: number, v: number): [number, number, number] => {
    const rho2 = ((u + 0.5 - sh.u * W) ** 2 + (v + 0.5 - sh.v * H) ** 2) / ((W / 2) ** 2 + (H / 2) ** 2);
    const lum = 1 - sh.fall * rho2;
    return [lum * (1 + sh.tint[0] * rho2), lum, lum * (1 + sh.tint[1] * rho2)];
  };

  it('darkens and tints every pixel by its distance from the optical centre, the tint growing with its square', () => {
    const tints = new Set<string>();
    for (const [seed, c] of [
      [1, half],
      [5, half],
      [2, scaledCalibration(demo, 0.25)],
      [9, scaledCalibration(demo, 0.25)],
    ] as const) {
      const s = altStyle(table, 'sky-shading', seed);
      const sh = s.shading;
      if (!sh) throw new Error('no shading');
      tints.add(sh.tint[0] > 0 ? 'magenta' : 'green');
      expect(Math.sign(sh.tint[0])).toBe(Math.sign(sh.tint[1]));
      expect(sh.fall).toBeGreaterThanOrEqual(0.2);
      expect(sh.fall).toBeLessThanOrEqual(0.35);
      const balls = makeScene('opening', seed, table).balls;
      const A = drawn(c, balls, s);
      const B = drawn(c, balls, { ...s, shading: undefined });
      const W = A.width;
      const H = A.height;
      let n = 0;
      let corner = 0;
      eachSample(A, B, (u, v, ch, a, b) => {
        if (b < 16 || b > 240 || a < 16) return;
        const want = share(sh, W, H, u, v);
        n++;
        if (want[1] < 1 - 0.8 * sh.fall) corner++;
        const x = raw(s, a, ch);
        const y = raw(s, b, ch);
        const got = x.x / y.x;
        // The ratio's slack: each side's half a code value.
        const slack = x.slack / y.x + (x.x * y.slack) / (y.x * y.x);
        if (Math.abs(got - (want[ch] as number)) > slack + 1e-4)
          expect(got, `${seed} ${u} ${v} ${ch}`).toBeCloseTo(want[ch] as number, 4);
      });
      expect(n).toBeGreaterThan(0.6 * 3 * W * H);
      expect(corner).toBeGreaterThan(10);
    }
    expect([...tints].sort()).toEqual(['green', 'magenta']);
  });
});

itDrawsANewSplit({
  split: 'held-out-40',
  name: 'held-out 40',
  seeds: { hd: 12_500_000, uhd: 12_550_000 },
  cloths: [
    ['orchid', 70],
    ['sky', 74],
  ],
  makersSet: { variant: 'orchid-sensor', makers: 33, least: 30 },
  variants: [
    { variant: 'orchid-sensor', draws: 'an ageing sensor', drawsIt: (s) => s.sensor !== undefined },
    { variant: 'sky-shading', draws: 'colour shading', drawsIt: (s) => s.shading !== undefined },
  ],
});
