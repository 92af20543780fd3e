// What a camera or a stream burns into the picture, for the second renderer's held-out 42
// (src/sim/alt/render.ts AltOsd, style.ts): a CCTV camera's on-screen display (acid-cctv: its clock and
// its name in an OSD generator's 5 × 7 bitmap font, white or yellow, ringed black, opaque) and a club's
// stream's graphics (cyan-stream: the channel's logo on a see-through plate, a score bug on a
// see-through ground). Each frame is drawn with and without, without sensor noise, and read back: the
// text's characters read off the frame's pixels font pixel by font pixel at the place the style gives
// (each compared with every glyph of the font), its strokes the text's colour, its ring of `edge` px the
// outline's, every other pixel the frame without it; a panel's pixels the colour over the frame without
// at its alpha; both partly over the bed (the bed's outline projected through the camera); at 4K each
// font pixel twice the size. Every held-out 42 frame is its layout's balls in its variant. Only held-out
// 42's two variants draw either, no older split's case; no frame of held-out 42 is detected here.
import { beforeAll, describe, expect, it } from 'vitest';
import { altCases } from '../bench/detect-alt.ts';
import type { Calibration } from '../src/camera/index.ts';
import type { RgbImage } from '../src/core/image.ts';
import type { Table } from '../src/equipment/index.ts';
import {
  altStyle,
  osdTextBox,
  OSD_FONT,
  type AltOsd,
  type AltOsdText,
  type AltStyle,
  type Srgb8,
} from '../src/sim/alt/index.ts';
import { itDrawsANewSplit } from './helpers/alt-split.ts';
import { drawn, px } from './helpers/alt-window.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import { makeScene, scaledCalibration } from './vision-scenes.ts';

let demo: Calibration<Table>;
let table: Table;

beforeAll(() => {
  demo = loadDemoCalibration();
  table = demo.table;
});

const pixel = (img: RgbImage, u: number, v: number): Srgb8 => {
  const k = 3 * (v * img.width + u);
  return [img.data[k] as number, img.data[k + 1] as number, img.data[k + 2] as number];
};
const same = (a: Srgb8, b: Srgb8): boolean => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
/** `c` over `under` at alpha a, to within a code value's rounding. */
const overAt = (under: Srgb8, c: Srgb8, a: number): Srgb8 =>
  [0, 1, 2].map((ch) => (under[ch] as number) * (1 - a) + (c[ch] as number) * a) as unknown as Srgb8;
const near = (a: Srgb8, b: Srgb8, tol: number): boolean =>
  [0, 1, 2].every((ch) => Math.abs((a[ch] as number) - (b[ch] as number)) <= tol);

/**
 * The text read off a frame at a text's place: each cell's 5 × 7 font pixels, a stroke where every pixel
 * of it is the text's colour (opaque text) or is nearer the text's colour than the outline's, matched
 * against every glyph of the font (a blank cell a space; no match, '?').
 */
const readBack = (img: RgbImage, s: AltOsdText, colourAt: (p: Srgb8) => boolean): string => {
  const b = osdTextBox(s, img.width, img.height);
  let out = '';
  for (let n = 0; n < s.text.length; n++) {
    const rows: string[] = [];
    for (let j = 0; j < 7; j++) {
      let row = '';
      for (let i = 0; i < 5; i++) {
        let all = true;
        for (let dv = 0; dv < b.px; dv++)
          for (let du = 0; du < b.px; du++)
            all &&= colourAt(pixel(img, b.u0 + (6 * n + i) * b.px + du, b.v0 + j * b.px + dv));
        row += all ? '#' : ' ';
      }
      rows.push(row);
    }
    const key = rows.join('|');
    const hit = Object.entries(OSD_FONT).find(([, g]) => g.join('|') === key);
    out += hit ? hit[0] : key.replace(/[|]/g, '').trim() === '' ? ' ' : '?';
  }
  return out;
};

/** The bed's outline projected through the camera, a point every 20 mm (`inside` says whether a pixel sees the bed). */
const bedOutline = (c: Calibration<Table>): { u: number; v: number }[] => {
  const t = { width: c.table.width as number, length: c.table.length as number };
  const pts: { u: number; v: number }[] = [];
  for (let x = 0; x < t.width; x += 20) pts.push(px(c, x, 0, 0));
  for (let y = 0; y < t.length; y += 20) pts.push(px(c, t.width, y, 0));
  for (let x = t.width; x > 0; x -= 20) pts.push(px(c, x, t.length, 0));
  for (let y = t.length; y > 0; y -= 20) pts.push(px(c, 0, y, 0));
  return pts;
};
const inside = (poly: readonly { u: number; v: number }[], u: number, v: number): boolean => {
  let odd = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i] as { u: number; v: number };
    const b = poly[j] as { u: number; v: number };
    if (a.v > v !== b.v > v && u < ((b.u - a.u) * (v - a.v)) / (b.v - a.v) + a.u) odd = !odd;
  }
  return odd;
};

/** The frame of `style` drawn with its OSD and without it (no noise, the opening layout). */
const pair = (c: Calibration<Table>, style: AltStyle, seed: number): { on: RgbImage; off: RgbImage } => {
  const balls = makeScene('opening', seed, c.table).balls;
  return { on: drawn(c, balls, style), off: drawn(c, balls, { ...style, osd: undefined }) };
};

/**
 * Every pixel of a frame with texts over it (opaque, over `base`: the frame without, or with the panels
 * under it): a stroke's the text's colour, within `edge` px (Chebyshev) of one the outline's, any other
 * the frame without. Returns the texts' stroke pixels and the ring's, each as [u, v].
 */
const expectTexts = (on: RgbImage, base: (u: number, v: number) => Srgb8, texts: readonly AltOsdText[]) => {
  const W = on.width;
  const H = on.height;
  const strokes: [number, number][] = [];
  const rings: [number, number][] = [];
  // Where each text puts its strokes, from the font, cell by cell.
  const mask = new Int8Array(W * H);
  const ringMask = new Int8Array(W * H);
  for (const [ti, s] of texts.entries()) {
    const b = osdTextBox(s, W, H);
    for (let n = 0; n < s.text.length; n++) {
      const g = OSD_FONT[s.text[n] as string];
      if (!g) continue;
      for (let j = 0; j < 7; j++)
        for (let i = 0; i < 5; i++)
          if ((g[j] as string)[i] === '#')
            for (let dv = 0; dv < b.px; dv++)
              for (let du = 0; du < b.px; du++)
                mask[(b.v0 + j * b.px + dv) * W + b.u0 + (6 * n + i) * b.px + du] = ti + 1;
    }
  }
  for (const [ti, s] of texts.entries()) {
    const b = osdTextBox(s, W, H);
    for (let v = b.v0 - b.edge; v < b.v0 + b.h + b.edge; v++)
      for (let u = b.u0 - b.edge; u < b.u0 + b.w + b.edge; u++) {
        if (mask[v * W + u] === ti + 1) continue;
        let ringed = false;
        for (let dv = -b.edge; dv <= b.edge; dv++)
          for (let du = -b.edge; du <= b.edge; du++) ringed ||= mask[(v + dv) * W + u + du] === ti + 1;
        if (ringed && mask[v * W + u] === 0) ringMask[v * W + u] = ti + 1;
      }
  }
  for (let v = 0; v < H; v++)
    for (let u = 0; u < W; u++) {
      const k = v * W + u;
      const got = pixel(on, u, v);
      if (mask[k]) {
        const s = texts[(mask[k] as number) - 1] as AltOsdText;
        expect(near(got, overAt(base(u, v), s.colour, s.alpha), 1), `stroke ${u},${v}`).toBe(true);
        strokes.push([u, v]);
      } else if (ringMask[k]) {
        const s = texts[(ringMask[k] as number) - 1] as AltOsdText;
        expect(near(got, overAt(base(u, v), s.outline, s.alpha), 1), `ring ${u},${v}`).toBe(true);
        rings.push([u, v]);
      } else if (!same(got, base(u, v))) expect(same(got, base(u, v)), `elsewhere ${u},${v}`).toBe(true);
    }
  return { strokes, rings };
};

describe('a CCTV camera’s on-screen display (acid-cctv)', () => {
  it('burns its clock and its name into the frame, read back glyph by glyph, ringed, opaque, partly over the bed', () => {
    for (const seed of [1, 2]) {
      const style = altStyle(table, 'acid-cctv', seed);
      const osd = style.osd as AltOsd;
      const [clock, name] = osd.texts as [AltOsdText, AltOsdText];
      expect(osd.panels).toHaveLength(0);
      const { on, off } = pair(demo, style, seed);
      // Read off the pixels: a date and a time of the evening, and a camera's name.
      const read = (s: AltOsdText): string => readBack(on, s, (p) => same(p, s.colour));
      const time = read(clock);
      expect(time).toMatch(/^(2026-11-\d\d|\d\d\/11\/2026) (1[7-9]|2[0-3]):[0-5]\d:[0-5]\d$/);
      expect(time).toBe(clock.text);
      expect(read(name)).toMatch(/^CAM 0[1-8] TABLE \d{1,2}$/);
      // White or yellow, ringed black 1 or 2 px, 3 or 4 px a font pixel at 1080 rows.
      expect([
        [240, 240, 240],
        [245, 225, 30],
      ]).toContainEqual([...clock.colour]);
      const b = osdTextBox(clock, on.width, on.height);
      expect(b.px).toBeGreaterThanOrEqual(3);
      expect(b.px).toBeLessThanOrEqual(4);
      expect(b.edge).toBeGreaterThanOrEqual(1);
      expect(b.edge).toBeLessThanOrEqual(2);
      const { strokes, rings } = expectTexts(on, (u, v) => pixel(off, u, v), osd.texts);
      // Partly over the bed, each: some of its strokes on the bed's image, some off it.
      const bed = bedOutline(demo);
      for (const s of osd.texts) {
        const box = osdTextBox(s, on.width, on.height);
        const own = strokes.filter(
          ([u, v]) => u >= box.u0 && u < box.u0 + box.w && v >= box.v0 && v < box.v0 + box.h,
        );
        const over = own.filter(([u, v]) => inside(bed, u, v)).length;
        expect(over, s.text).toBeGreaterThan(20);
        expect(own.length - over, s.text).toBeGreaterThan(20);
      }
      expect(rings.length).toBeGreaterThan(strokes.length / 2);
    }
  });

  it('ticks on from frame to frame: every acid-cctv frame of held-out 42 its own time, read off its pixels', () => {
    const cases = altCases(demo, 'held-out-42', 3, '1080p').filter((k) => k.style.osd?.panels.length === 0);
    expect(cases.length).toBeGreaterThanOrEqual(6);
    const times = cases.map((k) => (k.style.osd?.texts[0] as AltOsdText).text);
    expect(new Set(times).size).toBe(times.length);
    // Two frames' clocks drawn and read back (a quarter-size frame would blur the font; these are full size).
    const a = altStyle(table, 'acid-cctv', 3);
    const b2 = altStyle(table, 'acid-cctv', 4);
    expect((a.osd?.texts[0] as AltOsdText).text).not.toBe((b2.osd?.texts[0] as AltOsdText).text);
  });

  it('draws its font pixels twice as large at 4K, each 1080p pixel of the text four 4K pixels of it', () => {
    const style = altStyle(table, 'acid-cctv', 1);
    const uhd = scaledCalibration(demo, 2);
    const balls = makeScene('opening', 1, table).balls;
    const hd = drawn(demo, balls, style);
    const k4 = drawn(uhd, balls, style);
    for (const s of (style.osd as AltOsd).texts) {
      const a = osdTextBox(s, hd.width, hd.height);
      const b = osdTextBox(s, k4.width, k4.height);
      expect(b.px).toBe(2 * a.px);
      expect(b.edge).toBe(2 * a.edge);
      expect(readBack(k4, s, (p) => same(p, s.colour))).toBe(s.text);
      // The stroke's mask at 4K is the 1080p one's, each pixel four.
      for (let v = a.v0; v < a.v0 + a.h; v++)
        for (let u = a.u0; u < a.u0 + a.w; u++) {
          const stroke = same(pixel(hd, u, v), s.colour);
          for (const [du, dv] of [
            [0, 0],
            [1, 0],
            [0, 1],
            [1, 1],
          ] as const)
            if (same(pixel(k4, 2 * u + du, 2 * v + dv), s.colour) !== stroke)
              expect(`${u},${v} at 4K ${String(!stroke)}`).toBe(`${u},${v} at 4K ${String(stroke)}`);
        }
    }
  });
});

describe('a stream’s graphics (cyan-stream)', () => {
  it('lays its logo and its score bug over the table half see-through, their text read back, partly over the bed', () => {
    for (const seed of [1, 2]) {
      const style = altStyle(table, 'cyan-stream', seed);
      const osd = style.osd as AltOsd;
      const { on, off } = pair(demo, style, seed);
      const W = on.width;
      const H = on.height;
      // The frame with the panels alone over it, as the panels' words say.
      const base = (u: number, v: number): Srgb8 => {
        let p = pixel(off, u, v);
        for (const q of osd.panels) {
          const u0 = Math.round(q.u * W);
          const v0 = Math.round(q.v * H);
          if (
            u >= u0 &&
            u < u0 + Math.round((q.w * H) / 1080) &&
            v >= v0 &&
            v < v0 + Math.round((q.h * H) / 1080)
          )
            p = overAt(p, q.colour, q.alpha).map(Math.round) as unknown as Srgb8;
        }
        return p;
      };
      const [plate, ground] = osd.panels as [AltOsd['panels'][number], AltOsd['panels'][number]];
      expect(plate.alpha).toBeGreaterThanOrEqual(0.35);
      expect(plate.alpha).toBeLessThanOrEqual(0.5);
      expect(ground.alpha).toBeGreaterThanOrEqual(0.55);
      expect(ground.alpha).toBeLessThanOrEqual(0.8);
      const [logo, rowA, rowB] = osd.texts as [AltOsdText, AltOsdText, AltOsdText];
      expect(logo.alpha).toBeGreaterThanOrEqual(0.6);
      expect(logo.alpha).toBeLessThanOrEqual(0.8);
      const { strokes } = expectTexts(on, base, osd.texts);
      expect(strokes.length).toBeGreaterThan(1000);
      // The text read back: the logo's strokes nearer white than its plate under them; the bug's white.
      const white: Srgb8 = [245, 245, 245];
      expect(readBack(on, logo, (p) => p[0] + p[1] + p[2] > 3 * 200 - 1 - 200 * (1 - logo.alpha) * 3)).toBe(
        'CLUB TV',
      );
      for (const r of [rowA, rowB])
        expect(readBack(on, r, (p) => same(p, white))).toMatch(/^[A-Z]+ +[0-5] +\d{1,2}$/);
      // The table shows through the bug's ground: its pixels (off the text) as varied as the frame's
      // under them, scaled by 1 − alpha; and partly over the bed, partly over the rail.
      const bed = bedOutline(demo);
      const u0 = Math.round(ground.u * W);
      const v0 = Math.round(ground.v * H);
      let onBed = 0;
      let offBed = 0;
      const sums = { on: [0, 0], off: [0, 0] };
      for (let v = v0; v < v0 + ground.h; v++)
        for (let u = u0 + 8; u < u0 + ground.w; u++) {
          if (strokes.some(([a, b]) => Math.abs(a - u) <= 2 && Math.abs(b - v) <= 2)) continue;
          if (inside(bed, u, v)) onBed++;
          else offBed++;
          const g = pixel(on, u, v)[1];
          const h = pixel(off, u, v)[1];
          sums.on[0] = (sums.on[0] as number) + g;
          sums.on[1] = (sums.on[1] as number) + g * g;
          sums.off[0] = (sums.off[0] as number) + h;
          sums.off[1] = (sums.off[1] as number) + h * h;
        }
      expect(onBed).toBeGreaterThan(500);
      expect(offBed).toBeGreaterThan(500);
      const n = onBed + offBed;
      const sd = (s: number[]): number => Math.sqrt((s[1] as number) / n - ((s[0] as number) / n) ** 2);
      expect(sd(sums.on) / sd(sums.off)).toBeCloseTo(1 - ground.alpha, 1);
    }
  });

  it('changes its bug between frames: the names and scores of held-out 42’s cyan-stream frames not all alike', () => {
    const cases = altCases(demo, 'held-out-42', 3, '1080p').filter(
      (k) => (k.style.osd?.panels.length ?? 0) > 0,
    );
    expect(cases.length).toBeGreaterThanOrEqual(6);
    const bugs = cases.map((k) =>
      (k.style.osd?.texts ?? [])
        .slice(1)
        .map((t) => t.text)
        .join('/'),
    );
    expect(new Set(bugs).size).toBe(bugs.length);
    const places = cases.map((k) => k.style.osd?.panels[1]?.u ?? 0);
    expect(Math.max(...places) - Math.min(...places)).toBeGreaterThan(0.1);
  });
});

itDrawsANewSplit({
  split: 'held-out-42',
  name: 'held-out 42',
  seeds: { hd: 12_700_000, uhd: 12_750_000 },
  cloths: [
    ['acid', 100],
    ['cyan', 88],
  ],
  makersSet: { variant: 'cyan-stream', makers: 35, least: 28 },
  variants: [
    {
      variant: 'acid-cctv',
      draws: 'a CCTV camera’s clock and name',
      drawsIt: (s) => s.osd !== undefined && s.osd.panels.length === 0 && s.osd.texts.length === 2,
    },
    {
      variant: 'cyan-stream',
      draws: 'a stream’s logo and score bug',
      drawsIt: (s) => s.osd !== undefined && s.osd.panels.length === 3,
    },
  ],
});
