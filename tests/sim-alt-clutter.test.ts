// What lies on and around a real club table, and a camera's dirty lens, for the second renderer's
// held-out 34 (src/sim/alt/render.ts, clutter.ts, style.ts): chalk cubes, spilled chalk dust, a rest
// and a beer mat placed among the balls (rust-clutter), and dust and a greasy smear on the lens
// (peacock-dusty-lens). Each effect is measured against what it is drawn from, the frame drawn with it
// and without it, without sensor noise, in the linear light the tone curve's inverse gives back: a
// chalk's top its blue with a hollow as much darker as drawn and its shadow beside it, a rest's dark
// shaft and brass head where placed, a mat on the rail alone, dust bluer than the cloth within its
// spots; each speck of dust taking the share of the light drawn at its middle and none beyond its
// soft edge, as wide at 1080 rows as at 540 once scaled; the smear's contrast lost and its
// highlights' glow. Each thing of every held-out 34 frame lies a ball radius or more from every ball,
// and specks lie over balls in some. Only held-out 34's two variants have any of it, no older split's
// case; no frame of held-out 34 is detected here.
import { beforeAll, describe, expect, it } from 'vitest';
import { altCases } from '../bench/detect-alt.ts';
import type { Calibration } from '../src/camera/index.ts';
import type { RgbImage } from '../src/core/image.ts';
import type { Table } from '../src/equipment/index.ts';
import {
  altClutter,
  altStyle,
  clutterGap,
  type AltBall,
  type AltClutterItem,
  type AltLensDirt,
  type AltStyle,
} from '../src/sim/alt/index.ts';
import {
  expectClothsApart,
  expectDrawnOnlyBy,
  expectNewMakersSet,
  expectSplitDrawn,
} from './helpers/alt-split.ts';
import { at, light, px, windowOn, drawn } from './helpers/alt-window.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import { makeScene, scaledCalibration } from './vision-scenes.ts';

let demo: Calibration<Table>;
let table: Table;

beforeAll(() => {
  demo = loadDemoCalibration();
  table = demo.table;
});

/** A channel's light at an image point, in a frame with an effect over the same without it. */
const ratio = (a: RgbImage, b: RgbImage, p: { u: number; v: number }, ch: number): number =>
  light(at(a, p)[ch] as number) / light(at(b, p)[ch] as number);

/** How far outside the bed's edge a point is, mm (negative inside it). */
const outside = (t: Table, x: number, y: number): number => Math.max(-x, x - t.width, -y, y - t.length);

/** A rust-clutter table (not a held-out case's): a random layout's balls and the things placed among them. */
const cluttered = (
  seed = 5,
): { balls: readonly AltBall[]; style: AltStyle; items: readonly AltClutterItem[] } => {
  const balls = makeScene('random', seed, table).balls;
  const clutter = altClutter(table, balls, 'rust-clutter', seed);
  if (!clutter) throw new Error('no clutter');
  return { balls, style: { ...altStyle(table, 'rust-clutter', seed), clutter }, items: clutter.items };
};

const only = (s: AltStyle, items: readonly AltClutterItem[]): AltStyle => ({ ...s, clutter: { items } });
const bare = (s: AltStyle): AltStyle => ({ ...s, clutter: undefined });

describe('things on the table that are not balls (rust-clutter)', () => {
  it('draws a chalk on the cloth where placed, blue, its cupped hollow 0.4 of its top’s light, and its shadow beside it', () => {
    const uhd = scaledCalibration(demo, 2);
    const { balls, style, items } = cluttered();
    const chalk = items.find((it) => it.kind === 'chalk' && outside(table, it.x, it.y) < 0);
    if (chalk?.kind !== 'chalk') throw new Error('no chalk on the cloth');
    const c = windowOn(uhd, chalk.x, chalk.y, 0, 160);
    const a = drawn(c, balls, only(style, [chalk]));
    const b = drawn(c, balls, bare(style));
    const middle = px(c, chalk.x, chalk.y, 0);
    const [r, g, bl] = at(a, middle);
    expect(bl).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(r);
    // A point of its flat top: on the diagonal 9 mm out (6.4 mm each way, clear of the hollow and the rim).
    const w = chalk.angle + Math.PI / 4;
    const flat = px(c, chalk.x + 9 * Math.cos(w), chalk.y + 9 * Math.sin(w), 0);
    const hollow = light(at(a, middle)[2] as number) / light(at(a, flat)[2] as number);
    expect(hollow).toBeGreaterThan(0.35);
    expect(hollow).toBeLessThan(0.45);
    // Its shadow on the cloth within 15 mm of its sides, and nothing of it beyond its box's reach.
    let least = 1;
    for (let k = 0; k < 72; k++) {
      const s = (2 * Math.PI * k) / 72;
      for (const d of [18, 22, 26]) {
        const p = px(c, chalk.x + d * Math.cos(s), chalk.y + d * Math.sin(s), 0);
        least = Math.min(least, ratio(a, b, p, 1));
      }
    }
    expect(least).toBeLessThan(0.7);
    for (let k = 0; k < 36; k++) {
      const s = (2 * Math.PI * k) / 36;
      const p = px(c, chalk.x + 75 * Math.cos(s), chalk.y + 75 * Math.sin(s), 0);
      expect(at(a, p)).toEqual(at(b, p));
    }
  });

  it('draws a rest along a cushion: its dark shaft where placed, its shadow beside it, its brass cross head at its end', () => {
    const uhd = scaledCalibration(demo, 2);
    const { balls, style, items } = cluttered();
    const rest = items.find((it) => it.kind === 'rest');
    if (rest?.kind !== 'rest') throw new Error('no rest');
    const mx = (rest.x0 + rest.x1) / 2;
    const my = (rest.y0 + rest.y1) / 2;
    const c = windowOn(uhd, mx, my, 0, 100);
    const a = drawn(c, balls, only(style, [rest]));
    const b = drawn(c, balls, bare(style));
    // The shaft runs along y (a long cushion's): its middle dark, the cloth 12 mm either side (6 mm
    // past its edges) shaded on the side away from the lamps over the table's middle.
    expect(ratio(a, b, px(c, mx, my, 0), 0)).toBeLessThan(0.15);
    const beside = [-12, 12].map((d) => ratio(a, b, px(c, mx + d, my, 0), 1));
    expect(Math.min(...beside)).toBeLessThan(0.9);
    for (const r of beside) expect(r).toBeLessThan(1.001);
    // Its head: 40 mm past the shaft's end, a bar 30 mm out along each of its arms brass (red over green over blue).
    const len = Math.hypot(rest.x1 - rest.x0, rest.y1 - rest.y0);
    const dx = (rest.x1 - rest.x0) / len;
    const dy = (rest.y1 - rest.y0) / len;
    const hx = rest.x1 + 40 * dx;
    const hy = rest.y1 + 40 * dy;
    const h = windowOn(uhd, hx, hy, 0, 200);
    const head = drawn(h, balls, only(style, [rest]));
    for (const s of [1, -1]) {
      const ex = (dx - s * dy) * Math.SQRT1_2;
      const ey = (dy + s * dx) * Math.SQRT1_2;
      const [r, g, bl] = at(head, px(h, hx + 30 * ex, hy + 30 * ey, 0));
      expect(r).toBeGreaterThan(g);
      expect(g).toBeGreaterThan(bl);
      expect(r).toBeGreaterThan(120);
    }
  });

  it('lays a beer mat of a ball’s size on the rail, not the cloth: its card light where placed, nothing changed past its shadow', () => {
    const { balls, style, items } = cluttered();
    const mat = items.find((it) => it.kind === 'coaster');
    if (mat?.kind !== 'coaster') throw new Error('no mat');
    const c = windowOn(demo, mat.x, mat.y, 0, 120);
    const a = drawn(c, balls, only(style, [mat]));
    const b = drawn(c, balls, bare(style));
    expect(ratio(a, b, px(c, mat.x, mat.y, 0), 1)).toBeGreaterThan(3);
    // Every changed pixel within the mat and its 3 mm shadow's reach, none on the cloth.
    const reach = mat.r + 3 * 2 + 10;
    const centre = px(c, mat.x, mat.y, 0);
    const off = px(c, mat.x + 10, mat.y, 0);
    const scale = Math.hypot(off.u - centre.u, off.v - centre.v) / 10;
    let changed = 0;
    for (let v = 0; v < 120; v++)
      for (let u = 0; u < 120; u++) {
        const p = { u, v };
        if (at(a, p).every((x, ch) => x === at(b, p)[ch])) continue;
        changed++;
        expect(Math.hypot(u - centre.u, v - centre.v) / scale).toBeLessThan(reach);
      }
    expect(changed).toBeGreaterThan(0);
  });

  it('places every thing of every held-out 34 frame a ball radius or more from every ball, mats and one chalk on the rail, the rest on the cloth', () => {
    const counts = { chalk: 0, rest: 0, dust: 0, coaster: 0, railChalk: 0, frames: 0 };
    for (const [res, c, per] of [
      ['1080p', demo, 3],
      ['4K', scaledCalibration(demo, 2), 1],
    ] as const)
      for (const k of altCases(c, 'held-out-34', per, res)) {
        const items = k.style.clutter?.items;
        if (!items) continue;
        counts.frames++;
        const R = c.table.ballRadius;
        for (const it of items) {
          expect(clutterGap(it, k.balls, R), `${k.name} ${it.kind}`).toBeGreaterThanOrEqual(R);
          counts[it.kind]++;
          if (it.kind === 'coaster') {
            expect(outside(c.table, it.x, it.y) - it.r, k.name).toBeGreaterThanOrEqual(50);
            expect(outside(c.table, it.x, it.y) + it.r, k.name).toBeLessThanOrEqual(190);
            expect(it.r * 2).toBeGreaterThan(1.05 * 2 * R);
            expect(it.r * 2).toBeLessThan(1.35 * 2 * R);
          } else if (it.kind === 'chalk' && outside(c.table, it.x, it.y) > 0) {
            counts.railChalk++;
            expect(outside(c.table, it.x, it.y) - (it.size * Math.SQRT2) / 2, k.name).toBeGreaterThanOrEqual(
              50,
            );
            expect(outside(c.table, it.x, it.y) + (it.size * Math.SQRT2) / 2, k.name).toBeLessThanOrEqual(
              190,
            );
          } else if (it.kind === 'rest') {
            expect(
              Math.max(outside(c.table, it.x0, it.y0), outside(c.table, it.x1, it.y1)),
              k.name,
            ).toBeLessThan(-40);
          } else expect(outside(c.table, it.x, it.y), k.name).toBeLessThan(0);
        }
        expect(
          items.filter((it) => it.kind === 'rest'),
          k.name,
        ).toHaveLength(1);
        expect(
          items.filter((it) => it.kind === 'coaster'),
          k.name,
        ).toHaveLength(1);
        expect(
          items.filter((it) => it.kind === 'chalk'),
          k.name,
        ).toHaveLength(2);
      }
    expect(counts.frames).toBe(12);
    expect(counts.railChalk).toBe(12);
    expect(counts.dust).toBeGreaterThanOrEqual(3 * 12);
  });

  it('spills chalk dust on the cloth bluer than it, within twice each spot’s radius and no further', () => {
    const { balls, style, items } = cluttered();
    const dust = items.find((it) => it.kind === 'dust');
    if (dust?.kind !== 'dust') throw new Error('no dust');
    const c = windowOn(demo, dust.x, dust.y, 0, 80);
    const a = drawn(c, balls, only(style, [dust]));
    const b = drawn(c, balls, bare(style));
    const centre = px(c, dust.x, dust.y, 0);
    const off = px(c, dust.x + 10, dust.y, 0);
    const scale = Math.hypot(off.u - centre.u, off.v - centre.v) / 10;
    let bluer = 0;
    for (let v = 0; v < 80; v++)
      for (let u = 0; u < 80; u++) {
        const p = { u, v };
        const pa = at(a, p);
        const pb = at(b, p);
        if (pa.every((x, ch) => x === pb[ch])) continue;
        expect(Math.hypot(u - centre.u, v - centre.v) / scale).toBeLessThan(2 * dust.r + 2);
        if (pa[2] > pb[2] && pa[0] < pb[0]) bluer++;
      }
    expect(bluer).toBeGreaterThan(10);
  });
});

/** A dusty-lens style (not a held-out case's) with its dirt replaced. */
const dusty = (seed: number, dirt: AltLensDirt | undefined): AltStyle => ({
  ...altStyle(table, 'peacock-dusty-lens', seed),
  lensDirt: dirt,
});

describe('a dirty lens (peacock-dusty-lens)', () => {
  it('darkens each lone speck’s middle by its depth and nothing past its soft edge, sized with the frame’s height', () => {
    const seed = 5;
    const dirt = altStyle(table, 'peacock-dusty-lens', seed).lensDirt;
    if (!dirt) throw new Error('no dirt');
    const balls = makeScene('random', seed, table).balls;
    const found: Record<string, number[]> = {};
    for (const [name, c] of [
      ['540', scaledCalibration(demo, 0.5)],
      ['1080', demo],
    ] as const) {
      const W = c.image.width;
      const H = c.image.height;
      const a = drawn(c, balls, dusty(seed, { specks: dirt.specks }));
      const b = drawn(c, balls, dusty(seed, undefined));
      const areas: number[] = [];
      dirt.specks.forEach((s, i) => {
        const r = (s.radius * H) / 1080;
        const outer = r * (1 + s.soft / 2);
        const alone = dirt.specks.every(
          (o, j) =>
            j === i ||
            Math.hypot((o.u - s.u) * W, (o.v - s.v) * H) >
              outer + ((o.radius * H) / 1080) * (1 + o.soft / 2) + 6,
        );
        const cu = s.u * W;
        const cv = s.v * H;
        // Where the clean frame is dark (a pocket, the floor) the 8 bits' rounding hides a share of the light.
        if (!alone || (at(b, { u: Math.round(cu), v: Math.round(cv) })[1] as number) < 40) return;
        // Its middle: the green's light over the clean frame's, over the pixels within 0.25 of its radius
        // (or the one nearest it, where that is none).
        let sum = 0;
        let n = 0;
        let dark = 0;
        for (let v = Math.floor(cv - outer - 2); v <= cv + outer + 2; v++)
          for (let u = Math.floor(cu - outer - 2); u <= cu + outer + 2; u++) {
            if (u < 0 || v < 0 || u >= W || v >= H) continue;
            const d = Math.hypot(u - cu, v - cv);
            const q = ratio(a, b, { u, v }, 1);
            if (d <= 0.25 * r || (u === Math.round(cu) && v === Math.round(cv))) {
              sum += q;
              n++;
            }
            if (d > outer + 1 && d <= outer + 3)
              expect(at(a, { u, v }), `speck ${i} at ${d.toFixed(1)} px`).toEqual(at(b, { u, v }));
            if (q < 1 - s.depth / 2) dark++;
          }
        expect(Math.abs(sum / n - (1 - s.depth)), `speck ${i} ${name}`).toBeLessThan(0.025);
        areas.push(dark / (H / 1080) ** 2);
      });
      found[name] = areas;
    }
    expect((found['1080'] ?? []).length).toBeGreaterThanOrEqual(5);
    // The darker half of each speck as wide at 1080 rows as at 540, in px at 1080 rows (within a pixel's rounding).
    (found['1080'] ?? []).forEach((area, i) => {
      const small = (found['540'] ?? [])[i] as number;
      expect(Math.abs(Math.sqrt(area) - Math.sqrt(small))).toBeLessThan(3);
    });
  });

  it('lowers the contrast of a ball under its smear and blooms its highlight; leaves the frame far from it as it was', () => {
    const seed = 5;
    const c = scaledCalibration(demo, 0.5);
    const W = c.image.width;
    const H = c.image.height;
    const drawnDirt = altStyle(table, 'peacock-dusty-lens', seed).lensDirt;
    if (!drawnDirt?.smear) throw new Error('no smear');
    const balls = makeScene('random', seed, table).balls;
    const ball = balls.find((b) => b.id === 'cue') as AltBall;
    const p = px(c, ball.x, ball.y, table.ballCentreHeight);
    const smear = { ...drawnDirt.smear, u: p.u / W, v: p.v / H };
    const clean = drawn(c, balls, dusty(seed, undefined));
    const veiled = drawn(c, balls, dusty(seed, { specks: [], smear: { ...smear, bloom: 0 } }));
    const bloomed = drawn(c, balls, dusty(seed, { specks: [], smear: { ...smear, veil: 0 } }));
    // The ball's middle against the cloth 3 radii off: their difference in light, with the veil and without.
    const R = table.ballRadius;
    const cloth = px(c, ball.x + 3 * R, ball.y, 0);
    const contrast = (img: RgbImage): number =>
      [0, 1, 2].reduce(
        (s, ch) => s + Math.abs(light(at(img, p)[ch] as number) - light(at(img, cloth)[ch] as number)),
        0,
      );
    const kept = contrast(veiled) / contrast(clean);
    expect(kept).toBeLessThan(1 - 0.5 * smear.veil);
    expect(kept).toBeGreaterThan(1 - smear.veil - 0.1);
    // The bloom: the cloth round the ball lighter, none of it darker.
    let lighter = 0;
    for (let v = Math.round(p.v) - 20; v <= p.v + 20; v++)
      for (let u = Math.round(p.u) - 20; u <= p.u + 20; u++) {
        const q = { u, v };
        const d = at(bloomed, q).reduce((s, x, ch) => s + x - (at(clean, q)[ch] as number), 0);
        expect(d).toBeGreaterThanOrEqual(0);
        if (d > 0) lighter++;
      }
    expect(lighter).toBeGreaterThan(100);
    // Far from its middle (exp(−q²) under 1e-6 there), nothing changed.
    const sm = smear;
    let same = 0;
    for (let v = 0; v < H; v += 7)
      for (let u = 0; u < W; u += 7) {
        const a0 =
          ((u - sm.u * W) * Math.cos(sm.angle) + (v - sm.v * H) * Math.sin(sm.angle)) / ((sm.rx * H) / 1080);
        const b0 =
          (-(u - sm.u * W) * Math.sin(sm.angle) + (v - sm.v * H) * Math.cos(sm.angle)) / ((sm.ry * H) / 1080);
        if (a0 * a0 + b0 * b0 < 14) continue;
        expect(at(veiled, { u, v }), `${u} ${v}`).toEqual(at(clean, { u, v }));
        same++;
      }
    expect(same).toBeGreaterThan(100);
  });
});

describe('held-out 34’s variants', () => {
  it('has a rust cloth 33 code values or more from every older cloth, and a peacock one 36 or more', () => {
    expectClothsApart([
      ['rust', 33],
      ['peacock', 36],
    ]);
  });

  it('gives rust-clutter a twenty-seventh maker’s set, each coloured ball 34 code values or more from every older set’s', () => {
    expectNewMakersSet('rust-clutter', 27, 34);
  });

  it('draws a dirty lens in peacock-dusty-lens alone, in no older split’s case, and things on the table in no older split’s case', () => {
    const older = ['tuning', 'held-out', 'held-out-22', 'held-out-29', 'held-out-32', 'held-out-33'] as const;
    expectDrawnOnlyBy((s) => s.lensDirt !== undefined, ['peacock-dusty-lens'], older);
    for (const split of older)
      for (const k of altCases(demo, split, 1, '1080p')) expect(k.style.clutter, k.name).toBeUndefined();
  });
});

describe('bench/detect-alt’s held-out 34', () => {
  it('draws every held-out 34 frame in its variant, the truth the layout’s balls (the cue ball still `cue`)', () => {
    expectSplitDrawn(
      'held-out-34',
      { hd: 11_900_000, uhd: 11_950_000 },
      ['rust-clutter', 'peacock-dusty-lens'],
      (k, variant) => {
        if (variant === 'rust-clutter') expect(k.style.clutter && k.style.ballColours, k.name).toBeDefined();
        else expect(k.style.lensDirt?.smear, k.name).toBeDefined();
      },
    );
  });

  it('lays specks of dust over balls in peacock-dusty-lens’s frames', () => {
    let over = 0;
    for (const k of altCases(demo, 'held-out-34', 3, '1080p')) {
      const dirt = k.style.lensDirt;
      if (!dirt) continue;
      const { width: W, height: H } = k.calibration.image;
      for (const b of k.balls) {
        const p = px(k.calibration, b.x, b.y, k.calibration.table.ballCentreHeight);
        if (
          dirt.specks.some(
            (s) => Math.hypot(s.u * W - p.u, s.v * H - p.v) < ((s.radius * H) / 1080) * (1 + s.soft / 2),
          )
        )
          over++;
      }
    }
    expect(over).toBeGreaterThanOrEqual(3);
  });
});
