// Held-out 50's drawing (src/sim/alt): a pendant lamp knocked and swinging on its cord (primrose-swaying,
// render.ts AltSway: where it hangs, how it rises and leans, the pool of light and a ball's highlight
// moved, its path over the exposure) and a drink spilled on the bed and dried (maize-spilled, AltSpills:
// the stain's colour, its tide mark, its outline and the gloss of its film), at 1080p and at 4K, on
// frames drawn without noise. No frame of held-out 50 is detected here.
import { beforeAll, describe, expect, it } from 'vitest';
import { altCases } from '../bench/detect-alt.ts';
import { cameraCentre, type Calibration } from '../src/camera/index.ts';
import type { RgbImage } from '../src/core/image.ts';
import type { Table } from '../src/equipment/index.ts';
import {
  altStyle,
  stainAt,
  swayAt,
  swayedLamps,
  type AltLamp,
  type AltStain,
  type AltStyle,
  type AltSway,
} from '../src/sim/alt/index.ts';
import { itDrawsANewSplit } from './helpers/alt-split.ts';
import { drawn, lightOf, px, raw, windowOn } from './helpers/alt-window.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import { scaledCalibration } from './vision-scenes.ts';

let demo: Calibration<Table>;
let table: Table;

beforeAll(() => {
  demo = loadDemoCalibration();
  table = demo.table;
});

const resolutions = (): [string, Calibration<Table>][] => [
  ['1080p', demo],
  ['4K', scaledCalibration(demo, 2)],
];

const G = 9806.65;

describe('a pendant lamp knocked and swinging on its cord (primrose-swaying)', () => {
  const lamp: AltLamp = { x: 500, y: 1000, z: 700, hx: 90, hy: 90, power: 1 };
  const sway = (o: Partial<AltSway> = {}): AltSway => ({
    lamp: 0,
    cord: 1000,
    amplitude: 120,
    ratio: 0.2,
    direction: 0.5,
    phase: 0,
    shutter: 0,
    steps: 1,
    ...o,
  });

  it('swings as a pendulum of its cord’s length: out and back in a period, rising and leaning with the cord', () => {
    const s = sway();
    const T = 2 * Math.PI * Math.sqrt(s.cord / G);
    const m0 = swayAt(lamp, s, 0);
    const [c, n] = [Math.cos(s.direction), Math.sin(s.direction)];
    // At the top of its swing: the amplitude along its direction, risen as the cord swings up, leaning with it.
    expect(m0.x - lamp.x).toBeCloseTo(120 * c, 9);
    expect(m0.y - lamp.y).toBeCloseTo(120 * n, 9);
    expect(m0.z - lamp.z).toBeCloseTo(1000 - Math.sqrt(1000 ** 2 - 120 ** 2), 9);
    expect(m0.tilt?.x).toBeCloseTo((120 * c) / 1000, 9);
    expect(m0.tilt?.y).toBeCloseTo((120 * n) / 1000, 9);
    expect(m0.power).toBe(1);
    // A period on it is where it was; half a period on, the other way; a quarter on, the ellipse's
    // ratio of it across the direction.
    const m1 = swayAt(lamp, s, T);
    expect(m1.x).toBeCloseTo(m0.x, 6);
    expect(m1.y).toBeCloseTo(m0.y, 6);
    const h = swayAt(lamp, s, T / 2);
    expect(h.x - lamp.x).toBeCloseTo(-120 * c, 6);
    expect(h.y - lamp.y).toBeCloseTo(-120 * n, 6);
    const q = swayAt(lamp, s, T / 4);
    expect(q.x - lamp.x).toBeCloseTo(-24 * n, 6);
    expect(q.y - lamp.y).toBeCloseTo(24 * c, 6);
  });

  it('draws it at moments spread over the exposure, each with its share of the power, the other lamps as they were', () => {
    const a: AltLamp = { ...lamp, x: 100 };
    const b: AltLamp = { ...lamp, x: 900 };
    // Mid-swing (phase π/2: the fastest), over 1/15 s: five lamps at ±2/5 and ±1/5 of it and the middle.
    const s = sway({ lamp: 1, phase: Math.PI / 2, shutter: 1 / 15, steps: 5 });
    const ls = swayedLamps([a, lamp, b], s);
    expect(ls).toHaveLength(7);
    expect(ls[0]).toBe(a);
    expect(ls[6]).toBe(b);
    expect(ls.slice(1, 6).reduce((p, l) => p + l.power, 0)).toBeCloseTo(1, 12);
    const w = Math.sqrt(G / s.cord);
    const first = ls[1] as AltLamp;
    const last = ls[5] as AltLamp;
    // Along the swing -A sin(w t) at t = ±(2/5) of the shutter: 2 A sin(w 0.4 s) apart (about 20 mm).
    const along = (last.x - first.x) * Math.cos(s.direction) + (last.y - first.y) * Math.sin(s.direction);
    expect(along).toBeCloseTo(-2 * 120 * Math.sin(w * 0.4 * s.shutter), 6);
    expect(Math.abs(along)).toBeGreaterThan(15);
    const mid = ls[3] as AltLamp;
    const m = swayAt(lamp, s, 0);
    expect(mid.x).toBeCloseTo(m.x, 9);
    expect(mid.y).toBeCloseTo(m.y, 9);
  });

  // One pendant over the bed, no room light, a grey cloth without nap or gradient: the bed's light its.
  const rest = (): AltLamp => ({ x: table.width / 2, y: table.length / 2, z: 700, hx: 90, hy: 90, power: 1 });
  const base = (): AltStyle => {
    const { sway: _, ...s } = altStyle(table, 'primrose-swaying', 3);
    return { ...s, cloth: [110, 110, 110], clothGradient: 0, nap: 0, ambient: 0, lamps: [rest()] };
  };
  /** A lamp's light on the bed at (x, y) (a lamp facing down, leaning by its tilt). */
  const irradiance = (l: AltLamp, x: number, y: number, tilted: boolean): number => {
    const dx = l.x - x;
    const dy = l.y - y;
    const dz = l.z;
    const d = Math.hypot(dx, dy, dz);
    const t = tilted && l.tilt ? l.tilt : { x: 0, y: 0 };
    const up = (dz * Math.sqrt(1 - t.x * t.x - t.y * t.y) - dx * t.x - dy * t.y) / d;
    return (l.power * (dz / d) * up) / (d * d);
  };

  it('moves its pool of light, the bed lit as from the lamp where it swung to and leaning with its cord', () => {
    const s = sway({ cord: 700, amplitude: 150, direction: 0.3, ratio: 0 });
    const moved = swayAt(rest(), s, 0);
    const [c, n] = [Math.cos(s.direction), Math.sin(s.direction)];
    for (const [res, cal] of resolutions())
      for (const off of [300, -300]) {
        const x = table.width / 2 + off * c;
        const y = table.length / 2 + off * n;
        const still = lightOf(drawn(windowOn(cal, x, y, 0, 8), [], base()), { u: 4, v: 4 });
        const swung = lightOf(drawn(windowOn(cal, x, y, 0, 8), [], { ...base(), sway: s }), { u: 4, v: 4 });
        const got = (swung[1] as number) / (still[1] as number);
        const want = irradiance(moved, x, y, true) / irradiance(rest(), x, y, false);
        expect(Math.abs(got / want - 1), `${res} ${off}`).toBeLessThan(0.03);
        // The lean matters on the far side: a lamp that hung straight down would light it 10 % or more
        // otherwise (on the near side, under the lamp, 2 %).
        const upright = irradiance(moved, x, y, false) / irradiance(rest(), x, y, false);
        if (off < 0) expect(Math.abs(upright / want - 1), `${res} ${off}`).toBeGreaterThan(0.1);
      }
  });

  it('moves a ball’s highlight of it, as far as the mirror of the lamp’s new place on the ball', () => {
    const cal = scaledCalibration(demo, 2);
    const R = table.ballRadius;
    const ball = { id: 'white', x: table.width / 2 - 250, y: table.length / 2 + 100 };
    const z = table.ballCentreHeight;
    const s = sway({ cord: 900, amplitude: 150, direction: 0, ratio: 0 });
    const o = cameraCentre(cal);
    /** Where the ball mirrors a lamp at (lx, ly, lz) to the camera: the normal halfway between them. */
    const mirror = (l: AltLamp): { u: number; v: number } => {
      const toward = (p: { x: number; y: number; z: number }) => {
        const v = [p.x - ball.x, p.y - ball.y, p.z - z];
        const n = Math.hypot(v[0] as number, v[1] as number, v[2] as number);
        return v.map((k) => k / n);
      };
      const a = toward({ x: o.x, y: o.y, z: o.z });
      const b = toward({ x: l.x, y: l.y, z: l.z });
      const h = a.map((k, i) => k + (b[i] as number));
      const hn = Math.hypot(...h);
      return px(
        cal,
        ball.x + (R * (h[0] as number)) / hn,
        ball.y + (R * (h[1] as number)) / hn,
        z + (R * (h[2] as number)) / hn,
      );
    };
    const centre = px(cal, ball.x, ball.y, z);
    const win = windowOn(cal, ball.x, ball.y, z, 64);
    /** The middle of a frame's brightest pixels on the ball (the highlight, clipped or not), in the frame's pixels. */
    const highlight = (img: RgbImage): { u: number; v: number } => {
      const luma = (k: number): number =>
        (img.data[3 * k] as number) + (img.data[3 * k + 1] as number) + (img.data[3 * k + 2] as number);
      let most = 0;
      for (let k = 0; k < 64 * 64; k++) most = Math.max(most, luma(k));
      let su = 0;
      let sv = 0;
      let w = 0;
      for (let k = 0; k < 64 * 64; k++)
        if (luma(k) >= most - 6) {
          su += k % 64;
          sv += Math.floor(k / 64);
          w++;
        }
      return { u: su / w + Math.round(centre.u) - 32, v: sv / w + Math.round(centre.v) - 32 };
    };
    const still = highlight(drawn(win, [ball], base()));
    const swung = highlight(drawn(win, [ball], { ...base(), sway: s }));
    const was = mirror(rest());
    const is = mirror(swayAt(rest(), s, 0));
    const moved = Math.hypot(swung.u - still.u, swung.v - still.v);
    const want = Math.hypot(is.u - was.u, is.v - was.v);
    expect(want).toBeGreaterThan(2);
    expect(Math.abs(moved - want)).toBeLessThan(1);
    // The same way.
    expect((swung.u - still.u) * (is.u - was.u) + (swung.v - still.v) * (is.v - was.v)).toBeGreaterThan(0);
  });
});

describe('a drink spilled on the bed and dried (maize-spilled)', () => {
  const stain = (o: Partial<AltStain> = {}): AltStain => ({
    x: table.width / 2,
    y: table.length / 3,
    radius: 40,
    lobes: [],
    tint: [0.7, 0.6, 0.5],
    rim: 6,
    ring: 0.6,
    gloss: 0,
    lobe: 30,
    ...o,
  });

  it('finds a point’s part inside the stain and its tide mark, and its distance off the edge along its normal', () => {
    const o = new Float64Array(3);
    const s = stain({ radius: 30, rim: 2 });
    const at = (x: number, y: number, st = s): number[] => {
      stainAt(st, st.x + x, st.y + y, 0.01, o);
      return [...o];
    };
    expect(at(0, 0).slice(0, 2)).toEqual([1, 0]);
    expect(at(29, 0).slice(0, 2)).toEqual([1, 1]);
    expect(at(0, -27.5).slice(0, 2)).toEqual([1, 0]);
    expect(at(-30.5, 0).slice(0, 2)).toEqual([0, 0]);
    expect(at(0, 31)[2]).toBeCloseTo(1, 9);
    // A lobed outline (k = 2, a tenth of the radius): 33 mm out along x, 27 along y; at 45°, on the
    // circle but leaning, a point a millimetre out of it 1 / √1.04 mm off the edge.
    const lobed = stain({ radius: 30, rim: 2, lobes: [[0.1, 0]] });
    expect(at(32.5, 0, lobed).slice(0, 2)).toEqual([1, 1]);
    expect(at(33.5, 0, lobed)[0]).toBe(0);
    expect(at(0, 26.5, lobed)[1]).toBe(1);
    expect(at(0, 27.5, lobed)[0]).toBe(0);
    const r = 31 / Math.SQRT2;
    expect(at(r, r, lobed)[2]).toBeCloseTo(1 / Math.sqrt(1.04), 6);
    // A pixel half in the stain: half of it.
    stainAt(s, s.x + 30, s.y, 2, o);
    expect(o[0]).toBeCloseTo(0.5, 9);
  });

  const base = (): AltStyle => {
    const { spills: _, ...s } = altStyle(table, 'maize-spilled', 3);
    return { ...s, cloth: [110, 110, 110], clothGradient: 0, nap: 0 };
  };
  const spilled = (st: AltStain): AltStyle => ({ ...base(), spills: { stains: [st] } });
  const seen = (c: Calibration<Table>, s: AltStyle, x: number, y: number): [number, number, number] =>
    lightOf(drawn(windowOn(c, x, y, 0, 8), [], s), { u: 4, v: 4 });

  it('darkens and browns the cloth inside it by its tint, its tide mark by the ring more, the cloth past it as it was', () => {
    const st = stain();
    for (const [res, c] of resolutions()) {
      const ratio = (x: number, y: number): number[] => {
        const on = seen(c, spilled(st), x, y);
        const bare = seen(c, base(), x, y);
        return on.map((v, ch) => v / (bare[ch] as number));
      };
      const mid = ratio(st.x + 8, st.y - 5);
      mid.forEach((r, ch) =>
        expect(Math.abs(r - (st.tint[ch] as number)), `${res} ${ch}`).toBeLessThan(0.03),
      );
      // The tide mark's middle, 3 mm inside the edge.
      const rim = ratio(st.x, st.y + st.radius - st.rim / 2);
      rim.forEach((r, ch) =>
        expect(Math.abs(r - (st.tint[ch] as number) * st.ring), `${res} ${ch}`).toBeLessThan(0.04),
      );
      // 12 mm past the edge (a 4 px window round it, under 9 mm across): byte-identical to the bed without it.
      const [x, y] = [st.x - st.radius - 12, st.y];
      expect(drawn(windowOn(c, x, y, 0, 4), [], spilled(st)).data).toEqual(
        drawn(windowOn(c, x, y, 0, 4), [], base()).data,
      );
    }
  });

  it('gleams white where a lamp lies near the mirror of the camera’s ray, as much as its gloss, little off it', () => {
    const c = scaledCalibration(demo, 2);
    const o = cameraCentre(c);
    const l = base().lamps[0] as AltLamp;
    // The bed point that mirrors lamp 0 to the camera.
    const k = o.z / (o.z + l.z);
    const mx = o.x + (l.x - o.x) * k;
    const my = o.y + (l.y - o.y) * k;
    const st = stain({ x: mx, y: my, radius: 400, rim: 1 });
    const rawAt = (s: AltStyle, x: number, y: number): number[] => {
      const img = drawn(windowOn(c, x, y, 0, 8), [], s);
      const p = 3 * (4 * 8 + 4);
      return [0, 1, 2].map((ch) => raw(s, img.data[p + ch] as number, ch).x);
    };
    const gleam = (gloss: number, x: number, y: number): number[] => {
      const on = rawAt(spilled({ ...st, gloss }), x, y);
      const dull = rawAt(spilled(st), x, y);
      return on.map((v, ch) => v - (dull[ch] as number));
    };
    const g1 = gleam(0.1, mx, my);
    const g2 = gleam(0.2, mx, my);
    // White: the same light in each channel (the lamps are), and twice as much for twice the gloss.
    for (let ch = 0; ch < 3; ch++) {
      expect(Math.abs((g1[ch] as number) / (g1[1] as number) - 1), `${ch}`).toBeLessThan(0.08);
      expect(Math.abs((g2[ch] as number) / (g1[ch] as number) - 2), `${ch}`).toBeLessThan(0.2);
    }
    // A tenth of the lamp's light straight back: a visible gleam on the stain.
    const dull = rawAt(spilled(st), mx, my);
    expect((g1[1] as number) / (dull[1] as number)).toBeGreaterThan(0.1);
    // 300 mm off the mirror point (the lamp some 20° off the mirror), a fraction of that.
    const off = gleam(0.1, mx, my + 300);
    expect(off[1] as number).toBeLessThan(0.25 * (g1[1] as number));
  });
});

describe('bench/detect-alt’s held-out 50, the swinging lamp and the spills', () => {
  it('draws each primrose-swaying frame’s lamp swinging within its ranges, and each maize-spilled frame’s stains clear of the cushions', () => {
    const lamps = new Set<number>();
    const counts = new Set<number>();
    for (const [c, per, res] of [
      [demo, 3, '1080p'],
      [scaledCalibration(demo, 2), 1, '4K'],
    ] as const)
      for (const k of altCases(c, 'held-out-50', per, res)) {
        const sw = k.style.sway;
        const sp = k.style.spills;
        expect(k.calibration, k.name).toBe(c);
        if (k.variant === 'primrose-swaying') {
          expect(sp, k.name).toBeUndefined();
          if (!sw) throw new Error(k.name);
          lamps.add(sw.lamp);
          expect(k.style.lamps, k.name).toHaveLength(3);
          expect(sw.lamp, k.name).toBeLessThan(3);
          expect(sw.cord, k.name).toBeGreaterThanOrEqual(700);
          expect(sw.cord, k.name).toBeLessThanOrEqual(1400);
          expect(sw.amplitude, k.name).toBeGreaterThanOrEqual(50);
          expect(sw.amplitude, k.name).toBeLessThanOrEqual(150);
          expect(sw.ratio, k.name).toBeLessThanOrEqual(0.3);
          expect(1 / sw.shutter, k.name).toBeGreaterThanOrEqual(15);
          expect(1 / sw.shutter, k.name).toBeLessThanOrEqual(50);
          expect(sw.steps, k.name).toBe(3);
          continue;
        }
        expect(sw, k.name).toBeUndefined();
        if (!sp) throw new Error(k.name);
        counts.add(sp.stains.length);
        expect(sp.stains.length, k.name).toBeGreaterThanOrEqual(1);
        expect(sp.stains.length, k.name).toBeLessThanOrEqual(2);
        for (const s of sp.stains) {
          expect(s.radius, k.name).toBeGreaterThanOrEqual(20);
          expect(s.radius, k.name).toBeLessThanOrEqual(55);
          expect(
            Math.min(s.x, table.width - s.x, s.y, table.length - s.y) - 2 * s.radius,
            k.name,
          ).toBeGreaterThanOrEqual(60);
          // Darker and browned: the blue least.
          expect(s.tint[0], k.name).toBeLessThanOrEqual(0.88);
          expect(s.tint[2], k.name).toBeLessThan(s.tint[1]);
          expect(s.tint[1], k.name).toBeLessThan(s.tint[0]);
          expect(s.ring, k.name).toBeLessThanOrEqual(0.85);
          expect(s.gloss, k.name).toBeGreaterThan(0);
        }
      }
    expect(lamps.size).toBeGreaterThanOrEqual(2);
    expect(counts.size).toBe(2);
  });
});

itDrawsANewSplit({
  split: 'held-out-50',
  name: 'held-out 50',
  seeds: { hd: 13_500_000, uhd: 13_550_000 },
  cloths: [
    ['primrose', 60],
    ['maize', 60],
  ],
  makersSet: { variant: 'maize-spilled', makers: 41, least: 24 },
  variants: [
    {
      variant: 'primrose-swaying',
      draws: 'a pendant lamp swinging',
      drawsIt: (s) => s.sway !== undefined,
    },
    {
      variant: 'maize-spilled',
      draws: 'dried spills',
      drawsIt: (s) => s.spills !== undefined,
    },
  ],
});
