// Held-out 47's drawing (src/sim/alt): a club's RGB LED strips along and under the rails
// (kelly-underglow, render.ts AltUnderglow: a band of the strips' colour along every cushion past the
// nose's shadow, falling off as a line source's light, the balls' shadow fans away from the strips, the
// flanks of the balls facing them lit, the strip seen along the rail, the floor aglow) and a camera
// shaking on its mount (cardinal-shake, render.ts AltShake: the frame the mean of its image over the
// path, the path's mean taken out so a ball's blur is centred where it lies), at 1080p and at 4K, on
// frames drawn without noise. No frame of held-out 47 is detected here.
import { beforeAll, describe, expect, it } from 'vitest';
import { altCases } from '../bench/detect-alt.ts';
import type { Calibration } from '../src/camera/index.ts';
import type { Table } from '../src/equipment/index.ts';
import {
  ALT_GLOW_REFERENCE,
  altStyle,
  shakePath,
  underglowAt,
  type AltBall,
  type AltShake,
  type AltStyle,
  type AltUnderglow,
} from '../src/sim/alt/index.ts';
import { itDrawsANewSplit } from './helpers/alt-split.ts';
import { at, columnsOf, drawn, light, lightOf, px, windowOn } from './helpers/alt-window.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import { scaledCalibration } from './vision-scenes.ts';

let demo: Calibration<Table>;
let table: Table;

beforeAll(() => {
  demo = loadDemoCalibration();
  table = demo.table;
});

describe('a club’s RGB LED strips along and under the rails (kelly-underglow)', () => {
  // A grey cloth without nap or gradient, the variant's three lamps; the strips' blue die alone lit.
  // A strip brighter on the bed than the variant's (1 against 0.12-0.25), for the bed's light to be
  // measured to a few %; a ball's flank is measured under the variant's brightest.
  const glow = (power = 1): AltUnderglow => ({
    colour: [0, 0, 1],
    nose: 1.28 * table.ballRadius,
    height: 1.28 * table.ballRadius + 13,
    power,
    radiance: 3,
    floor: 1,
  });
  const base = (): AltStyle => {
    const { underglow: _, ...s } = altStyle(table, 'kelly-underglow', 3);
    return { ...s, cloth: [110, 110, 110], clothGradient: 0, nap: 0 };
  };
  const lit = (power = 1): AltStyle => ({ ...base(), underglow: glow(power) });
  /** The strips' added light on a point (with less without), each channel, in a small window round it. */
  const added = (
    c: Calibration<Table>,
    x: number,
    y: number,
    z = 0,
    balls: AltBall[] = [],
    power = 1,
  ): number[] => {
    const w = windowOn(c, x, y, z, 8);
    const on = lightOf(drawn(w, balls, lit(power)), { u: 4, v: 4 });
    const off = lightOf(drawn(w, balls, base()), { u: 4, v: 4 });
    return on.map((v, ch) => v - (off[ch] as number));
  };
  // Along the left long rail (x = 0 the nose), a quarter of the way along the bed, between its pockets.
  const y0 = () => table.length / 4;

  it('lights a band of the bed along the cushion past the nose’s shadow, falling off as the strips’ light, in their colour alone', () => {
    for (const c of [demo, scaledCalibration(demo, 2)]) {
      const g = glow();
      const model = (x: number): number => underglowAt(table, g, x, y0(), 0, 0, 0, 1);
      // The nose hides the strip from the bed within 50 · nose / (height − nose) = 129 mm of it.
      expect(model(60) / model(ALT_GLOW_REFERENCE)).toBeLessThan(0.1);
      const near = added(c, 60, y0());
      const ref = added(c, ALT_GLOW_REFERENCE, y0());
      const far = added(c, 500, y0());
      // Blue alone: the red and green no different.
      expect(Math.abs(ref[0] as number)).toBeLessThan(0.004);
      expect(Math.abs(ref[1] as number)).toBeLessThan(0.004);
      expect(ref[2] as number).toBeGreaterThan(0.05);
      expect((near[2] as number) / (ref[2] as number)).toBeLessThan(0.15);
      // Its fall across the bed as the model's (a line source's, past the nose), within 12 % (a code value
      // is 2-3 % of the light 500 mm out).
      const fall = (far[2] as number) / (ref[2] as number) / (model(500) / model(ALT_GLOW_REFERENCE));
      expect(Math.abs(fall - 1)).toBeLessThan(0.12);
      expect(model(500) / model(ALT_GLOW_REFERENCE)).toBeLessThan(0.45);
    }
  });

  it('casts a ball’s long shadow fan away from the strip: the strip’s light behind it cut as the model’s', () => {
    for (const c of [demo, scaledCalibration(demo, 2)]) {
      const ball: AltBall = { id: 'yellow', x: 260, y: y0() };
      const g = glow();
      const shade = { balls: [ball], zc: table.ballCentreHeight, R: table.ballRadius };
      for (const behind of [90, 200]) {
        const x = ball.x + behind;
        const model =
          underglowAt(table, g, x, ball.y, 0, 0, 0, 1, shade) / underglowAt(table, g, x, ball.y, 0, 0, 0, 1);
        const seen = (added(c, x, ball.y, 0, [ball])[2] as number) / (added(c, x, ball.y)[2] as number);
        expect(model, `${behind}`).toBeLessThan(behind < 100 ? 0.8 : 0.95);
        expect(Math.abs(seen - model), `${behind}`).toBeLessThan(0.05);
      }
      // Beside it, off the fan: as without the ball.
      const beside =
        (added(c, ball.x + 90, ball.y + 200, 0, [ball])[2] as number) /
        (added(c, ball.x + 90, ball.y + 200)[2] as number);
      expect(beside).toBeCloseTo(1, 1);
    }
  });

  it('lights the flank of a ball that faces the strip (the variant’s brightest), over three times the far one', () => {
    for (const c of [demo, scaledCalibration(demo, 2)]) {
      const ball: AltBall = { id: 'cue', x: 260, y: y0() };
      const R = table.ballRadius;
      const z = table.ballCentreHeight;
      const toward = added(c, ball.x - 0.85 * R, ball.y, z, [ball], 0.25)[2] as number;
      const away = added(c, ball.x + 0.85 * R, ball.y, z, [ball], 0.25)[2] as number;
      // The far flank lit by the ends' strips alone (890 mm off), the near one by the long rail's too.
      expect(toward).toBeGreaterThan(0.3);
      expect(toward).toBeGreaterThan(3 * Math.max(away, 0.005));
    }
  });

  it('lights a surface at any slant as the strips’ runs in front of it, each mm by its cosine over its distance squared', () => {
    const g = glow();
    // A point 40 mm up (over the nose, under the strip), 300 mm from the left rail's nose, a third of the way along: each rail's runs summed
    // mm by mm (the part behind the surface left out), against the model, over its light on the bed-facing normal.
    const x = 300;
    const y = table.length / 3;
    const z = 40;
    const runs = (alongX: boolean): [number, number][] =>
      alongX
        ? [[120, table.width - 120]]
        : [
            [120, table.length / 2 - 110],
            [table.length / 2 + 110, table.length - 120],
          ];
    const sum = (n: readonly [number, number, number]): number => {
      let e = 0;
      for (const [alongX, at] of [
        [false, -50],
        [false, table.width + 50],
        [true, -50],
        [true, table.length + 50],
      ] as const)
        for (const [t1, t2] of runs(alongX))
          for (let t = t1 + 0.5; t < t2; t++) {
            const dx = (alongX ? t : at) - x;
            const dy = (alongX ? at : t) - y;
            const dz = g.height - z;
            const d = Math.hypot(dx, dy, dz);
            e += Math.max(0, n[0] * dx + n[1] * dy + n[2] * dz) / d ** 3;
          }
      return e;
    };
    const up = [0, 0, 1] as const;
    for (const n of [
      [0, 1, 0],
      [0, -1, 0],
      [-0.6, 0.8, 0],
      [0.6, 0, 0.8],
      [1, 0, 0],
    ] as const) {
      const model =
        underglowAt(table, g, x, y, z, n[0], n[1], n[2]) / underglowAt(table, g, x, y, z, 0, 0, 1);
      expect(model / (sum(n) / sum(up)), n.join(' ')).toBeCloseTo(1, 2);
    }
  });

  it('shows the strip along the rail’s inner edge in its colour, the rail’s wood behind it unchanged, the floor past the rail aglow', () => {
    for (const c of [demo, scaledCalibration(demo, 2)]) {
      const size = Math.round((8 * c.image.height) / 1080);
      const pick = (x: number, s: AltStyle): readonly [number, number, number] =>
        at(drawn(windowOn(c, x, y0(), 0, size), [], s), { u: size / 2, v: size / 2 });
      // The strip 50-60 mm out from the nose: blue near full, red as the wood's.
      const strip = pick(-55, lit());
      const wood = pick(-55, base());
      expect(strip[2]).toBeGreaterThan(240);
      expect(Math.abs(strip[0] - wood[0])).toBeLessThanOrEqual(1);
      // The rail's wood 100 mm out: byte-identical.
      expect(pick(-100, lit())).toEqual(pick(-100, base()));
      // The floor 250 mm out: bluer.
      expect(light(pick(-250, lit())[2])).toBeGreaterThan(light(pick(-250, base())[2]) + 0.005);
    }
  });
});

describe('a camera shaking on its mount (cardinal-shake)', () => {
  // Its image swinging along an arc (0.35 across), through three quarters of a cycle: an asymmetric path.
  const shake = (): AltShake => ({
    amplitude: 4,
    ratio: 0.35,
    angle: 0.5,
    frequency: 15,
    shutter: 0.05,
    phase: 0.4,
  });
  // Exposed down, so that no highlight clips (a clipped pixel's light is not known from its code value).
  const base = (): AltStyle => {
    const { shake: _, ...s } = altStyle(table, 'cardinal-shake', 3);
    return { ...s, gain: 0.4 * s.gain };
  };

  it('takes the path’s mean out (the calibration the mean pose) and scales it with the frame’s height', () => {
    for (const H of [1080, 2160]) {
      const p = shakePath(shake(), H);
      const mu = p.reduce((m, q) => m + q[0], 0) / p.length;
      const mv = p.reduce((m, q) => m + q[1], 0) / p.length;
      expect(Math.abs(mu) + Math.abs(mv)).toBeLessThan(1e-9);
      const span = Math.max(...p.map((q) => q[0])) - Math.min(...p.map((q) => q[0]));
      expect(span).toBeGreaterThan((4 * H) / 1080);
      // An arc of an ellipse: across its direction (0.5 rad) it spreads 0.35 of the swing's way along.
      const across = p.map(([u, v]) => -u * Math.sin(0.5) + v * Math.cos(0.5));
      const along = p.map(([u, v]) => u * Math.cos(0.5) + v * Math.sin(0.5));
      const spread = (q: number[]): number => Math.max(...q) - Math.min(...q);
      expect(spread(across) / spread(along)).toBeGreaterThan(0.15);
      expect(spread(across) / spread(along)).toBeLessThan(0.4);
    }
  });

  it('draws each pixel as the still frame’s light moved along the path and averaged (a ball’s edge, 1080p and 4K)', () => {
    for (const c of [demo, scaledCalibration(demo, 2)]) {
      const k = c.image.height / 1080;
      const ball: AltBall = { id: 'blue', x: table.width / 2 + 300, y: table.length / 2 + 200 };
      const p = px(c, ball.x, ball.y, table.ballCentreHeight);
      // Columns round the ball, the frame's full height (the shake is scaled by it).
      const width = Math.round(60 * k);
      const u0 = Math.round(p.u) - width / 2;
      const cols = columnsOf(c, u0, width);
      const still = drawn(cols, [ball], base());
      const shaken = drawn(cols, [ball], { ...base(), shake: shake() });
      const path = shakePath(shake(), c.image.height);
      const W = width;
      const lit = (u: number, v: number, ch: number): number => {
        const iu = Math.floor(u);
        const iv = Math.floor(v);
        const fu = u - iu;
        const fv = v - iv;
        const g = (a: number, b: number): number => light(still.data[3 * (b * W + a) + ch] as number);
        return (
          g(iu, iv) * (1 - fu) * (1 - fv) +
          g(iu + 1, iv) * fu * (1 - fv) +
          g(iu, iv + 1) * (1 - fu) * fv +
          g(iu + 1, iv + 1) * fu * fv
        );
      };
      let worst = 0;
      let moved = 0;
      const r = Math.round(22 * k);
      for (let v = Math.round(p.v) - r; v <= Math.round(p.v) + r; v += 2)
        for (let u = W / 2 - r; u <= W / 2 + r; u += 2)
          for (let ch = 0; ch < 3; ch++) {
            const want = path.reduce((s, [du, dv]) => s + lit(u - du, v - dv, ch), 0) / path.length;
            const got = light(shaken.data[3 * (v * W + u) + ch] as number);
            const slack = light(Math.min(255, (shaken.data[3 * (v * W + u) + ch] as number) + 1)) - got;
            worst = Math.max(worst, Math.abs(got - want) / (slack + 1e-3));
            moved = Math.max(moved, Math.abs(got - light(still.data[3 * (v * W + u) + ch] as number)));
          }
      // Within two code values' light of the still frame moved along the path; and blurred at all.
      expect(worst, `${c.image.height}`).toBeLessThan(2);
      expect(moved).toBeGreaterThan(0.05);
    }
  });
});

describe('bench/detect-alt’s held-out 47, the strips and the shake', () => {
  it('draws each kelly-underglow frame’s strips a rainbow’s colour over the nose, and each cardinal-shake frame’s shake within its ranges', () => {
    const hues = new Set<number>();
    for (const [c, per, res] of [
      [demo, 3, '1080p'],
      [scaledCalibration(demo, 2), 1, '4K'],
    ] as const)
      for (const k of altCases(c, 'held-out-47', per, res)) {
        const g = k.style.underglow;
        const s = k.style.shake;
        if (k.variant === 'kelly-underglow') {
          expect(s, k.name).toBeUndefined();
          if (!g) throw new Error(k.name);
          // One die or two lit, one at full duty, one dark: a hue round the circle, its sextant.
          expect(Math.max(...g.colour), k.name).toBe(1);
          expect(Math.min(...g.colour), k.name).toBe(0);
          const [r, gr, b] = g.colour;
          hues.add(r === 1 ? (b > 0 ? 5 : 0) : gr === 1 ? (r > 0 ? 1 : 2) : gr > 0 ? 3 : 4);
          expect(g.height - g.nose, k.name).toBeGreaterThanOrEqual(10);
          expect(g.height - g.nose, k.name).toBeLessThanOrEqual(16);
          expect(g.power, k.name).toBeGreaterThanOrEqual(0.12);
          expect(g.power, k.name).toBeLessThanOrEqual(0.25);
          continue;
        }
        expect(g, k.name).toBeUndefined();
        if (!s) throw new Error(k.name);
        expect(s.amplitude, k.name).toBeGreaterThanOrEqual(1.5);
        expect(s.amplitude, k.name).toBeLessThanOrEqual(5);
        expect(s.frequency, k.name).toBeGreaterThanOrEqual(6);
        expect(s.frequency, k.name).toBeLessThanOrEqual(18);
        expect(s.shutter, k.name).toBeGreaterThanOrEqual(1 / 60);
        expect(s.shutter, k.name).toBeLessThanOrEqual(1 / 30);
      }
    // The colour changing from frame to frame: at least four sextants of the hue circle among twelve frames.
    expect(hues.size).toBeGreaterThanOrEqual(4);
  });
});

itDrawsANewSplit({
  split: 'held-out-47',
  name: 'held-out 47',
  seeds: { hd: 13_200_000, uhd: 13_250_000 },
  cloths: [
    ['kelly', 60],
    ['cardinal', 75],
  ],
  variants: [
    {
      variant: 'kelly-underglow',
      draws: 'RGB LED strips along the rails',
      drawsIt: (s) => s.underglow !== undefined,
    },
    {
      variant: 'cardinal-shake',
      draws: 'a camera shaking on its mount',
      drawsIt: (s) => s.shake !== undefined,
    },
  ],
});
