// A table's cloth and light as a sponsor and a cheap LED fitting leave them, for the second renderer's
// held-out 33 (src/sim/alt/render.ts, style.ts): a sponsor's print in the cloth (shamrock-sponsor: an
// oval emblem, block lettering, the ink worn in patches, under the balls and their shadows) and LED
// panels of two whites seen by a rolling shutter catching their ripple in bands of their own colour
// (grape-flicker). Each effect is measured against what it is drawn from, the frame drawn with it and
// without it, without sensor noise, in the linear light the tone curve's inverse gives back: the
// cloth's colour mixed towards an ink by its cover, the lettering's cells inked where its bitmap says,
// a ball's pixels and its shadow as on the plain cloth, each row's channels banded by the ripple the
// shutter leaves, the cloth's colour under each panel as their light mixes there. Only held-out 33's two
// variants have any of it, no older split's case; no frame of held-out 33 is detected here.
import { beforeAll, describe, expect, it } from 'vitest';
import { altCases } from '../bench/detect-alt.ts';
import type { Calibration } from '../src/camera/index.ts';
import type { Table } from '../src/equipment/index.ts';
import {
  ALT_CLOTH,
  altStyle,
  type AltBall,
  type AltPrint,
  type AltPrintMark,
  type AltStyle,
} from '../src/sim/alt/index.ts';
import {
  expectClothsApart,
  expectDrawnOnlyBy,
  expectNewMakersSet,
  expectSplitDrawn,
} from './helpers/alt-split.ts';
import { at, columnsOf, drawn, light, px, windowOn } from './helpers/alt-window.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import { scaledCalibration } from './vision-scenes.ts';

let demo: Calibration<Table>;
let table: Table;

beforeAll(() => {
  demo = loadDemoCalibration();
  table = demo.table;
});

/** sRGB code values to linear light (the renderer's lin). */
const linear = (c: number): number => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};

const sponsor = (seed = 11): AltStyle & { print: AltPrint } => {
  const s = altStyle(table, 'shamrock-sponsor', seed);
  if (!s.print) throw new Error('no print');
  return s as AltStyle & { print: AltPrint };
};
const fresh = (s: AltStyle & { print: AltPrint }): AltStyle => ({ ...s, print: { ...s.print, worn: 0 } });
const plain = (s: AltStyle): AltStyle => ({ ...s, print: undefined });

/** The emblem's filled oval (the print's first mark). */
const emblem = (p: AltPrint): AltPrintMark & { kind: 'oval' } => {
  const m = p.marks[0];
  if (m?.kind !== 'oval' || m.ring !== undefined) throw new Error('no emblem');
  return m;
};

/** The share of an ink's colour in a channel's light, from its light with the print and without. */
const inkShare = (withPrint: number, without: number, ink: number, cloth: number): number =>
  (withPrint / without - 1) / (ink / cloth - 1);

describe('a sponsor’s print in the cloth (shamrock-sponsor)', () => {
  it('mixes the cloth inside the emblem towards its white by the ink’s opacity (0.42), in green and blue alike', () => {
    const s = sponsor();
    const e = emblem(s.print);
    // A place inside the emblem clear of its ring, its lettering and the chalk's blue spot.
    const c = windowOn(demo, e.x + 250, e.y - 300, 0, 40);
    const a = drawn(c, [], fresh(s));
    const b = drawn(c, [], plain(s));
    for (const ch of [1, 2]) {
      let sum = 0;
      for (let k = ch; k < a.data.length; k += 3)
        sum += inkShare(
          light(a.data[k] as number),
          light(b.data[k] as number),
          linear(e.ink[ch] as number),
          linear(ALT_CLOTH.shamrock[ch] as number),
        );
      expect(sum / (a.data.length / 3), `channel ${ch}`).toBeCloseTo(e.opacity, 1);
    }
  });

  it('wears the ink off in soft patches, never adding any: some places keep it all, others lose a quarter or more', () => {
    const s = sponsor();
    const e = emblem(s.print);
    // A window about 450 mm across in the emblem's baulk half, clear of its lettering.
    const c = windowOn(demo, e.x, e.y - 380, 0, 120);
    const worn = drawn(c, [], s);
    const whole = drawn(c, [], fresh(s));
    const bare = drawn(c, [], plain(s));
    const left: number[] = [];
    for (let k = 1; k < bare.data.length; k += 3) {
      const base = light(bare.data[k] as number);
      const ink = light(whole.data[k] as number) - base;
      if (ink < 0.05 * base) continue;
      left.push((light(worn.data[k] as number) - base) / ink);
    }
    expect(left.length).toBeGreaterThan(0.9 * 120 * 120);
    left.sort((p, q) => p - q);
    // Never more than the fresh print's (within the 8 bits' rounding), and unevenly less.
    expect(left.at(-1)).toBeLessThan(1.03);
    expect(left[Math.floor(0.9 * left.length)]).toBeGreaterThan(0.97);
    expect(left[Math.floor(0.05 * left.length)]).toBeLessThan(0.75);
    expect(left[0]).toBeGreaterThan(1 - s.print.worn - 0.05);
  });

  it('inks every cell of a side cushion’s lettering its bitmap inks, and no other', () => {
    const s = sponsor();
    const m = s.print.marks.find((q) => q.kind === 'letters' && q.angle === Math.PI / 2);
    if (m?.kind !== 'letters') throw new Error('no lettering along the cushion');
    const cols = (m.rows[0] as string).length;
    // Columns along (cos, sin) of the angle, rows along (sin, −cos).
    const cellAt = (i: number, j: number): [number, number] => [
      m.x + (i + 0.5) * m.cell * Math.cos(m.angle) + (j + 0.5) * m.cell * Math.sin(m.angle),
      m.y + (i + 0.5) * m.cell * Math.sin(m.angle) - (j + 0.5) * m.cell * Math.cos(m.angle),
    ];
    const [mx, my] = cellAt(cols / 2 - 0.5, 3);
    const c = windowOn(demo, mx, my, 0, 300);
    const a = drawn(c, [], fresh(s));
    const b = drawn(c, [], plain(s));
    const ink = linear(m.ink[1]);
    const cloth = linear(ALT_CLOTH.shamrock[1]);
    let inked = 0;
    m.rows.forEach((row, j) => {
      for (let i = 0; i < cols; i++) {
        const [x, y] = cellAt(i, j);
        const p = px(c, x, y, 0);
        expect(Math.min(p.u, p.v, 299 - p.u, 299 - p.v), `cell ${i}, ${j} in the window`).toBeGreaterThan(0);
        const share = inkShare(light(at(a, p)[1]), light(at(b, p)[1]), ink, cloth);
        if (row[i] === '#') {
          inked++;
          expect(share, `cell ${i}, ${j}`).toBeGreaterThan(0.5 * m.opacity);
        } else expect(share, `cell ${i}, ${j}`).toBeLessThan(0.05);
      }
    });
    expect(inked).toBeGreaterThan(60);
  });

  it('keeps a ball on the emblem as it is on the plain cloth and lays its shadow on the ink as on the cloth', () => {
    const s = sponsor();
    const e = emblem(s.print);
    const ball: AltBall = { id: 'blue', x: e.x + 250, y: e.y - 300 };
    const c = windowOn(demo, ball.x, ball.y, table.ballCentreHeight, 64);
    const centre = px(c, ball.x, ball.y, table.ballCentreHeight);
    const rim = px(c, ball.x + table.ballRadius, ball.y, table.ballCentreHeight);
    const r = Math.hypot(rim.u - centre.u, rim.v - centre.v);
    const printed = drawn(c, [ball], fresh(s));
    const printedBare = drawn(c, [], fresh(s));
    const cloth = drawn(c, [ball], plain(s));
    const clothBare = drawn(c, [], plain(s));
    let inside = 0;
    let shaded = 0;
    for (let v = 0; v < 64; v++)
      for (let u = 0; u < 64; u++) {
        const d = Math.hypot(u - centre.u, v - centre.v);
        const k = 3 * (v * 64 + u);
        if (d < 0.8 * r) {
          inside++;
          for (let ch = 0; ch < 3; ch++) expect(printed.data[k + ch]).toBe(cloth.data[k + ch]);
          continue;
        }
        if (d < 1.2 * r) continue;
        // Its shadow's share of the light, on the print and on the plain cloth (green, where it is deep
        // enough for the 8 bits' rounding to be small beside it).
        const onCloth = light(cloth.data[k + 1] as number) / light(clothBare.data[k + 1] as number);
        if (onCloth > 0.9) continue;
        shaded++;
        const onInk = light(printed.data[k + 1] as number) / light(printedBare.data[k + 1] as number);
        expect(Math.abs(onInk - onCloth), `(${u}, ${v})`).toBeLessThan(0.03);
      }
    expect(inside).toBeGreaterThan(100);
    expect(shaded).toBeGreaterThan(50);
  });
});

describe('LED panels of two whites in a rolling shutter’s bands (grape-flicker)', () => {
  it('bands each row’s red, green and blue by the ripple the shutter leaves, blue 1.2 and red 0.85 of its depth: the bright bands bluer', () => {
    const s = altStyle(table, 'grape-flicker', 11);
    const f = s.flicker;
    const hue = f?.hue;
    if (!f || !hue) throw new Error('no coloured bands');
    const c = columnsOf(demo, demo.image.width / 2 - 4, 8);
    // On a light grey cloth, so that every channel's code values are high enough for the tone curve's
    // table's steps (up to 7 % of a pixel's light at code 30, 0.8 % at 80) to be small beside the bands.
    const grey = { ...s, cloth: [190, 190, 190] as const };
    const a = drawn(c, [], grey);
    const b = drawn(c, [], { ...grey, flicker: undefined });
    let rows = 0;
    // Each channel's amplitude fitted over the rows (least squares on the sine), beside each row's own.
    const fit = [0, 0, 0];
    let sines = 0;
    for (let v = 0; v < c.image.height; v++) {
      const sv = Math.sin((2 * Math.PI * v) / (f.period * c.image.height) + f.phase);
      // Each channel's light over the row's 8 px, banded and not, where its code values are 80 or more.
      const sums = [0, 1, 2].map((ch) => {
        let banded = 0;
        let even = 0;
        let least = 255;
        for (let k = 3 * v * 8 + ch; k < 3 * (v + 1) * 8; k += 3) {
          banded += light(a.data[k] as number);
          even += light(b.data[k] as number);
          least = Math.min(least, a.data[k] as number, b.data[k] as number);
        }
        return { got: banded / even, least };
      });
      if (sums.some((q) => q.least < 80)) continue;
      rows++;
      sines += sv * sv;
      sums.forEach((q, ch) => {
        fit[ch] = (fit[ch] as number) + (q.got - 1) * sv;
        expect(
          Math.abs(q.got - (1 + f.depth * (hue[ch] as number) * sv)),
          `row ${v}, channel ${ch}`,
        ).toBeLessThan(0.015);
      });
    }
    expect(rows).toBeGreaterThan(700);
    fit.forEach((q, ch) => expect(q / sines, `channel ${ch}`).toBeCloseTo(f.depth * (hue[ch] as number), 2));
    expect((hue[2] as number) / (hue[0] as number)).toBeCloseTo(1.2 / 0.85, 2);
  });

  it('warms the cloth under the 3000 K panel and cools it under the 6000 K one, as the panels’ light mixes there', () => {
    const s = { ...altStyle(table, 'grape-flicker', 11), flicker: undefined };
    // Each panel's light on the bed at (x, y) per channel, as the renderer's lamps give it, before the
    // room's (white) light is added to it, the bed's middle's green lit at 1.
    const irradiance = (x: number, y: number): [number, number, number] => {
      const e: [number, number, number] = [0, 0, 0];
      for (const l of s.lamps) {
        const d2 = (l.x - x) ** 2 + (l.y - y) ** 2 + l.z ** 2;
        const k = (l.power * (l.z * l.z)) / d2 / d2;
        const col = l.colour ?? [1, 1, 1];
        for (let ch = 0; ch < 3; ch++) e[ch] = (e[ch] as number) + k * (col[ch] as number);
      }
      return e;
    };
    const norm = 1 / irradiance(table.width / 2, table.length / 2)[1];
    const redOverBlue = (y: number): { got: number; want: number } => {
      const c = windowOn(demo, table.width / 2 + 200, y, 0, 16);
      const img = drawn(c, [], s);
      let r = 0;
      let bl = 0;
      for (let k = 0; k < img.data.length; k += 3) {
        r += light(img.data[k] as number);
        bl += light(img.data[k + 2] as number);
      }
      const e = irradiance(table.width / 2 + 200, y);
      return { got: r / bl, want: (e[0] * norm + s.ambient) / (e[2] * norm + s.ambient) };
    };
    const warm = redOverBlue(table.length * 0.25);
    const cool = redOverBlue(table.length * 0.75);
    // The cloth and the camera's balance cancel in the ratio of the two places' red over blue.
    expect(warm.got / cool.got).toBeCloseTo(warm.want / cool.want, 1);
    expect(warm.got / cool.got).toBeGreaterThan(1.5);
  });
});

describe('held-out 33’s variants', () => {
  it('has a shamrock cloth 55 code values or more from every older cloth, and a grape one 50 or more', () => {
    expectClothsApart([
      ['shamrock', 55],
      ['grape', 50],
    ]);
  });

  it('gives shamrock-sponsor a twenty-sixth maker’s set, each coloured ball 30 code values or more from every older set’s', () => {
    expectNewMakersSet('shamrock-sponsor', 26, 30);
  });

  it('draws a print in shamrock-sponsor alone and coloured bands in grape-flicker alone, in no older split’s case', () => {
    const older = ['tuning', 'held-out', 'held-out-22', 'held-out-31', 'held-out-32'] as const;
    expectDrawnOnlyBy((s) => s.print !== undefined, ['shamrock-sponsor'], older);
    expectDrawnOnlyBy((s) => s.flicker?.hue !== undefined, ['grape-flicker'], older);
  });
});

/** Is a bed point under a print's mark (inside its oval, or its lettering's block)? */
const onPrint = (p: AltPrint, x: number, y: number): boolean =>
  p.marks.some((m) => {
    if (m.kind === 'oval') return ((x - m.x) / m.rx) ** 2 + ((y - m.y) / m.ry) ** 2 <= 1;
    const along = (x - m.x) * Math.cos(m.angle) + (y - m.y) * Math.sin(m.angle);
    const down = (x - m.x) * Math.sin(m.angle) - (y - m.y) * Math.cos(m.angle);
    const cols = (m.rows[0] as string).length;
    return along >= 0 && along <= cols * m.cell && down >= 0 && down <= m.rows.length * m.cell;
  });

describe('bench/detect-alt’s held-out 33', () => {
  it('draws every held-out 33 frame in its variant, the truth the layout’s balls (the cue ball still `cue`)', () => {
    expectSplitDrawn(
      'held-out-33',
      { hd: 11_800_000, uhd: 11_850_000 },
      ['shamrock-sponsor', 'grape-flicker'],
      (k, variant) => {
        if (variant === 'shamrock-sponsor')
          expect(k.style.print && k.style.ballColours, k.name).toBeDefined();
        else {
          expect(k.style.flicker?.hue, k.name).toBeDefined();
          expect(new Set(k.style.lamps.map((l) => String(l.colour))).size, k.name).toBe(2);
        }
      },
    );
  });

  it('lays balls on the print in shamrock-sponsor’s frames: the blue and the pink of every opening, and others', () => {
    let on = 0;
    let frames = 0;
    for (const [res, c] of [
      ['1080p', demo],
      ['4K', scaledCalibration(demo, 2)],
    ] as const)
      for (const k of altCases(c, 'held-out-33', res === '4K' ? 1 : 3, res)) {
        const p = k.style.print;
        if (!p) continue;
        frames++;
        const lying = k.balls.filter((b) => onPrint(p, b.x, b.y));
        on += lying.length;
        if (k.name.includes('opening'))
          expect(
            lying.map((b) => b.id).filter((id) => id === 'blue' || id === 'pink'),
            k.name,
          ).toEqual(['blue', 'pink']);
      }
    expect(frames).toBe(12);
    expect(on).toBeGreaterThan(3 * frames);
  });
});
