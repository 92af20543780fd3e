// A match-night club table and a cheap webcam, for the second renderer's held-out 35 (src/sim/alt/
// render.ts, style.ts): a freshly brushed cloth's lanes of sheen down the table's length and the
// shadows of people standing beside it (denim-brushed), and a 720p webcam's frame scaled up to the
// capture's size (seafoam-720p). Each effect is measured against what it is drawn from, the frame drawn
// with it and without it, without sensor noise, in the linear light the tone curve's inverse gives back:
// each lane lighter or darker by its lift times the sheen where it is seen, strongest towards a lamp's
// mirror image; an onlooker's shadow taking the light of the lamp they hide and nothing elsewhere, on a
// ball in it as on the bed; through the webcam a chalk line keeping as little of its contrast at 2160
// rows as at 1080 (720 rows' detail at either), and its Bayer filter's false colour at a neutral ball's
// rim where the frame drawn at its size has none, its MJPEG's loss round balls. Every held-out 35 frame
// is its layout's balls in its variant, onlookers' shadows over balls in some. Only held-out 35's two
// variants have any of it, no older split's case; no frame of held-out 35 is detected here.
import { beforeAll, describe, expect, it } from 'vitest';
import { altCases } from '../bench/detect-alt.ts';
import { cameraCentre, type Calibration } from '../src/camera/index.ts';
import type { RgbImage } from '../src/core/image.ts';
import type { Table } from '../src/equipment/index.ts';
import {
  altStyle,
  type AltBall,
  type AltLamp,
  type AltOnlooker,
  type AltSheen,
  type AltStyle,
} from '../src/sim/alt/index.ts';
import {
  expectClothsApart,
  expectDrawnOnlyBy,
  expectNewMakersSet,
  expectSplitDrawn,
} from './helpers/alt-split.ts';
import { columnsOf, light, px, windowOn, drawn } from './helpers/alt-window.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import { makeScene, scaledCalibration } from './vision-scenes.ts';

let demo: Calibration<Table>;
let table: Table;

beforeAll(() => {
  demo = loadDemoCalibration();
  table = demo.table;
});

/** A channel's mean light over a frame with an effect over the same without it. */
const meanRatio = (a: RgbImage, b: RgbImage, ch: number): number => {
  let sum = 0;
  for (let k = ch; k < a.data.length; k += 3) sum += light(a.data[k] as number) / light(b.data[k] as number);
  return sum / (a.data.length / 3);
};

const brushed = (seed = 11): AltStyle & { sheen: AltSheen; onlookers: readonly AltOnlooker[] } => {
  const s = altStyle(table, 'denim-brushed', seed);
  if (!s.sheen || !s.onlookers) throw new Error('no sheen or onlookers');
  return s as AltStyle & { sheen: AltSheen; onlookers: readonly AltOnlooker[] };
};

/** The strength of the sheen's lobe at bed point (x, y): cos^lobe of the nearest lamp to the mirrored ray. */
const glint = (
  c: Calibration<Table>,
  lamps: readonly AltLamp[],
  lobe: number,
  x: number,
  y: number,
): number => {
  const o = cameraCentre(c);
  const r = [x - o.x, y - o.y, o.z];
  const rn = Math.hypot(r[0] as number, r[1] as number, r[2] as number);
  return Math.max(
    ...lamps.map((l) => {
      const d = [l.x - x, l.y - y, l.z];
      const cos =
        ((r[0] as number) * (d[0] as number) + (r[1] as number) * (d[1] as number) + (r[2] as number) * l.z) /
        (rn * Math.hypot(d[0] as number, d[1] as number, d[2] as number));
      return cos > 0 ? cos ** lobe : 0;
    }),
  );
};

/** Where on the bed the middle of an onlooker's head's shadow from lamp l falls. */
const headShadow = (o: AltOnlooker, l: AltLamp): { x: number; y: number } => {
  const z = o.height + 0.8 * o.head;
  const t = l.z / (l.z - z);
  return { x: l.x + t * (o.x - l.x), y: l.y + t * (o.y - l.y) };
};

/** The lamps' shares of the light at bed point (x, y), as the renderer weighs them for a shadow (power / d²). */
const shares = (lamps: readonly AltLamp[], x: number, y: number): number[] => {
  const w = lamps.map((l) => l.power / ((l.x - x) ** 2 + (l.y - y) ** 2 + l.z ** 2));
  const all = w.reduce((p, q) => p + q, 0);
  return w.map((q) => q / all);
};

describe('a freshly brushed cloth’s lanes of sheen (denim-brushed)', () => {
  it('lights each lane by its lift times the sheen drawn (4 to 8 %), lane by lane across the bed', () => {
    const s = brushed();
    const sh = { ...s.sheen, floor: 1 };
    const base: AltStyle = { ...s, onlookers: undefined, sheen: undefined };
    expect(sh.amount).toBeGreaterThanOrEqual(0.04);
    expect(sh.amount).toBeLessThanOrEqual(0.08);
    const measured = sh.lanes.map((lift, i) => {
      // A window 24 px (about 40 mm) across at the lane's middle, between the pink and black spots.
      const c = windowOn(demo, (i + 0.5) * sh.width, 0.85 * table.length, 0, 24);
      const got = meanRatio(drawn(c, [], { ...base, sheen: sh }), drawn(c, [], base), 2);
      expect(Math.abs(got - (1 + sh.amount * lift)), `lane ${i}`).toBeLessThan(0.004);
      return got;
    });
    // The lanes alternate, lighter and darker, by their lifts' spread of the sheen.
    const drawnSpread = sh.amount * (Math.max(...sh.lanes) - Math.min(...sh.lanes));
    expect(Math.max(...measured) - Math.min(...measured)).toBeCloseTo(drawnSpread, 2);
    measured
      .slice(1)
      .forEach((m, i) => expect(Math.sign(m - 1)).toBe(-Math.sign((measured[i] as number) - 1)));
  });

  it('shows the lanes most where a lamp lies in the mirror of the camera’s ray, a quarter of it far from every such place', () => {
    const s = brushed();
    const base: AltStyle = { ...s, onlookers: undefined, sheen: undefined };
    const i = s.sheen.lanes.length >> 1;
    const x = (i + 0.5) * s.sheen.width;
    const lift = s.sheen.lanes[i] as number;
    const seen = [0.08, 0.3, 0.5, 0.85].map((f) => {
      const y = f * table.length;
      const c = windowOn(demo, x, y, 0, 16);
      const got = meanRatio(drawn(c, [], { ...base, sheen: s.sheen }), drawn(c, [], base), 2);
      const g = glint(demo, s.lamps, s.sheen.lobe, x, y);
      const want = 1 + s.sheen.amount * lift * (s.sheen.floor + (1 - s.sheen.floor) * g);
      expect(Math.abs(got - want), `at ${f} of the length`).toBeLessThan(0.004);
      return { got, g };
    });
    // Both near a lamp's mirror image and far from every one among the places looked at.
    expect(Math.max(...seen.map((q) => q.g))).toBeGreaterThan(0.8);
    expect(Math.min(...seen.map((q) => q.g))).toBeLessThan(0.3);
  });
});

describe('onlookers’ shadows (denim-brushed)', () => {
  it('darkens the bed under an onlooker’s head’s shadow by the share of the wall light they hide (20 to 45 %), and nothing far from it', () => {
    let looked = 0;
    for (const seed of [11, 12, 13, 14, 15, 16]) {
      const s = brushed(seed);
      for (const o of s.onlookers) {
        // The wall light behind them: the lamp on their side of the table.
        const li = s.lamps.findIndex(
          (l) => Math.sign(l.x - table.width / 2) === Math.sign(o.x - table.width / 2),
        );
        const lamp = s.lamps[li] as AltLamp;
        const p = headShadow(o, lamp);
        if (p.x < 60 || p.x > table.width - 60 || p.y < 60 || p.y > table.length - 60) continue;
        looked++;
        const one: AltStyle = { ...s, sheen: undefined, onlookers: [o] };
        const none: AltStyle = { ...one, onlookers: undefined };
        const c = windowOn(demo, p.x, p.y, 0, 5);
        const got = meanRatio(drawn(c, [], one), drawn(c, [], none), 1);
        const want = 1 - (shares(s.lamps, p.x, p.y)[li] as number);
        expect(Math.abs(got - want), `seed ${seed}`).toBeLessThan(0.012);
        expect(want).toBeGreaterThan(0.55);
        expect(want).toBeLessThan(0.8);
        // A metre along the table from it, well out of their shadow: every pixel as without them.
        const far = windowOn(demo, p.x, p.y < table.length / 2 ? p.y + 1000 : p.y - 1000, 0, 16);
        expect(drawn(far, [], one).data).toEqual(drawn(far, [], none).data);
      }
    }
    expect(looked).toBeGreaterThanOrEqual(3);
  });

  it('shades a ball in an onlooker’s shadow, its flank towards the wall light darker and none of it lighter', () => {
    const s = brushed(11);
    const o = s.onlookers[0] as AltOnlooker;
    const li = s.lamps.findIndex(
      (l) => Math.sign(l.x - table.width / 2) === Math.sign(o.x - table.width / 2),
    );
    const p = headShadow(o, s.lamps[li] as AltLamp);
    const ball: AltBall = { id: 'cue', x: Math.min(table.width - 60, Math.max(60, p.x)), y: p.y };
    const one: AltStyle = { ...s, sheen: undefined, onlookers: [o] };
    const none: AltStyle = { ...one, onlookers: undefined };
    const c = windowOn(demo, ball.x, ball.y, table.ballCentreHeight, 48);
    const a = drawn(c, [ball], one);
    const b = drawn(c, [ball], none);
    const centre = px(c, ball.x, ball.y, table.ballCentreHeight);
    const rim = px(c, ball.x + table.ballRadius, ball.y, table.ballCentreHeight);
    const r = Math.hypot(rim.u - centre.u, rim.v - centre.v);
    let inside = 0;
    let darker = 0;
    for (let v = 0; v < 48; v++)
      for (let u = 0; u < 48; u++) {
        if (Math.hypot(u - centre.u, v - centre.v) > 0.8 * r) continue;
        inside++;
        const k = 3 * (v * 48 + u) + 1;
        expect(a.data[k] as number).toBeLessThanOrEqual(b.data[k] as number);
        if (light(a.data[k] as number) < 0.9 * light(b.data[k] as number)) darker++;
      }
    expect(inside).toBeGreaterThan(100);
    expect(darker).toBeGreaterThan(0.2 * inside);
  });

  it('stands one or two onlookers beyond a long side, out of the frame, where some of their shadows fall on the bed', () => {
    let onBed = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const s = brushed(seed);
      expect(s.onlookers.length).toBeGreaterThanOrEqual(1);
      expect(s.onlookers.length).toBeLessThanOrEqual(2);
      for (const o of s.onlookers) {
        expect(Math.max(-o.x, o.x - table.width)).toBeGreaterThanOrEqual(550);
        // Their head's top beyond the frame's edge.
        const top = px(demo, o.x, o.y, o.height + 2 * o.head);
        expect(top.v < 0 || top.v > demo.image.height).toBe(true);
        const l = s.lamps.find((q) => Math.sign(q.x - table.width / 2) === Math.sign(o.x - table.width / 2));
        const p = headShadow(o, l as AltLamp);
        if (p.x > 0 && p.x < table.width) onBed++;
      }
    }
    expect(onBed).toBeGreaterThan(20);
  });
});

/**
 * A thin bright line running down a frame's columns: its most over each row's median (its cloth), in
 * the mean over the rows.
 */
const linePeak = (img: RgbImage): number => {
  let peak = 0;
  for (let v = 0; v < img.height; v++) {
    const g = Array.from({ length: img.width }, (_, u) => img.data[3 * (v * img.width + u) + 1] as number);
    const cloth = [...g].sort((p, q) => p - q)[g.length >> 1] as number;
    peak += Math.max(...g) - cloth;
  }
  return peak / img.height;
};

describe('a 720p webcam’s frame scaled up (seafoam-720p)', () => {
  /** A grey, neutral frame (no noise, a white balance of 1) of seafoam-720p's, with its webcam or without. */
  const neutral = (webcam: boolean): AltStyle => {
    const s = altStyle(table, 'seafoam-720p', 11);
    return {
      ...s,
      cloth: [110, 110, 110],
      whiteBalance: [1, 1, 1],
      ...(webcam ? {} : { webcam: undefined }),
    };
  };

  it('blurs a chalk line over its 720 rows’ worth: as little of its contrast kept at 2160 rows as at 1080', () => {
    const line = table.marks?.lines.find((l) => l.a.y === l.b.y);
    if (!line) throw new Error('no line across the table');
    const kept = [1, 2].map((k) => {
      const c = k === 1 ? demo : scaledCalibration(demo, k);
      // 40 rows (at 1080) of the line where it crosses the bed clear of the D, 12 columns round it.
      const p = px(c, table.width / 2 + 600, line.a.y, 0);
      const strip = columnsOf(c, 3 * Math.round((p.u - 6 * k) / 3), 12 * k);
      const v0 = Math.round(p.v) - 20 * k;
      const cut = (img: RgbImage): RgbImage => ({
        width: img.width,
        height: 40 * k,
        data: img.data.slice(3 * v0 * img.width, 3 * (v0 + 40 * k) * img.width),
      });
      return linePeak(cut(drawn(strip, [], neutral(true)))) / linePeak(cut(drawn(strip, [], neutral(false))));
    });
    const [hd, uhd] = kept as [number, number];
    // Spread over 720 rows' pixels (1.5 of a 1080p frame's, 3 of a 4K one's) and coded, the line keeps
    // the same share of its contrast at either size, well under half of it.
    expect(hd).toBeLessThan(0.4);
    expect(Math.abs(uhd - hd)).toBeLessThan(0.06);
  });

  it('fringes a neutral ball’s rim with false colour, the Bayer filter’s, where the frame drawn at its size has none', () => {
    /** The most any pixel's channels differ in a frame. */
    const spread = (img: RgbImage): number => {
      let most = 0;
      for (let k = 0; k < img.data.length; k += 3) {
        const a = [img.data[k], img.data[k + 1], img.data[k + 2]] as number[];
        most = Math.max(most, Math.max(...a) - Math.min(...a));
      }
      return most;
    };
    // A neutral black ball on the grey cloth at four places a fraction of a pixel apart, in 48 columns
    // of the frame's full height round it (32 of the webcam's).
    const pale: AltStyle = { ...neutral(true), cloth: [200, 200, 200], ballColours: { black: [20, 20, 20] } };
    const fringes = [0, 0.7, 1.9, 3.1].map((d) => {
      const ball: AltBall = { id: 'black', x: table.width / 2 + 300 + d, y: table.length / 2 + d };
      const mid = px(demo, ball.x, ball.y, table.ballCentreHeight);
      const strip = columnsOf(demo, 3 * Math.round((mid.u - 24) / 3), 48);
      const v0 = Math.round(mid.v) - 40;
      const rows = (img: RgbImage): RgbImage => ({
        width: 48,
        height: 80,
        data: img.data.slice(3 * v0 * 48, 3 * (v0 + 80) * 48),
      });
      const plain = spread(rows(drawn(strip, [ball], { ...pale, webcam: undefined })));
      expect(plain, `${d} mm`).toBeLessThanOrEqual(3);
      // Bare cloth, 200 rows past the ball: as neutral through the webcam.
      const bare = drawn(strip, [ball], pale);
      expect(
        spread({ width: 48, height: 60, data: bare.data.slice(3 * (v0 + 200) * 48, 3 * (v0 + 260) * 48) }),
      ).toBeLessThanOrEqual(3);
      return spread(rows(bare));
    });
    // As much as 12 levels between a pixel's channels where the drawn frame has 3 at most, and some
    // at every place the ball was put.
    expect(Math.max(...fringes)).toBeGreaterThanOrEqual(12);
    expect(Math.min(...fringes)).toBeGreaterThan(3);
  });
  it('codes its 720p frame as MJPEG at quality 60: round a pack of balls a few levels from the frame coded at 100, bare cloth within 2', () => {
    const balls = makeScene('opening', 3, table).balls;
    const pink = balls.find((b) => b.id === 'pink') as AltBall;
    const p = px(demo, pink.x, pink.y, table.ballCentreHeight);
    // 96 columns of the frame's full height (64 of the webcam's) from the pink to the pack's middle.
    const strip = columnsOf(demo, 3 * Math.round((p.u - 12) / 3), 96);
    const s = altStyle(table, 'seafoam-720p', 11);
    expect(s.webcam?.quality).toBe(60);
    const coarse = drawn(strip, balls, s);
    const fine = drawn(strip, balls, { ...s, webcam: { rows: 720, quality: 100 } });
    /** The RMS difference (levels) of the two frames over rows v0 to v1. */
    const rms = (v0: number, v1: number): number => {
      let sum = 0;
      for (let k = 3 * v0 * 96; k < 3 * v1 * 96; k++)
        sum += ((coarse.data[k] as number) - (fine.data[k] as number)) ** 2;
      return Math.sqrt(sum / (3 * (v1 - v0) * 96));
    };
    const v = Math.round(p.v);
    expect(rms(v - 60, v + 60)).toBeGreaterThan(3);
    expect(rms(v - 60, v + 60)).toBeLessThan(8);
    expect(rms(v + 200, v + 320)).toBeLessThan(2);
  });
});

describe('held-out 35’s variants', () => {
  it('has a denim cloth 39 code values or more from every older cloth, and a seafoam one 48 or more', () => {
    expectClothsApart([
      ['denim', 39],
      ['seafoam', 48],
    ]);
  });

  it('gives denim-brushed a twenty-eighth maker’s set, each coloured ball 33 code values or more from every older set’s', () => {
    expectNewMakersSet('denim-brushed', 28, 33);
  });

  it('draws lanes of sheen and onlookers in denim-brushed alone and a webcam in seafoam-720p alone, in no older split’s case', () => {
    const older = ['tuning', 'held-out', 'held-out-22', 'held-out-29', 'held-out-33', 'held-out-34'] as const;
    expectDrawnOnlyBy((s) => s.sheen !== undefined, ['denim-brushed'], older);
    expectDrawnOnlyBy((s) => s.onlookers !== undefined, ['denim-brushed'], older);
    expectDrawnOnlyBy((s) => s.webcam !== undefined, ['seafoam-720p'], older);
  });
});

describe('bench/detect-alt’s held-out 35', () => {
  it('draws every held-out 35 frame in its variant, the truth the layout’s balls (the cue ball still `cue`)', () => {
    expectSplitDrawn(
      'held-out-35',
      { hd: 12_000_000, uhd: 12_050_000 },
      ['denim-brushed', 'seafoam-720p'],
      (k, variant) => {
        if (variant === 'denim-brushed')
          expect(k.style.sheen && k.style.onlookers && k.style.ballColours, k.name).toBeDefined();
        else expect(k.style.webcam?.rows, k.name).toBe(720);
      },
    );
  });

  it('lays an onlooker’s head’s shadow over balls in some of denim-brushed’s frames', () => {
    let over = 0;
    for (const k of altCases(demo, 'held-out-35', 3, '1080p')) {
      const s = k.style;
      for (const o of s.onlookers ?? []) {
        const l = s.lamps.find((q) => Math.sign(q.x - table.width / 2) === Math.sign(o.x - table.width / 2));
        const p = headShadow(o, l as AltLamp);
        // Within the head's shadow's umbra, its radius seen from the lamp on the bed (less its soft edge).
        const reach = (o.head * (l as AltLamp).z) / ((l as AltLamp).z - o.height - 0.8 * o.head) - 60;
        over += k.balls.filter((b) => Math.hypot(b.x - p.x, b.y - p.y) < reach).length;
      }
    }
    expect(over).toBeGreaterThanOrEqual(3);
  });
});
