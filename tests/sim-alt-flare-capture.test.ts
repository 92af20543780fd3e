// A lamp's flare in a cheap lens and a capture that decodes the camera's video wrongly, for the second
// renderer's held-out 37 (src/sim/alt/render.ts, style.ts): a bright bare bulb just beyond the frame's
// edge, its veiling glare and its hexagonal ghosts on the line from its image through the optical centre
// (lagoon-flare), and a camera's BT.709 4:2:0 video decoded by BT.601's matrix in the wrong range
// (canary-capture). Each is measured against what it is drawn from, the frame drawn with it and without
// it, without sensor noise: each ghost's light where it should lie and none just outside its hexagon, at
// 1080 and 2160 rows; the glare's falloff from the bulb; the bulb beyond the frame; neutral levels mapped
// as the wrong range maps them, a saturated colour as the wrong matrix turns it, the chroma one value a
// 2 × 2 block. Every held-out 37 frame is its layout's balls in its variant. Only held-out 37's two
// variants have either, no older split's case; no frame of held-out 37 is detected here.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Calibration } from '../src/camera/index.ts';
import type { RgbImage } from '../src/core/image.ts';
import type { Table } from '../src/equipment/index.ts';
import { altStyle, type AltFlare, type AltStyle } from '../src/sim/alt/index.ts';
import {
  expectClothsApart,
  expectDrawnOnlyBy,
  expectNewMakersSet,
  expectSplitDrawn,
  olderThan,
} from './helpers/alt-split.ts';
import { drawn, light, px, windowOn } from './helpers/alt-window.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import { makeScene, scaledCalibration } from './vision-scenes.ts';

let demo: Calibration<Table>;
let table: Table;

beforeAll(() => {
  demo = loadDemoCalibration();
  table = demo.table;
});

/** A `size` px square window of c's frame whose top left corner is pixel (u0, v0). */
const windowAt = (c: Calibration<Table>, u0: number, v0: number, size: number): Calibration<Table> => ({
  ...c,
  image: { width: size, height: size },
  camera: { ...c.camera, cx: c.camera.cx - u0, cy: c.camera.cy - v0 },
});

/** Where a flare's bulb images in c's frame (px), and a ghost's centre. */
const bulbAt = (c: Calibration<Table>, f: AltFlare): { u: number; v: number } => {
  const r = c.camera.fy * Math.tan(f.off);
  return { u: c.camera.cx + r * Math.cos(f.azimuth), v: c.camera.cy + r * Math.sin(f.azimuth) };
};
const ghostAt = (c: Calibration<Table>, f: AltFlare, k: number): { u: number; v: number } => {
  const s = bulbAt(c, f);
  return { u: c.camera.cx + k * (s.u - c.camera.cx), v: c.camera.cy + k * (s.v - c.camera.cy) };
};

/**
 * The light a flare added to a pixel's green (linear, as the style's exposure and white balance take
 * it: the bed's middle lit at 1), from the frames drawn with it and without it.
 */
const added = (s: AltStyle, a: RgbImage, b: RgbImage, u: number, v: number): number => {
  const k = 3 * (v * a.width + u) + 1;
  return (light(a.data[k] as number) - light(b.data[k] as number)) / (s.gain * (s.whiteBalance[1] as number));
};

/** The veiling glare's light at a pixel, by AltFlare's own formula, in green. */
const veilAt = (c: Calibration<Table>, f: AltFlare, u: number, v: number): number => {
  const s = bulbAt(c, f);
  const d2 = (u - s.u) ** 2 + (v - s.v) ** 2;
  return (f.veil / (1 + d2 / (f.spread * c.camera.fy) ** 2) + f.floor) * f.colour[1];
};

describe('a bare bulb’s flare in a cheap lens (lagoon-flare)', () => {
  it('puts the bulb beyond the frame’s edge, on every side, with five to seven ghosts', () => {
    const sides = new Set<string>();
    for (let seed = 0; seed < 60; seed++) {
      const f = altStyle(table, 'lagoon-flare', seed).flare;
      if (!f) throw new Error('no flare');
      const s = bulbAt(demo, f);
      const outside = s.u < 0 || s.u > demo.image.width || s.v < 0 || s.v > demo.image.height;
      expect(outside, `seed ${seed}`).toBe(true);
      sides.add(
        `${s.u < 0 ? 'l' : s.u > demo.image.width ? 'r' : ''}${s.v < 0 ? 't' : s.v > demo.image.height ? 'b' : ''}`,
      );
      expect(f.ghosts.length).toBeGreaterThanOrEqual(5);
      expect(f.ghosts.length).toBeLessThanOrEqual(7);
    }
    for (const side of ['l', 'r', 't', 'b'])
      expect(
        [...sides].some((x) => x.includes(side)),
        side,
      ).toBe(true);
  });

  it('draws each ghost’s light on the line through the optical centre, a hexagon of its size, at 1080 rows and at 2160', () => {
    let checked = 0;
    let shaped = 0;
    for (const [c, seeds] of [
      [demo, [2, 3, 5]],
      [scaledCalibration(demo, 2), [2]],
    ] as const)
      for (const seed of seeds) {
        const drawnStyle = altStyle(table, 'lagoon-flare', seed);
        const f0 = drawnStyle.flare;
        if (!f0) throw new Error('no flare');
        // Its ghosts' edges made sharp (0.02 of their size, as they are drawn 0.08 to 0.3), to see their shape.
        const f: AltFlare = { ...f0, ghosts: f0.ghosts.map((g) => ({ ...g, soft: 0.02 })) };
        const s: AltStyle = { ...drawnStyle, flare: f };
        const fy = c.camera.fy;
        for (const [i, g] of f.ghosts.entries()) {
          const p = ghostAt(c, f, g.k);
          const rho = g.radius * fy;
          // Inside the frame and apart from every other ghost.
          if (
            p.u < rho + 4 ||
            p.v < rho + 4 ||
            p.u > c.image.width - rho - 4 ||
            p.v > c.image.height - rho - 4
          )
            continue;
          const alone = f.ghosts.every((o, j) => {
            if (j === i) return true;
            const q = ghostAt(c, f, o.k);
            return Math.hypot(q.u - p.u, q.v - p.v) > rho + o.radius * fy + 6;
          });
          if (!alone) continue;
          const size = 2 * Math.ceil(rho * 1.5) + 8;
          const u0 = Math.round(p.u) - size / 2;
          const v0 = Math.round(p.v) - size / 2;
          const w = windowAt(c, u0, v0, size);
          const a = drawn(w, [], s);
          const b = drawn(w, [], { ...s, flare: undefined });
          const veilOnly = drawn(w, [], { ...s, flare: { ...f, ghosts: [] } });
          // The mean light it adds over the middle third of its width, less the glare there.
          let sum = 0;
          let n = 0;
          for (let v = 0; v < size; v++)
            for (let u = 0; u < size; u++)
              if (Math.hypot(u + u0 - p.u, v + v0 - p.v) < rho / 3) {
                sum += added(s, a, b, u, v) - veilAt(c, f, u + u0, v + v0);
                n++;
              }
          const want = g.light * g.tint[1] * f.colour[1];
          expect(sum / n, `seed ${seed} ghost ${i}`).toBeGreaterThan(0.9 * want);
          expect(sum / n, `seed ${seed} ghost ${i}`).toBeLessThan(1.1 * want);
          // A hexagon: lit at 0.93 of its circumradius towards a corner, dark there towards a side's
          // middle (its apothem is 0.866 of it), and nothing beyond its soft edge.
          const soft = Math.max(0.5, g.soft * rho);
          if (0.06 * rho > soft + 1) {
            const corner = f.turn;
            const side = f.turn + Math.PI / 6;
            const ghostOnly = (ang: number, r: number): number => {
              const u = Math.round(p.u + r * Math.cos(ang)) - u0;
              const v = Math.round(p.v + r * Math.sin(ang)) - v0;
              return added(s, a, veilOnly, u, v);
            };
            expect(ghostOnly(corner, 0.93 * rho), `corner, seed ${seed} ghost ${i}`).toBeGreaterThan(
              0.5 * want,
            );
            expect(ghostOnly(side, 0.93 * rho), `side, seed ${seed} ghost ${i}`).toBeLessThan(0.25 * want);
            shaped++;
          }
          for (let t = 0; t < 12; t++) {
            const ang = (t * Math.PI) / 6 + 0.1;
            const r = rho + soft + 2;
            const u = Math.round(p.u + r * Math.cos(ang)) - u0;
            const v = Math.round(p.v + r * Math.sin(ang)) - v0;
            expect(Math.abs(added(s, a, veilOnly, u, v)), `outside, seed ${seed} ghost ${i}`).toBeLessThan(
              0.004,
            );
          }
          checked++;
        }
      }
    expect(checked).toBeGreaterThanOrEqual(6);
    expect(shaped).toBeGreaterThanOrEqual(3);
  });

  it('lays a veiling glare over the frame, falling off from the bulb over a quarter of the focal length', () => {
    const s = altStyle(table, 'lagoon-flare', 4);
    const f = s.flare;
    if (!f) throw new Error('no flare');
    const c = scaledCalibration(demo, 0.25);
    const noGhosts = { ...s, flare: { ...f, ghosts: [] } };
    const a = drawn(c, [], noGhosts);
    const b = drawn(c, [], { ...s, flare: undefined });
    // Bed points on a grid over it, from near the bulb to far from it.
    const wants: number[] = [];
    for (const fx of [0.1, 0.3, 0.5, 0.7, 0.9])
      for (const fy of [0.15, 0.5, 0.85]) {
        const q = px(c, fx * table.width, fy * table.length, 0);
        const u = Math.round(q.u);
        const v = Math.round(q.v);
        let sum = 0;
        for (let dv = -2; dv <= 2; dv++)
          for (let du = -2; du <= 2; du++) sum += added(s, a, b, u + du, v + dv);
        const want = veilAt(c, f, u, v);
        expect(sum / 25, `${fx} ${fy}`).toBeGreaterThan(0.85 * want);
        expect(sum / 25, `${fx} ${fy}`).toBeLessThan(1.15 * want);
        wants.push(want);
      }
    // Half as strong again or more at the bed's point nearest the bulb as at its farthest.
    expect(Math.max(...wants)).toBeGreaterThan(1.5 * Math.min(...wants));
  });
});

describe('a capture decoding the camera’s video wrongly (canary-capture)', () => {
  const styled = (
    range: 'washed' | 'crushed' | undefined,
    cloth?: readonly [number, number, number],
  ): AltStyle => {
    const s = altStyle(table, 'canary-capture', 3);
    return {
      ...s,
      ...(cloth ? { cloth } : {}),
      capture: range ? { range } : undefined,
    };
  };

  it('maps a neutral level as the wrong range does: limited read as full lifts black to 16 and holds white to 235, full read as limited stretches it', () => {
    // The floor and the rail round a corner, grey and dark: every neutral pixel's level.
    const c = windowOn(demo, -120, -120, 0, 96);
    const plain = drawn(c, [], styled(undefined));
    const got = { washed: drawn(c, [], styled('washed')), crushed: drawn(c, [], styled('crushed')) };
    let n = 0;
    for (let k = 0; k < plain.data.length; k += 3) {
      const [r, g, b] = [plain.data[k], plain.data[k + 1], plain.data[k + 2]] as [number, number, number];
      if (Math.max(r, g, b) - Math.min(r, g, b) > 1) continue;
      // Its neighbours neutral too (a 2 × 2 block's chroma is shared), and in the window.
      const q = k / 3;
      const [u, v] = [q % plain.width, Math.floor(q / plain.width)];
      if (u < 1 || v < 1 || u > plain.width - 2 || v > plain.height - 2) continue;
      const near = [-1, 0, 1].flatMap((dv) => [-1, 0, 1].map((du) => 3 * ((v + dv) * plain.width + u + du)));
      if (
        near.some(
          (j) =>
            Math.max(...[0, 1, 2].map((c) => plain.data[j + c] as number)) -
              Math.min(...[0, 1, 2].map((c) => plain.data[j + c] as number)) >
            1,
        )
      )
        continue;
      const y = (r + g + b) / 3;
      n++;
      expect(Math.abs((got.washed.data[k + 1] as number) - (16 + (219 * y) / 255))).toBeLessThanOrEqual(2);
      const crushed = Math.min(255, Math.max(0, ((y - 16) * 255) / 219));
      expect(Math.abs((got.crushed.data[k + 1] as number) - crushed)).toBeLessThanOrEqual(2.5);
    }
    expect(n).toBeGreaterThan(500);
  });

  it('turns a saturated colour as BT.601’s matrix turns BT.709’s code (a red darker, its green less)', () => {
    const c = windowOn(demo, table.width / 2, table.length / 2 - 400, 0, 32);
    /**
     * A colour (0…255) as coded by one matrix (its kr, kb) in limited range (Y' to 16 + 219 Y', the colour
     * differences to 224 of theirs) and decoded by another taking the codes as full range, 0…255.
     */
    const through = (
      rgb: readonly number[],
      from: readonly [number, number],
      to: readonly [number, number],
    ): number[] => {
      const [r, g, b] = rgb.map((x) => x / 255) as [number, number, number];
      const [kr, kb] = from;
      const y = kr * r + (1 - kr - kb) * g + kb * b;
      const pb = ((b - y) / (2 * (1 - kb))) * (224 / 255);
      const pr = ((r - y) / (2 * (1 - kr))) * (224 / 255);
      const Y = (16 + 219 * y) / 255;
      const [jr, jb] = to;
      const R = Y + 2 * (1 - jr) * pr;
      const B = Y + 2 * (1 - jb) * pb;
      const G = (Y - jr * R - jb * B) / (1 - jr - jb);
      return [R, G, B].map((x) => Math.min(255, Math.max(0, 255 * x)));
    };
    const mean = (img: RgbImage): number[] =>
      [0, 1, 2].map((ch) => {
        let s = 0;
        for (let k = ch; k < img.data.length; k += 3) s += img.data[k] as number;
        return s / (img.data.length / 3);
      });
    const red = [170, 20, 24] as const;
    const plainImg = drawn(c, [], styled(undefined, red));
    const plain = mean(plainImg);
    const washed = mean(drawn(c, [], styled('washed', red)));
    // Each pixel's colour so turned and lifted to the limited range, their mean.
    const want = [0, 0, 0];
    for (let k = 0; k < plainImg.data.length; k += 3) {
      const w = through(
        [plainImg.data[k], plainImg.data[k + 1], plainImg.data[k + 2]] as number[],
        [0.2126, 0.0722],
        [0.299, 0.114],
      );
      for (const ch of [0, 1, 2])
        want[ch] = (want[ch] as number) + (w[ch] as number) / (plainImg.data.length / 3);
    }
    for (const ch of [0, 1, 2])
      expect(Math.abs((washed[ch] as number) - (want[ch] as number)), `${ch}`).toBeLessThan(1.5);
    // The shift itself, beside the range's alone: the red's green 16 levels down, its red 9 (BT.601
    // weighs red's luma more, so the red reads brighter in Y' and redder in R − Y' than it was coded).
    const ranged = (ch: number): number => 16 + (219 * (plain[ch] as number)) / 255;
    expect(ranged(1) - (washed[1] as number)).toBeGreaterThan(10);
    expect(ranged(0) - (washed[0] as number)).toBeGreaterThan(5);
  });

  it('gives each 2 × 2 block of pixels one colour difference, its luma its own (4:2:0)', () => {
    // A window on a ball's edge (its colour against the cloth's), from even pixels.
    const balls = makeScene('opening', 3, table).balls;
    const ball = balls.find((b) => b.id === 'blue');
    if (!ball) throw new Error('no blue');
    const p = px(demo, ball.x, ball.y, table.ballCentreHeight);
    const u0 = 2 * Math.round((p.u - 16) / 2);
    const v0 = 2 * Math.round((p.v - 16) / 2);
    const c = windowAt(demo, u0, v0, 32);
    const img = drawn(c, balls, styled('washed'));
    const pb = (k: number): number => {
      const [r, g, b] = [img.data[3 * k], img.data[3 * k + 1], img.data[3 * k + 2]] as [
        number,
        number,
        number,
      ];
      return (b - (0.299 * r + 0.587 * g + 0.114 * b)) / 1.772;
    };
    const lum = (k: number): number =>
      0.299 * (img.data[3 * k] as number) +
      0.587 * (img.data[3 * k + 1] as number) +
      0.114 * (img.data[3 * k + 2] as number);
    let worstIn = 0;
    let bestAcross = 0;
    let lumaIn = 0;
    for (let v = 0; v < 32; v += 2)
      for (let u = 0; u < 32; u += 2) {
        const ks = [v * 32 + u, v * 32 + u + 1, (v + 1) * 32 + u, (v + 1) * 32 + u + 1];
        if (ks.some((k) => [0, 1, 2].some((ch) => [0, 255].includes(img.data[3 * k + ch] as number))))
          continue;
        const cs = ks.map(pb);
        worstIn = Math.max(worstIn, Math.max(...cs) - Math.min(...cs));
        const ls = ks.map(lum);
        lumaIn = Math.max(lumaIn, Math.max(...ls) - Math.min(...ls));
        if (u + 2 < 32) bestAcross = Math.max(bestAcross, Math.abs(pb(v * 32 + u + 2) - (cs[0] as number)));
      }
    expect(worstIn).toBeLessThan(1.6);
    expect(bestAcross).toBeGreaterThan(15);
    expect(lumaIn).toBeGreaterThan(15);
  });
});

describe('held-out 37’s variants', () => {
  it('has a lagoon cloth 36 code values or more from every older cloth, and a canary one 52 or more', () => {
    expectClothsApart([
      ['lagoon', 36],
      ['canary', 52],
    ]);
  });

  it('gives canary-capture a thirtieth maker’s set, each coloured ball 33 code values or more from every older set’s', () => {
    expectNewMakersSet('canary-capture', 30, 33);
  });

  it('draws a flare in lagoon-flare alone and a wrong capture in canary-capture alone, in no older split’s case', () => {
    const older = olderThan('held-out-37');
    expectDrawnOnlyBy((s) => s.flare !== undefined, ['lagoon-flare'], older);
    expectDrawnOnlyBy((s) => s.capture !== undefined, ['canary-capture'], older);
  });
});

describe('bench/detect-alt’s held-out 37', () => {
  it('draws every held-out 37 frame in its variant, the truth the layout’s balls (the cue ball still `cue`)', () => {
    const ranges = new Set<string>();
    expectSplitDrawn(
      'held-out-37',
      { hd: 12_200_000, uhd: 12_250_000 },
      ['lagoon-flare', 'canary-capture'],
      (k, variant) => {
        if (variant === 'lagoon-flare') expect(k.style.flare, k.name).toBeDefined();
        else {
          expect(k.style.ballColours, k.name).toBeDefined();
          ranges.add(k.style.capture?.range ?? 'none');
        }
      },
    );
    expect([...ranges].sort()).toEqual(['crushed', 'washed']);
  });
});
