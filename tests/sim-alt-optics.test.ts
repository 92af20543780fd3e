// A camera's own optics and processing, for the second renderer's held-out 32 (src/sim/alt/render.ts,
// style.ts): a phone's (teal-phone: noise reduction smearing the chroma and coring fine texture, local
// tone mapping, a strong unsharp mask after) and a soft lens's (slate-defocus: a defocus disc, lateral
// chromatic aberration), and a worn set's scuffs. Each effect is measured against the truth it is drawn
// from, the frame drawn with it and without it, without sensor noise but where the noise is what is
// measured: a halo's overshoot beside an edge, how far the chroma spreads past the luma, the nap and the
// noise flattened, the shadows lifted and the lamps' pools compressed, an edge spread over the disc,
// red and blue edges moved by the magnification, the highlights broken and dulled. Drawn as columns of
// the whole frame (its full height, so what scales with the height is as in the frame) or the whole
// frame at half size. Only held-out 32's two variants have any of it, no older split's case; no frame
// of held-out 32 is detected here.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Calibration } from '../src/camera/index.ts';
import type { RgbImage } from '../src/core/image.ts';
import type { Table } from '../src/equipment/index.ts';
import { ALT_CLOTH, altStyle, renderAlt, type AltBall, type AltStyle } from '../src/sim/alt/index.ts';
import { ALT_SNOOKER_PALETTE } from './helpers/alt-palette.ts';
import { at, columnsOf, px } from './helpers/alt-window.ts';
import {
  expectClothsApart,
  expectDrawnOnlyBy,
  expectNewMakersSet,
  expectSplitDrawn,
} from './helpers/alt-split.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import { makeScene, scaledCalibration } from './vision-scenes.ts';

let demo: Calibration<Table>;
let uhd: Calibration<Table>;
let table: Table;

beforeAll(() => {
  demo = loadDemoCalibration();
  uhd = scaledCalibration(demo, 2);
  table = demo.table;
});

const luma = (p: readonly [number, number, number]): number => 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];

/** A ball's centre in c's image and its radius there, px (across the image's rows, through its centre). */
const discOf = (c: Calibration<Table>, b: AltBall): { u: number; v: number; r: number } => {
  const p = px(c, b.x, b.y, table.ballCentreHeight);
  const e = px(c, b.x, b.y + table.ballRadius, table.ballCentreHeight);
  return { u: p.u, v: p.v, r: Math.hypot(e.u - p.u, e.v - p.v) };
};

/** Columns of c's frame `width` px wide round a ball, drawn in a style (no noise unless `noisy`). */
const drawnRound = (
  c: Calibration<Table>,
  balls: readonly AltBall[],
  b: AltBall,
  style: AltStyle,
  width = 64,
  noisy = false,
): { c: Calibration<Table>; img: RgbImage } => {
  const u = px(c, b.x, b.y, table.ballCentreHeight).u;
  const w = columnsOf(c, Math.round(u) - width / 2, width);
  return {
    c: w,
    img: renderAlt(w, ALT_SNOOKER_PALETTE, balls, noisy ? style : { ...style, noise: 0 }, 7).image,
  };
};

/** A channel (or the luma, ch 3) along the row through image point p, from `from` to `to` px right of it. */
const along = (img: RgbImage, p: { u: number; v: number }, from: number, to: number, ch: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => {
    const q = at(img, { u: p.u + from + i, v: p.v });
    return ch === 3 ? luma(q) : (q[ch] as number);
  });

/** How many px a profile takes to go from 10 % to 90 % of the way from its first to its last value. */
const rise = (xs: readonly number[]): number => {
  const a = xs[0] as number;
  const b = xs[xs.length - 1] as number;
  const crossing = (f: number): number => {
    const y = a + f * (b - a);
    for (let i = 1; i < xs.length; i++) {
      const p = xs[i - 1] as number;
      const q = xs[i] as number;
      if ((p - y) * (q - y) <= 0 && p !== q) return i - 1 + (y - p) / (q - p);
    }
    return NaN;
  };
  return Math.abs(crossing(0.9) - crossing(0.1));
};

const cue = (): AltBall => ({ id: 'cue', x: table.width / 2 + 150, y: table.length * 0.35 });

describe('a phone’s processing (teal-phone)', () => {
  it('sharpens every edge with a bright halo inside a light ball’s outline and a dark one outside, 1 to 2 px wide', () => {
    const s = altStyle(table, 'teal-phone', 11);
    const b = cue();
    const { c, img } = drawnRound(demo, [b], b, s);
    const soft = drawnRound(demo, [b], b, { ...s, sharpen: undefined }).img;
    const d = discOf(c, b);
    const limb = Math.round(d.r);
    const plain = along(soft, d, limb - 4, limb + 10, 3);
    const added = along(img, d, limb - 4, limb + 10, 3).map((y, i) => y - (plain[i] as number));
    // added[4] is the outline's own pixel (the limb rounded), inside before it, the cloth after.
    const inside = added.slice(0, 4);
    const outside = added.slice(4);
    expect(Math.max(...inside), added.join(' ')).toBeGreaterThanOrEqual(8);
    expect(Math.min(...outside.slice(0, 3)), added.join(' ')).toBeLessThanOrEqual(-8);
    const bright = inside.filter((x) => x >= 3).length;
    const dark = outside.filter((x) => x <= -3).length;
    expect(
      [bright, dark].every((n) => n >= 1 && n <= 2),
      added.join(' '),
    ).toBe(true);
    // Beyond 3 px of the outline the cloth is as it was.
    for (const x of outside.slice(3)) expect(Math.abs(x), added.join(' ')).toBeLessThanOrEqual(1.5);
  });

  it('smears the chroma over 3 px or more further past an edge than the luma, which keeps its edge', () => {
    const s = { ...altStyle(table, 'teal-phone', 11), sharpen: undefined };
    const b: AltBall = { id: 'yellow', x: table.width / 2 + 150, y: table.length * 0.35 };
    const { c, img } = drawnRound(demo, [b], b, s);
    const raw = drawnRound(demo, [b], b, { ...s, denoise: undefined }).img;
    const d = discOf(c, b);
    const limb = Math.round(d.r);
    // Across the yellow's outline into the teal: luma falls, blue minus luma (its chroma) rises.
    const spread = (im: RgbImage): { y: number; chroma: number } => {
      const y = along(im, d, limb - 6, limb + 12, 3);
      const blue = along(im, d, limb - 6, limb + 12, 2);
      return { y: rise(y), chroma: rise(blue.map((x, i) => x - (y[i] as number))) };
    };
    const phone = spread(img);
    const camera = spread(raw);
    // The edge's own spread (its shading, its shadow) is in both; the noise reduction adds to the chroma's.
    expect(phone.chroma - camera.chroma, JSON.stringify({ phone, camera })).toBeGreaterThanOrEqual(3);
    expect(Math.abs(phone.y - camera.y), JSON.stringify({ phone, camera })).toBeLessThanOrEqual(1);
  });

  it('flattens the nap’s fine texture and takes out the sensor’s noise', () => {
    const s = { ...altStyle(table, 'teal-phone', 11), sharpen: undefined };
    const b = cue();
    const spot = { x: table.width / 2 - 300, y: table.length * 0.35 };
    const f = (style: AltStyle, noisy: boolean): number => {
      const { c, img } = drawnRound(demo, [], { ...b, ...spot }, style, 48, noisy);
      return fine(img, px(c, spot.x, spot.y, 0));
    };
    const raw = { ...s, denoise: undefined };
    // The nap's grain alone (no noise): under a third of it left.
    expect(f(s, false) / f(raw, false)).toBeLessThan(1 / 3);
    // The sensor's noise (twice a usual camera's) with it: under half left.
    expect(f(s, true) / f(raw, true)).toBeLessThan(0.5);
  });

  it('lifts the shadows and compresses the lamps’ pools (local tone mapping)', () => {
    const half = scaledCalibration(demo, 0.5);
    const s = { ...altStyle(table, 'teal-phone', 11), sharpen: undefined, denoise: undefined, noise: 0 };
    const scene = makeScene('random', 11, table);
    const hdr = renderAlt(half, ALT_SNOOKER_PALETTE, scene.balls, s, 7).image;
    const flat = renderAlt(half, ALT_SNOOKER_PALETTE, scene.balls, { ...s, toneMap: undefined }, 7).image;
    const ratio = (p: { u: number; v: number }): number => luma(at(hdr, p)) / luma(at(flat, p));
    const floor = { u: 20, v: 20 };
    const pool = px(half, table.width / 2, table.length / 2, 0);
    const hole = px(half, -40, -40, 0);
    // The dark room round the table and a pocket's hole lifted, the bed under the middle lamp compressed.
    expect(ratio(floor)).toBeGreaterThan(1.3);
    expect(ratio(hole)).toBeGreaterThan(1.1);
    expect(ratio(pool)).toBeLessThan(0.85);
  });
});

/** (c / 255)^2.2: a code value's light, near enough for small differences on an even cloth. */
const light = (c: number): number => (c / 255) ** 2.2;

/** The std of each pixel's luma less the mean of its four neighbours', over a square of half side 20 round p. */
const fine = (img: RgbImage, p: { u: number; v: number }): number => {
  const y = (du: number, dv: number): number => luma(at(img, { u: p.u + du, v: p.v + dv }));
  const ds: number[] = [];
  for (let dv = -20; dv <= 20; dv++)
    for (let du = -20; du <= 20; du++)
      ds.push(y(du, dv) - (y(du - 1, dv) + y(du + 1, dv) + y(du, dv - 1) + y(du, dv + 1)) / 4);
  return Math.sqrt(ds.reduce((a, x) => a + x * x, 0) / ds.length);
};

describe('a lens a little out of focus with lateral colour, and a worn set (slate-defocus)', () => {
  it('spreads a chalk line across the disc: its profile’s variance grows by the disc’s, r² / 4', () => {
    // On a dark cloth without its nap: the line alone, on an even ground.
    const s = {
      ...altStyle(table, 'slate-defocus', 11),
      lateralCA: undefined,
      cloth: ALT_CLOTH.forest,
      nap: 0,
    };
    const line = table.marks?.lines.find((m) => m.name === 'baulk-line');
    if (!line) throw new Error('no line');
    const spot = { x: table.width / 2 + 300, y: line.a.y };
    for (const [name, cal] of [
      ['1080p', demo],
      ['4K', uhd],
    ] as const) {
      const k = cal.image.height / 1080;
      const reach = Math.round(8 * k);
      const profile = (style: AltStyle): number[] => {
        const u = px(cal, spot.x, spot.y, 0).u;
        const w = columnsOf(cal, Math.round(u) - 32, 64);
        const img = renderAlt(w, ALT_SNOOKER_PALETTE, [], { ...style, noise: 0 }, 7).image;
        const p = px(w, spot.x, spot.y, 0);
        const g = along(img, { u: Math.round(p.u), v: p.v }, -reach, reach, 1).map(light);
        const floor = ((g[0] as number) + (g[g.length - 1] as number)) / 2;
        return g.map((x) => x - floor);
      };
      const variance = (e: number[]): number => {
        const sum = e.reduce((a, x) => a + x, 0);
        const mean = e.reduce((a, x, i) => a + x * i, 0) / sum;
        return e.reduce((a, x, i) => a + x * (i - mean) ** 2, 0) / sum;
      };
      const soft = profile(s);
      const sharp = profile({ ...s, defocus: undefined });
      const r = (1.5 * cal.image.height) / 1080;
      const sum = (e: number[]): number => e.reduce((a, x) => a + x, 0);
      expect(variance(soft) - variance(sharp), name).toBeGreaterThan(0.85 * ((r * r) / 4));
      expect(variance(soft) - variance(sharp), name).toBeLessThan(1.15 * ((r * r) / 4));
      // The light spread, not lost: the line's as bright in all.
      expect(Math.abs(sum(soft) / sum(sharp) - 1), name).toBeLessThan(0.05);
    }
  });

  it('breaks the worn set’s highlights in fine scuffs and dulls them, and takes `depth` of them in a matte patch', () => {
    const s = { ...altStyle(table, 'slate-defocus', 11), lateralCA: undefined, defocus: undefined };
    const b: AltBall = { id: 'black', x: table.width / 2 + 150, y: table.length * 0.35 };
    const { c, img } = drawnRound(uhd, [b], b, s, 96);
    const bare = drawnRound(uhd, [b], b, { ...s, scuffs: undefined }, 96).img;
    const d = discOf(c, b);
    const inDisc: { u: number; v: number }[] = [];
    for (let v = Math.ceil(d.v - d.r); v <= d.v + d.r; v++)
      for (let u = Math.ceil(d.u - d.r); u <= d.u + d.r; u++)
        if (Math.hypot(u - d.u, v - d.v) < d.r - 2) inDisc.push({ u, v });
    const ys = inDisc.map((p) => luma(at(bare, p))).sort((a, x) => a - x);
    const base = ys[ys.length >> 1] as number;
    const lit = inDisc.filter((p) => luma(at(bare, p)) > base + 10);
    const left = lit.map((p) => (luma(at(img, p)) - base) / (luma(at(bare, p)) - base));
    const mean = left.reduce((a, x) => a + x, 0) / left.length;
    const sd = Math.sqrt(left.reduce((a, x) => a + (x - mean) ** 2, 0) / left.length);
    const over = inDisc.filter((p) => luma(at(img, p)) > luma(at(bare, p)) + 0.5).length;
    // Never brighter; about half the highlight left on the whole, unevenly (broken, not dimmed).
    expect(over).toBe(0);
    expect(mean).toBeGreaterThan(0.3);
    expect(mean).toBeLessThan(0.75);
    expect(sd / mean).toBeGreaterThan(0.2);
    // Matte patches covering the ball (40 of 20 mm) leave at most 1 − depth of its highlight.
    const scuffs = s.scuffs as NonNullable<AltStyle['scuffs']>;
    const full = { ...s, scuffs: { ...scuffs, fine: 0, patches: 40, size: [20, 20] as const } };
    const patched = drawnRound(uhd, [b], b, full, 96).img;
    const own = inDisc.map((p) => luma(at(patched, p))).sort((a, x) => a - x)[inDisc.length >> 1] as number;
    const kept = lit
      .map((p) => (luma(at(patched, p)) - own) / (luma(at(bare, p)) - base))
      .sort((a, x) => a - x);
    expect(kept[Math.floor(0.8 * kept.length)]).toBeLessThanOrEqual(1 - scuffs.depth);
  });

  it('moves red and blue edges by the magnification, the fringes widening away from the centre', () => {
    const s = { ...altStyle(table, 'slate-defocus', 11), defocus: undefined };
    const c = columnsOf(uhd, uhd.image.width / 2 - 64, 128);
    const balls: AltBall[] = [
      { id: 'black', x: table.width / 2, y: table.length / 2 },
      { id: 'black', x: 80, y: table.length / 2 },
    ];
    const img = renderAlt(c, ALT_SNOOKER_PALETTE, balls, { ...s, noise: 0 }, 7).image;
    const cv = (c.image.height - 1) / 2;
    const fringes: number[] = [];
    for (const b of balls) {
      const d = discOf(c, b);
      // Down the column through the ball's centre, from its middle out past its far limb.
      const way = Math.sign(d.v - cv) || 1;
      const edge = (ch: number): number => {
        const vs = Array.from(
          { length: Math.round(2 * d.r) },
          (_, i) => at(img, { u: d.u, v: d.v + way * i })[ch] as number,
        );
        const mid = ((vs[0] as number) + (vs[vs.length - 1] as number)) / 2;
        for (let i = 1; i < vs.length; i++) {
          const p = vs[i - 1] as number;
          const q = vs[i] as number;
          if ((p - mid) * (q - mid) <= 0 && p !== q) return d.v + way * (i - 1 + (mid - p) / (q - p));
        }
        return NaN;
      };
      const [r, g, bl] = [edge(0), edge(1), edge(2)];
      // Red's edge out by m times its distance from the centre, blue's in, within a quarter px.
      const m = s.lateralCA as number;
      expect(Math.abs(r - g - m * (g - cv)), `red ${r - g} at ${g - cv}`).toBeLessThan(0.25);
      expect(Math.abs(bl - g + m * (g - cv)), `blue ${bl - g} at ${g - cv}`).toBeLessThan(0.25);
      fringes.push(Math.abs(r - bl));
    }
    // Near the centre (under 0.3 px between red and blue) and near the cushion (over 2 px).
    expect(fringes[0]).toBeLessThan(0.3);
    expect(fringes[1]).toBeGreaterThan(2);
  });
});

describe('held-out 32’s variants', () => {
  it('has a teal cloth 50 code values or more from every older cloth, and a slate one 45 or more', () => {
    expectClothsApart([
      ['vividteal', 50],
      ['paleslate', 45],
    ]);
  });

  it('gives teal-phone a twenty-fifth maker’s set, each coloured ball 25 code values or more from every older set’s', () => {
    expectNewMakersSet('teal-phone', 25, 25);
  });

  it('draws the new optics, processing and scuffs in held-out 32’s two variants only, and in no older split’s case', () => {
    const optics = (s: AltStyle): boolean =>
      s.scuffs !== undefined ||
      s.defocus !== undefined ||
      s.lateralCA !== undefined ||
      s.toneMap !== undefined ||
      s.denoise !== undefined;
    expectDrawnOnlyBy(
      optics,
      ['teal-phone', 'slate-defocus'],
      ['tuning', 'held-out', 'held-out-12', 'held-out-25', 'held-out-30', 'held-out-31'],
    );
  });
});

describe('bench/detect-alt’s held-out 32', () => {
  it('draws every held-out 32 frame with its variant’s optics, the truth the layout’s balls (the cue ball still `cue`)', () => {
    expectSplitDrawn(
      'held-out-32',
      { hd: 11_700_000, uhd: 11_750_000 },
      ['teal-phone', 'slate-defocus'],
      (k, variant) => {
        if (variant === 'teal-phone')
          expect(k.style.denoise && k.style.toneMap && k.style.sharpen, k.name).toBeDefined();
        else expect(k.style.scuffs && k.style.defocus && k.style.lateralCA, k.name).toBeDefined();
      },
    );
  });
});
