// A referee's gloved hand over the table and an old analogue camera, for the second renderer's held-out 36
// (src/sim/alt/referee.ts, render.ts, style.ts): the referee's white-gloved hand reaching in over the bed
// from beyond a cushion, its dark sleeve rising back past it (maroon-referee), and an old CCTV camera's
// composite video through a capture card, scaled up to the frame's size (caramel-analogue). Each is
// measured against what it is drawn from, the frame drawn with it and without it, without sensor noise: the
// hand placed over the bed a ball radius or more clear of every ball in plan and hiding none from the
// camera; a white glove and a dark sleeve where it lies, its shadow on the cloth beside it and nothing
// elsewhere; through the analogue camera the colour smeared across a line twice as far as the luma, the
// nap's detail down the frame kept to 576 rows' (weave) or 288's (bob), at 2160 rows as at 1080, the colour
// subcarrier's dots beside a sharp colour edge where a neutral one has none, bare cloth's colour as it was.
// Every held-out 36 frame is its layout's balls in its variant, the hand over the bed in most of
// maroon-referee's, its shadow over a ball in some. Only held-out 36's two variants have either, no older
// split's case; no frame of held-out 36 is detected here.
import { beforeAll, describe, expect, it } from 'vitest';
import { altCases, type AltSplit } from '../bench/detect-alt.ts';
import { cameraCentre, type Calibration } from '../src/camera/index.ts';
import type { RgbImage } from '../src/core/image.ts';
import type { Table } from '../src/equipment/index.ts';
import {
  ALT_VARIANTS,
  altInView,
  altReferee,
  altStyle,
  hasReferee,
  type AltBall,
  type AltEllipsoid,
  type AltPart,
  type AltPlayer,
  type AltStyle,
} from '../src/sim/alt/index.ts';
import { hitPart, prepare } from '../src/sim/alt/parts.ts';
import { segmentDistance2 } from '../src/sim/alt/render.ts';
import {
  expectClothsApart,
  expectDrawnOnlyBy,
  expectNewMakersSet,
  expectSplitDrawn,
} from './helpers/alt-split.ts';
import { columnsOf, drawn, light, px, windowOn } from './helpers/alt-window.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import { makeScene, scaledCalibration } from './vision-scenes.ts';

let demo: Calibration<Table>;
let table: Table;

beforeAll(() => {
  demo = loadDemoCalibration();
  table = demo.table;
});

/** How far (mm, in plan) a ball's centre lies from a part's outline, less the ball's radius. */
const planGap = (p: AltPart, b: AltBall, R: number): number => {
  if (p.kind === 'rod') {
    const len = Math.hypot(p.b.x - p.a.x, p.b.y - p.a.y);
    const d2 = segmentDistance2(p.a.x, p.a.y, p.b.x, p.b.y, b.x, b.y);
    // The radius at the nearest point along the axis (the larger end's, where the axis is seen end on).
    const s =
      len === 0 ? 0 : ((b.x - p.a.x) * (p.b.x - p.a.x) + (b.y - p.a.y) * (p.b.y - p.a.y)) / (len * len);
    const f = Math.min(1, Math.max(0, s));
    return Math.sqrt(d2) - (p.ra + f * (p.rb - p.ra)) - R;
  }
  // An ellipsoid's plan outline, 256 points round it.
  const e: AltEllipsoid = p;
  let least = Infinity;
  for (let i = 0; i < 256; i++) {
    const a = (2 * Math.PI * i) / 256;
    const x = e.c.x + e.rx * Math.cos(a) * Math.cos(e.yaw) - e.ry * Math.sin(a) * Math.sin(e.yaw);
    const y = e.c.y + e.rx * Math.cos(a) * Math.sin(e.yaw) + e.ry * Math.sin(a) * Math.cos(e.yaw);
    least = Math.min(least, Math.hypot(b.x - x, b.y - y));
  }
  return least - R;
};

/** The least gap (mm, in plan) between any ball and any of the hand's parts. */
const leastGap = (hand: AltPlayer, balls: readonly AltBall[], R: number): number =>
  Math.min(...hand.parts.flatMap((p) => balls.map((b) => planGap(p, b, R))));

describe('a referee’s gloved hand over the table (maroon-referee)', () => {
  it('reaches in over the bed in most frames, a ball radius or more clear of every ball in plan and hiding none from the camera', () => {
    const R = table.ballRadius;
    let hands = 0;
    let least = Infinity;
    for (let seed = 0; seed < 40; seed++) {
      const balls = makeScene(seed % 2 === 0 ? 'random' : 'clusters', seed, table).balls;
      const hand = altReferee(demo, balls, 'maroon-referee', seed);
      if (!hand) continue;
      hands++;
      least = Math.min(least, leastGap(hand, balls, R));
      expect(altInView(demo, balls, hand).every((s) => s === 1)).toBe(true);
      // The glove's back, fingers and thumb over the bed, 70 to 150 mm up; the shoulder out beyond it.
      const [back, ...rest] = hand.parts as [AltEllipsoid, ...AltPart[]];
      expect(back.c.z).toBeGreaterThanOrEqual(70);
      expect(back.c.z).toBeLessThanOrEqual(150);
      for (const p of [back.c, ...rest.slice(0, 5).flatMap((q) => (q.kind === 'rod' ? [q.a, q.b] : []))]) {
        expect(Math.min(p.x, table.width - p.x, p.y, table.length - p.y)).toBeGreaterThan(10);
        expect(p.z).toBeGreaterThan(20);
      }
      const upper = rest[rest.length - 1];
      if (upper?.kind !== 'rod') throw new Error('no upper arm');
      // No more than 300 mm in over the bed (a referee leaning in, a foot on the floor).
      expect(
        Math.min(upper.b.x, table.width - upper.b.x, upper.b.y, table.length - upper.b.y),
      ).toBeLessThanOrEqual(300);
    }
    expect(hands).toBeGreaterThanOrEqual(22);
    expect(hands).toBeLessThanOrEqual(34);
    expect(least).toBeGreaterThanOrEqual(R);
  });

  it('is placed the same from the same seed, and reaches over no other variant’s table', () => {
    const balls = makeScene('random', 3, table).balls;
    const hand = altReferee(demo, balls, 'maroon-referee', 5);
    expect(hand).toBeDefined();
    expect(altReferee(demo, balls, 'maroon-referee', 5)).toEqual(hand);
    expect(ALT_VARIANTS.filter(hasReferee)).toEqual(['maroon-referee']);
    for (const v of ALT_VARIANTS)
      if (!hasReferee(v)) expect(altReferee(demo, balls, v, 5), v).toBeUndefined();
  });

  describe('drawn', () => {
    let hand: AltPlayer;
    let style: AltStyle;
    let with_: RgbImage;
    let without: RgbImage;
    let c: Calibration<Table>;
    const SIZE = 320;

    beforeAll(() => {
      const h = altReferee(demo, [], 'maroon-referee', 5);
      if (!h) throw new Error('no hand');
      hand = h;
      style = altStyle(table, 'maroon-referee', 5);
      const back = hand.parts[0] as AltEllipsoid;
      // A window 320 px square round the hand's back.
      c = windowOn(demo, back.c.x, back.c.y, back.c.z, SIZE);
      with_ = drawn(c, [], { ...style, player: hand });
      without = drawn(c, [], style);
    });

    /** The pixel (r, g, b) of a frame at an image point of the window. */
    const at = (img: RgbImage, u: number, v: number): number[] => {
      const k = 3 * (Math.round(v) * img.width + Math.round(u));
      return [img.data[k] as number, img.data[k + 1] as number, img.data[k + 2] as number];
    };

    it('draws a white glove over the maroon cloth and a dark sleeve behind it', () => {
      const back = hand.parts[0] as AltEllipsoid;
      const p = px(c, back.c.x, back.c.y, back.c.z + back.rz);
      const glove = at(with_, p.u, p.v);
      expect(Math.min(...glove)).toBeGreaterThan(190);
      expect(Math.max(...glove) - Math.min(...glove)).toBeLessThan(24);
      // The cloth there without it: the maroon, its red several times its green.
      const cloth = at(without, p.u, p.v);
      expect(cloth[0] as number).toBeGreaterThan(3 * (cloth[1] as number));
      const forearm = hand.parts[hand.parts.length - 2];
      if (forearm?.kind !== 'rod') throw new Error('no forearm');
      // The forearm's top a quarter of the way up it from the wrist.
      const q = {
        x: forearm.a.x + 0.25 * (forearm.b.x - forearm.a.x),
        y: forearm.a.y + 0.25 * (forearm.b.y - forearm.a.y),
        z: forearm.a.z + 0.25 * (forearm.b.z - forearm.a.z) + forearm.ra,
      };
      const s = px(c, q.x, q.y, q.z);
      if (s.u >= 0 && s.v >= 0 && s.u < SIZE && s.v < SIZE) {
        const sleeve = at(with_, s.u, s.v);
        expect(Math.max(...sleeve)).toBeLessThan(70);
        expect(Math.max(...sleeve) - Math.min(...sleeve)).toBeLessThan(16);
      } else throw new Error('the forearm out of the window');
    });

    it('casts the hand’s soft shadow on the cloth beside it, and changes nothing far from it', () => {
      const parts = hand.parts.map(prepare);
      const eye = cameraCentre(c);
      const back = hand.parts[0] as AltEllipsoid;
      let darkest = 1;
      let shaded = 0;
      let far = 0;
      // Bed points round the hand on a 10 mm grid, those whose ray meets no part.
      for (let dx = -150; dx <= 150; dx += 10)
        for (let dy = -150; dy <= 150; dy += 10) {
          const x = back.c.x + dx;
          const y = back.c.y + dy;
          const [ux, uy, uz] = [x - eye.x, y - eye.y, -eye.z];
          const n = Math.hypot(ux, uy, uz);
          if (parts.some((q) => hitPart(q, eye.x, eye.y, eye.z, ux / n, uy / n, uz / n) < Infinity)) continue;
          const p = px(c, x, y, 0);
          if (p.u < 2 || p.v < 2 || p.u > SIZE - 3 || p.v > SIZE - 3) continue;
          const r = light(at(with_, p.u, p.v)[0] as number) / light(at(without, p.u, p.v)[0] as number);
          darkest = Math.min(darkest, r);
          if (r < 0.95) shaded++;
        }
      // The window's corners' rows, past every part's shadow: the same pixels.
      for (let u = 0; u < 24; u++)
        for (let v = 0; v < 24; v++) if (at(with_, u, v).join() !== at(without, u, v).join()) far++;
      expect(darkest).toBeLessThan(0.8);
      expect(shaded).toBeGreaterThan(20);
      expect(far).toBe(0);
    });
  });
});

describe('an old analogue camera through a capture card (caramel-analogue)', () => {
  /** caramel-analogue's style of seed 11, the card deinterlacing as asked, or no analogue camera at all. */
  const seen = (deinterlace?: 'weave' | 'bob'): AltStyle => {
    const s = altStyle(table, 'caramel-analogue', 11);
    if (!s.analogue) throw new Error('no analogue camera');
    return deinterlace ? { ...s, analogue: { ...s.analogue, deinterlace } } : { ...s, analogue: undefined };
  };
  const luma = (img: RgbImage, k: number): number =>
    0.299 * (img.data[3 * k] as number) +
    0.587 * (img.data[3 * k + 1] as number) +
    0.114 * (img.data[3 * k + 2] as number);
  /** R − Y: the red ball's, the rail's colour against the floor's grey. */
  const redness = (img: RgbImage, k: number): number => (img.data[3 * k] as number) - luma(img, k);

  /** The 10 %–90 % width (px) of a step in a profile, from its first sample's level to its last's. */
  const width = (p: readonly number[]): number => {
    const a = p[0] as number;
    const b = p[p.length - 1] as number;
    /** Where the profile first passes a share of the way from a to b, interpolated. */
    const pass = (f: number): number => {
      const l = a + f * (b - a);
      for (let i = 1; i < p.length; i++)
        if ((p[i] as number) - l !== 0 && Math.sign((p[i] as number) - l) === Math.sign(b - a))
          return i - 1 + (l - (p[i - 1] as number)) / ((p[i] as number) - (p[i - 1] as number));
      return p.length - 1;
    };
    return pass(0.9) - pass(0.1);
  };

  /**
   * The profiles of luma and R − Y across the end rail's outer edge (rail to floor, a line down the
   * frame: across the video's lines), each row's over 21 rows; and down the frame across a long side's
   * (along the lines), each column's over 20 columns. Frames of calibration c (1080 or 2160 rows).
   */
  const edges = (c: Calibration<Table>, s: AltStyle): { across: number[][]; down: number[][] } => {
    const k = c.image.height / 1080;
    const e = px(c, table.width / 2, -190, 0);
    const u0 = 8 * k * Math.round((e.u - 40 * k) / (8 * k));
    const a = drawn(columnsOf(c, u0, 80 * k), [], s);
    const v = Math.round(e.v);
    const across = [luma, redness].map((f) =>
      Array.from({ length: 50 * k }, (_, i) => {
        let sum = 0;
        for (let o = -10; o <= 10; o++) sum += f(a, (v + o) * 80 * k + Math.round(e.u) - u0 - 25 * k + i);
        return sum / 21;
      }),
    );
    const f = px(c, -190, table.length / 2, 0);
    const w0 = 8 * k * Math.round((f.u - 16 * k) / (8 * k));
    const d = drawn(columnsOf(c, w0, 32 * k), [], s);
    const down = [luma, redness].map((g) =>
      Array.from({ length: 30 * k }, (_, i) => {
        let sum = 0;
        for (let o = 6 * k; o < 6 * k + 20; o++) sum += g(d, (Math.round(f.v) - 15 * k + i) * 32 * k + o);
        return sum / 20;
      }),
    );
    return { across, down };
  };

  it('smears the colour across a line twice as wide as the luma’s edge, where the frame drawn without it has sharp edges', () => {
    const plain = edges(demo, seen());
    const tv = edges(demo, seen('weave'));
    const [yPlain, cPlain] = plain.across.map(width) as [number, number];
    const [yTv, cTv] = tv.across.map(width) as [number, number];
    expect(yPlain).toBeLessThan(2);
    expect(cPlain).toBeLessThan(2);
    expect(cTv).toBeGreaterThan(2 * yTv);
    expect(cTv).toBeGreaterThan(10);
  });

  it('keeps the nap’s detail down the frame to 576 rows’ woven and 288’s by bob, at 1080 rows and at 2160', () => {
    /** The luma's RMS step (levels) from a pixel to the next down the frame and across it, over 200 rows (at 1080) of bare cloth. */
    const steps = (c: Calibration<Table>, s: AltStyle): { down: number; across: number } => {
      const k = c.image.height / 1080;
      const p = px(c, table.width / 2, table.length / 2 - 600, 0);
      const w = 128 * k;
      const u0 = 8 * k * Math.round((p.u - w / 2) / (8 * k));
      // A strong nap, the bed's fine texture at every scale.
      const img = drawn(columnsOf(c, u0, w), [], { ...s, nap: 0.1 });
      let down = 0;
      let across = 0;
      let n = 0;
      for (let v = Math.round(p.v) - 100 * k; v < Math.round(p.v) + 100 * k; v++)
        for (let u = 8; u < w - 8; u++) {
          const q = v * w + u;
          down += (luma(img, q + w) - luma(img, q)) ** 2;
          across += (luma(img, q + 1) - luma(img, q)) ** 2;
          n++;
        }
      return { down: Math.sqrt(down / n), across: Math.sqrt(across / n) };
    };
    const got = [demo, scaledCalibration(demo, 2)].map((c) => ({
      plain: steps(c, seen()),
      weave: steps(c, seen('weave')),
      bob: steps(c, seen('bob')),
    }));
    for (const g of got) {
      expect(g.weave.down).toBeLessThan(0.45 * g.plain.down);
      expect(g.bob.down).toBeLessThan(0.7 * g.weave.down);
      expect(Math.abs(g.bob.across / g.weave.across - 1)).toBeLessThan(0.05);
    }
  });

  it('leaves the colour subcarrier’s dots in the luma beside a sharp colour edge, none beside a neutral one or without it', () => {
    /** The luma's RMS difference from its mean over the 8 rows round it, within 10 px of the end cushion's back edge. */
    const dots = (s: AltStyle, cloth: readonly [number, number, number]): number => {
      const e = px(demo, table.width / 2, -50, 0);
      const u0 = 8 * Math.round((e.u - 48) / 8);
      const img = drawn(columnsOf(demo, u0, 96), [], { ...s, cloth });
      const cu = Math.round(e.u) - u0;
      let sum = 0;
      let n = 0;
      for (let v = Math.round(e.v) - 40; v < Math.round(e.v) + 40; v++)
        for (let u = cu - 10; u <= cu + 10; u++) {
          let m = 0;
          for (let o = -4; o < 4; o++) m += luma(img, (v + o) * 96 + u);
          sum += (luma(img, v * 96 + u) - m / 8) ** 2;
          n++;
        }
      return Math.sqrt(sum / n);
    };
    const blue = [20, 40, 200] as const;
    const grey = [60, 60, 60] as const;
    const got = [dots(seen('weave'), blue), dots(seen('weave'), grey), dots(seen(), blue)];
    const [edge, neutral, plain] = got as [number, number, number];
    expect(edge).toBeGreaterThan(2.5);
    expect(neutral).toBeLessThan(1.5);
    expect(plain).toBeLessThan(1.2);
  });

  it('keeps bare cloth’s colour', () => {
    const c = windowOn(demo, table.width / 2, table.length / 2 - 500, 0, 64);
    const a = drawn(c, [], seen('weave'));
    const b = drawn(c, [], seen());
    const mean = (img: RgbImage, ch: number): number => {
      let s = 0;
      for (let k = ch; k < img.data.length; k += 3) s += img.data[k] as number;
      return s / (img.data.length / 3);
    };
    for (const ch of [0, 1, 2]) expect(Math.abs(mean(a, ch) - mean(b, ch))).toBeLessThan(0.5);
  });
});

describe('held-out 36’s variants', () => {
  it('has a maroon cloth 36 code values or more from every older cloth, and a caramel one 47 or more', () => {
    expectClothsApart([
      ['maroon', 36],
      ['caramel', 47],
    ]);
  });

  it('gives maroon-referee a twenty-ninth maker’s set, each coloured ball 33 code values or more from every older set’s', () => {
    expectNewMakersSet('maroon-referee', 29, 33);
  });

  it('draws an analogue camera in caramel-analogue alone, in no older split’s case, and a hand in none', () => {
    const older: AltSplit[] = [
      'tuning',
      'held-out',
      'held-out-22',
      'held-out-28',
      'held-out-34',
      'held-out-35',
    ];
    expectDrawnOnlyBy((s) => s.analogue !== undefined, ['caramel-analogue'], older);
    for (const split of older)
      for (const k of altCases(demo, split, 1, '1080p')) expect(k.style.player, k.name).toBeUndefined();
  });
});

describe('bench/detect-alt’s held-out 36', () => {
  it('draws every held-out 36 frame in its variant, the truth the layout’s balls (the cue ball still `cue`)', () => {
    expectSplitDrawn(
      'held-out-36',
      { hd: 12_100_000, uhd: 12_150_000 },
      ['maroon-referee', 'caramel-analogue'],
      (k, variant) => {
        if (variant === 'maroon-referee') expect(k.style.ballColours, k.name).toBeDefined();
        else expect(k.style.analogue?.rows, k.name).toBe(576);
      },
    );
  });

  it('lays the referee’s hand over the bed in most of maroon-referee’s frames, a ball radius or more clear of every ball, hiding none', () => {
    let hands = 0;
    let frames = 0;
    for (const [res, c, per] of [
      ['1080p', demo, 3],
      ['4K', scaledCalibration(demo, 2), 1],
    ] as const)
      for (const k of altCases(c, 'held-out-36', per, res)) {
        if (!k.name.includes('maroon-referee')) {
          expect(k.style.player, k.name).toBeUndefined();
          continue;
        }
        frames++;
        const hand = k.style.player;
        if (!hand) continue;
        hands++;
        expect(leastGap(hand, k.balls, table.ballRadius), k.name).toBeGreaterThanOrEqual(table.ballRadius);
        expect(
          altInView(k.calibration, k.balls, hand).every((s) => s === 1),
          k.name,
        ).toBe(true);
      }
    expect(frames).toBe(12);
    expect(hands).toBeGreaterThanOrEqual(6);
  });

  it('lays the hand’s shadow over a ball in some of those frames (the referee reaching for one)', () => {
    let shaded = 0;
    for (const [res, c, per] of [
      ['1080p', demo, 3],
      ['4K', scaledCalibration(demo, 2), 1],
    ] as const)
      for (const k of altCases(c, 'held-out-36', per, res)) {
        const hand = k.style.player;
        if (!hand) continue;
        const back = hand.parts[0] as AltEllipsoid;
        const s = c.image.height / 1080;
        const R = table.ballRadius;
        for (const b of k.balls.filter((q) => Math.hypot(q.x - back.c.x, q.y - back.c.y) < 250)) {
          // A window 32 px (at 1080 rows) round the ball, drawn with the hand and without it: the share
          // of its pixels within 0.8 of its radius 10 % or more darker in green.
          const w = windowOn(k.calibration, b.x, b.y, table.ballCentreHeight, 32 * s);
          const a = drawn(w, k.balls, k.style);
          const o = drawn(w, k.balls, { ...k.style, player: undefined });
          const mid = px(w, b.x, b.y, table.ballCentreHeight);
          const r = 0.8 * (px(w, b.x, b.y + R, table.ballCentreHeight).u - mid.u);
          let inner = 0;
          let darker = 0;
          for (let v = 0; v < 32 * s; v++)
            for (let u = 0; u < 32 * s; u++) {
              if (Math.hypot(u - mid.u, v - mid.v) >= r) continue;
              const q = 3 * (v * 32 * s + u) + 1;
              inner++;
              if (light(a.data[q] as number) < 0.9 * light(o.data[q] as number)) darker++;
            }
          if (darker >= 0.1 * inner) shaded++;
        }
      }
    expect(shaded).toBeGreaterThanOrEqual(2);
  });
});
