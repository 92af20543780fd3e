// Held-out 51's drawing (src/sim/alt): a table cover's creases pressed into the bed (lawn-creased,
// render.ts AltCreases: a crease's slope across it, sharp and as a pixel averages it, its fading along
// it, crossing creases' slopes adding; the bed lit as the tilted matte cloth, lit on the flank facing a
// lamp and shaded on the other, the room's light as it was, a crease narrower than a pixel averaged
// away), at 1080p and at 4K, on frames drawn without noise. The pale maker's set of poppy-pastel is
// checked against every older set by itDrawsANewSplit. No frame of held-out 51 is detected here.
import { beforeAll, describe, expect, it } from 'vitest';
import { altCases } from '../bench/detect-alt.ts';
import { pixelRay, type Calibration } from '../src/camera/index.ts';
import { pointPx } from '../src/core/units.ts';
import type { Table } from '../src/equipment/index.ts';
import { altStyle, creaseSlope, type AltCrease, type AltLamp, type AltStyle } from '../src/sim/alt/index.ts';
import { itDrawsANewSplit } from './helpers/alt-split.ts';
import { drawn, lightOf, px } from './helpers/alt-window.ts';
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

/** A crease across the table (along x) through the bed's middle, `o` over it. */
const crease = (o: Partial<AltCrease> = {}): AltCrease => ({
  x: 889,
  y: 1800,
  angle: 0,
  width: 2,
  slope: 0.3,
  fade: 0,
  period: 600,
  phase: 0,
  ...o,
});

/** The crease's height's slope across it, sharp (d mm off its line, s mm along it): H e^(−d²/2σ²)'s. */
const sharpSlope = (c: AltCrease, d: number, s: number): number => {
  const sigma = c.width / 2;
  const H =
    c.slope *
    sigma *
    Math.sqrt(Math.E) *
    (1 - (c.fade * (1 - Math.cos((2 * Math.PI * s) / c.period + c.phase))) / 2);
  return (-H * d * Math.exp(-(d * d) / (2 * sigma * sigma))) / (sigma * sigma);
};

describe('a table cover’s creases in the bed (lawn-creased)', () => {
  it('slopes across a crease as its ridge does, steepest its slope a width apart, fading along it, two crossing adding', () => {
    const o = new Float64Array(2);
    const at = (c: AltCrease, x: number, y: number, f: number): [number, number, number] => {
      o.fill(0);
      const d = creaseSlope(c, x, y, f, o);
      return [o[0] as number, o[1] as number, d];
    };
    // Across the table (along x): its normal +y. At d = −σ the ridge rises towards its crest (+y) by
    // its slope; at +σ it falls; on the crest and far off, flat; none of it along the line.
    const c = crease();
    const [gx, gy, d] = at(c, 900, c.y - 1, 0);
    expect(d).toBeCloseTo(-1, 9);
    expect(gx).toBeCloseTo(0, 12);
    expect(gy).toBeCloseTo(0.3, 9);
    expect(at(c, 900, c.y + 1, 0)[1]).toBeCloseTo(-0.3, 9);
    expect(at(c, 900, c.y, 0)[1]).toBeCloseTo(0, 12);
    expect(at(c, 900, c.y + 20, 0)[1]).toBe(0);
    for (const dd of [-3, -1.7, -0.4, 0.6, 2.2])
      expect(at(c, 700, c.y + dd, 0)[1]).toBeCloseTo(sharpSlope(c, dd, -189), 9);
    // A valley the other way; a wider crease steepest further out, as steep.
    expect(at(crease({ slope: -0.3 }), 900, c.y - 1, 0)[1]).toBeCloseTo(-0.3, 9);
    expect(at(crease({ width: 3 }), 900, c.y - 1.5, 0)[1]).toBeCloseTo(0.3, 9);
    // Turned: along the table (angle π/2), its normal −x: a point 1 mm to its +x side is at d = −σ,
    // the ridge rising towards its crest, −x.
    const along = crease({ angle: Math.PI / 2 });
    const g = at(along, along.x + 1, 1000, 0);
    expect(g[2]).toBeCloseTo(-1, 9);
    expect(g[0]).toBeCloseTo(-0.3, 9);
    expect(g[1]).toBeCloseTo(0, 9);
    // Fading along it: at its phase's start its full height, half a period on 1 − fade of it.
    const faded = crease({ fade: 0.5, period: 600, phase: 0 });
    expect(at(faded, faded.x, faded.y - 1, 0)[1]).toBeCloseTo(0.3, 9);
    expect(at(faded, faded.x + 300, faded.y - 1, 0)[1]).toBeCloseTo(0.15, 9);
    expect(at(faded, faded.x + 150, faded.y - 1, 0)[1]).toBeCloseTo(0.225, 9);
    expect(at(crease({ fade: 0.5, phase: Math.PI }), faded.x, faded.y - 1, 0)[1]).toBeCloseTo(0.15, 9);
    // As a pixel f mm wide averages it: the mean of the sharp slope over [d − f/2, d + f/2].
    for (const [f, dd] of [
      [2, -0.7],
      [2, 1.3],
      [4, -2.5],
      [0.5, 0.9],
    ] as const) {
      let mean = 0;
      const n = 2000;
      for (let k = 0; k < n; k++) mean += sharpSlope(c, dd - f / 2 + (f * (k + 0.5)) / n, -189) / n;
      expect(at(c, 700, c.y + dd, f)[1], `${f} ${dd}`).toBeCloseTo(mean, 6);
    }
    // Two crossing: their gradients add.
    o.fill(0);
    creaseSlope(c, along.x + 1, c.y - 1, 0, o);
    creaseSlope(along, along.x + 1, c.y - 1, 0, o);
    expect(o[0]).toBeCloseTo(-0.3, 9);
    expect(o[1]).toBeCloseTo(0.3, 9);
  });

  // One lamp 500 mm down the table from the crease, a grey cloth without nap or gradient, the room's
  // light `ambient`: the bed's light the lamp's and the room's.
  const lamp = (): AltLamp => ({ x: 889, y: 1300, z: 1000, hx: 200, hy: 200, power: 1 });
  const base = (ambient: number): AltStyle => {
    const { creases: _, ...s } = altStyle(table, 'lawn-creased', 3);
    return { ...s, cloth: [110, 110, 110], clothGradient: 0, nap: 0, ambient, lamps: [lamp()] };
  };
  /** The bed point pixel (u, v) of c sees (its ray to z = 0). */
  const bedPoint = (c: Calibration<Table>, u: number, v: number): { x: number; y: number } => {
    const r = pixelRay(c, pointPx(u, v));
    const s = -r.origin.z / r.dir.z;
    return { x: r.origin.x + s * r.dir.x, y: r.origin.y + s * r.dir.y };
  };
  /** A 8 px window of c whose pixel (4, 4) sees the bed point nearest (x, y) a pixel's centre sees, and that point. */
  const windowAt = (
    c: Calibration<Table>,
    x: number,
    y: number,
  ): { win: Calibration<Table>; x: number; y: number } => {
    const p = px(c, x, y, 0);
    const u = Math.round(p.u);
    const v = Math.round(p.v);
    const win = {
      ...c,
      image: { width: 8, height: 8 },
      camera: { ...c.camera, cx: c.camera.cx - (u - 4), cy: c.camera.cy - (v - 4) },
    };
    return { win, ...bedPoint(c, u, v) };
  };
  /** The lamp's light on the bed at (x, y), its normal tilted by the gradient (gx, gy) (Lambert's cosine). */
  const lampLight = (x: number, y: number, gx: number, gy: number): number => {
    const l = lamp();
    const [dx, dy, dz] = [l.x - x, l.y - y, l.z];
    const d = Math.hypot(dx, dy, dz);
    const n = Math.hypot(gx, gy, 1);
    return (((-gx * dx - gy * dy + dz) / n / d) * (dz / d)) / (d * d);
  };
  /** What the exposure scales the lamps' light by: 1 over their light at the bed's middle. */
  const norm = (): number => 1 / lampLight(table.width / 2, table.length / 2, 0, 0);
  /** The bed's footprint of a pixel at the frame's middle, mm (as the renderer takes it). */
  const footprint = (c: Calibration<Table>): number => {
    const u = (c.image.width - 1) / 2;
    const v = (c.image.height - 1) / 2;
    const a = bedPoint(c, u, v);
    const b = bedPoint(c, u + 1, v);
    return Math.hypot(b.x - a.x, b.y - a.y);
  };

  it('lights each flank of a crease as the tilted matte cloth: brighter facing the lamp, darker turned from it, the room’s light as it was', () => {
    // A wide crease (12 mm: a pixel's averaging all but nothing), a lamp 500 mm off towards −y.
    const c = crease({ width: 12, slope: 0.4 });
    const o = new Float64Array(2);
    for (const [res, cal] of resolutions())
      for (const ambient of [0, 0.3])
        for (const dd of [-12, -6, -3, 0, 3, 6, 12]) {
          const { win, x, y } = windowAt(cal, 700, c.y + dd);
          const flat = lightOf(drawn(win, [], base(ambient)), { u: 4, v: 4 });
          const on = lightOf(drawn(win, [], { ...base(ambient), creases: { creases: [c] } }), { u: 4, v: 4 });
          const got = (on[1] as number) / (flat[1] as number);
          o.fill(0);
          creaseSlope(c, x, y, footprint(cal), o);
          const k = norm();
          const want =
            (lampLight(x, y, o[0] as number, o[1] as number) * k + ambient) /
            (lampLight(x, y, 0, 0) * k + ambient);
          expect(Math.abs(got / want - 1), `${res} ${ambient} ${dd}`).toBeLessThan(0.02);
          // The flank facing the lamp (−y: d < 0 rises towards +y, its normal leaning to −y) lit more.
          const side = y - c.y;
          if (Math.abs(side) > 2 && Math.abs(side) < 9)
            expect(Math.sign(got - 1), `${res} ${dd}`).toBe(-Math.sign(side));
          if (Math.abs(side) > 2 && Math.abs(side) < 9 && ambient === 0)
            expect(Math.abs(got - 1), `${res} ${dd}`).toBeGreaterThan(0.05);
        }
    // 60 mm off it (five times its width): byte-identical to the bed without it.
    for (const [, cal] of resolutions()) {
      const { win } = windowAt(cal, 700, c.y + 60);
      expect(drawn(win, [], { ...base(0.1), creases: { creases: [c] } }).data).toEqual(
        drawn(win, [], base(0.1)).data,
      );
    }
  });

  it('shows a crease narrower than a pixel as the pixel averages it: fainter at 1080p than at 4K, under a lamp straight above it both flanks alike', () => {
    const c = crease({ width: 1.5, slope: 0.4 });
    const o = new Float64Array(2);
    const most: Record<string, number> = {};
    for (const [res, cal] of resolutions()) {
      const f = footprint(cal);
      let m = 0;
      // Every pixel of a column across the crease, 5 mm either side.
      for (let dd = -5; dd <= 5; dd += f / 2) {
        const { win, x, y } = windowAt(cal, 700, c.y + dd);
        const flat = lightOf(drawn(win, [], base(0)), { u: 4, v: 4 });
        const on = lightOf(drawn(win, [], { ...base(0), creases: { creases: [c] } }), { u: 4, v: 4 });
        const got = (on[1] as number) / (flat[1] as number);
        o.fill(0);
        creaseSlope(c, x, y, f, o);
        const want = lampLight(x, y, o[0] as number, o[1] as number) / lampLight(x, y, 0, 0);
        expect(Math.abs(got - want), `${res} ${dd}`).toBeLessThan(0.02);
        m = Math.max(m, Math.abs(got - 1));
      }
      most[res] = m;
    }
    // A 1.5 mm crease at 0.4: its sharp flanks would change the light some 16 % (the lamp 500 mm off, a
    // metre up); a 4K pixel (about 1 mm) sees most of that, a 1080p one (about 2 mm) much less.
    expect(most['4K'] as number).toBeGreaterThan(0.07);
    expect(most['1080p'] as number).toBeLessThan(0.75 * (most['4K'] as number));
    expect(most['1080p'] as number).toBeGreaterThan(0.02);
    // Under the lamp, a crease right below it: both flanks face it alike, each a little darker (tilted
    // from straight up, 1 / √(1 + g²) of the light).
    const under = crease({ y: lamp().y, width: 12, slope: 0.4 });
    const cal = scaledCalibration(demo, 2);
    const flanks = [-6, 6].map((dd) => {
      const { win } = windowAt(cal, lamp().x, under.y + dd);
      const flat = lightOf(drawn(win, [], base(0)), { u: 4, v: 4 });
      const on = lightOf(drawn(win, [], { ...base(0), creases: { creases: [under] } }), { u: 4, v: 4 });
      return (on[1] as number) / (flat[1] as number);
    });
    const [a, b] = flanks as [number, number];
    expect(Math.abs(a - b)).toBeLessThan(0.01);
    expect(a).toBeLessThan(0.97);
    expect(a).toBeGreaterThan(0.9);
  });
});

/** A ball set's pale, pastel: every coloured ball's darkest channel 100 code values or more. */
const pastel = (s: AltStyle): boolean => {
  const set = s.ballColours;
  return (
    set !== undefined &&
    ['red', 'yellow', 'green', 'brown', 'blue', 'pink'].every((id) => Math.min(...(set[id] ?? [0])) >= 100)
  );
};

describe('bench/detect-alt’s held-out 51, the creases and the pastel set', () => {
  it('draws each lawn-creased frame’s creases along and across the table within their ranges, and each poppy-pastel frame’s set pale', () => {
    const counts = new Set<string>();
    const signs = new Set<number>();
    for (const [c, per, res] of [
      [demo, 3, '1080p'],
      [scaledCalibration(demo, 2), 1, '4K'],
    ] as const)
      for (const k of altCases(c, 'held-out-51', per, res)) {
        const cr = k.style.creases;
        expect(k.calibration, k.name).toBe(c);
        if (k.variant === 'poppy-pastel') {
          expect(cr, k.name).toBeUndefined();
          expect(pastel(k.style), k.name).toBe(true);
          continue;
        }
        expect(pastel(k.style), k.name).toBe(false);
        if (!cr) throw new Error(k.name);
        expect(k.style.lamps, k.name).toHaveLength(2);
        // Along the table (within 1.5° of its length: x nearly constant) and across it.
        const along = cr.creases.filter(
          (q) => Math.abs(q.angle - Math.PI / 2) <= (1.5 * Math.PI) / 180 + 1e-12,
        );
        const across = cr.creases.filter((q) => Math.abs(q.angle) <= (1.5 * Math.PI) / 180 + 1e-12);
        expect(along.length + across.length, k.name).toBe(cr.creases.length);
        expect(along.length, k.name).toBeGreaterThanOrEqual(1);
        expect(along.length, k.name).toBeLessThanOrEqual(2);
        expect(across.length, k.name).toBeGreaterThanOrEqual(1);
        expect(across.length, k.name).toBeLessThanOrEqual(2);
        counts.add(`${along.length} ${across.length}`);
        // Near an even share of the bed's width (80 mm either way) and of its length (150 mm).
        along.forEach((q, i) =>
          expect(Math.abs(q.x - (table.width * (i + 1)) / (along.length + 1)), k.name).toBeLessThanOrEqual(
            80,
          ),
        );
        across.forEach((q, i) =>
          expect(Math.abs(q.y - (table.length * (i + 1)) / (across.length + 1)), k.name).toBeLessThanOrEqual(
            150,
          ),
        );
        for (const q of cr.creases) {
          expect(q.width, k.name).toBeGreaterThanOrEqual(1);
          expect(q.width, k.name).toBeLessThanOrEqual(3);
          expect(Math.abs(q.slope), k.name).toBeGreaterThanOrEqual(0.2);
          expect(Math.abs(q.slope), k.name).toBeLessThanOrEqual(0.5);
          expect(q.fade, k.name).toBeLessThanOrEqual(0.6);
          expect(q.period, k.name).toBeGreaterThanOrEqual(400);
          signs.add(Math.sign(q.slope));
        }
      }
    // Among the frames: three of the four counts (one along and one across drawn in none of these
    // twelve), ridges and valleys.
    expect(counts.size).toBeGreaterThanOrEqual(3);
    expect([...signs].sort()).toEqual([-1, 1]);
  });
});

itDrawsANewSplit({
  split: 'held-out-51',
  name: 'held-out 51',
  seeds: { hd: 13_600_000, uhd: 13_650_000 },
  cloths: [
    ['lawn', 60],
    ['poppy', 60],
  ],
  makersSet: { variant: 'poppy-pastel', makers: 42, least: 24 },
  variants: [
    {
      variant: 'lawn-creased',
      draws: 'a table cover’s creases',
      drawsIt: (s) => s.creases !== undefined,
    },
    {
      variant: 'poppy-pastel',
      draws: 'a pale, pastel set',
      drawsIt: pastel,
    },
  ],
});
