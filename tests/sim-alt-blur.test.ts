// Balls in motion in the second renderer (src/sim/alt/render.ts): a moving ball (AltBall.vx, vy) is
// drawn blurred over the style's shutter time, its image and its shadow the mean of theirs along its
// path. Checked on a half-size frame without noise, against the same table empty: a still ball is
// drawn to the bit as before, with or without a shutter and beside a moving ball; a moving ball's
// streak runs along its path, centred where the truth puts it (the middle of the exposure), as wide
// across as the ball and longer along by about its blur, its shadow lighter at its darkest; a faster
// ball's streak is longer; and the same frame is drawn to the same pixels.
import { beforeAll, describe, expect, it } from 'vitest';
import { project, type Calibration } from '../src/camera/index.ts';
import type { RgbImage } from '../src/core/image.ts';
import { mm } from '../src/core/units.ts';
import type { Table } from '../src/equipment/index.ts';
import { altStyle, renderAlt, type AltBall, type AltStyle } from '../src/sim/alt/index.ts';
import { ALT_SNOOKER_PALETTE } from './helpers/alt-palette.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import { scaledCalibration } from './vision-scenes.ts';

let half: Calibration<Table>;
let table: Table;
let plain: AltStyle;
let empty: RgbImage;

const SHUTTER = 1 / 50;

beforeAll(() => {
  half = scaledCalibration(loadDemoCalibration(), 0.5);
  table = half.table;
  plain = { ...altStyle(table, 'tournament', 1), noise: 0, shutter: SHUTTER };
  empty = renderAlt(half, ALT_SNOOKER_PALETTE, [], plain, 7).image;
});

const draw = (balls: readonly AltBall[], style: AltStyle = plain): RgbImage =>
  renderAlt(half, ALT_SNOOKER_PALETTE, balls, style, 7).image;

/** Where a ball's centre at (x, y) on the bed is in the image. */
const at = (x: number, y: number): [number, number] => {
  const p = project(half, { x: mm(x), y: mm(y), z: mm(table.ballCentreHeight) });
  return [p.u, p.v];
};

/** A frame's luma less the empty table's, at image point (u, v), bilinear. */
const excess = (img: RgbImage, u: number, v: number): number => {
  const i = Math.floor(u);
  const j = Math.floor(v);
  const luma = (im: RgbImage, a: number, b: number): number => {
    const k = 3 * (b * im.width + a);
    return (
      0.299 * (im.data[k] as number) + 0.587 * (im.data[k + 1] as number) + 0.114 * (im.data[k + 2] as number)
    );
  };
  const d = (a: number, b: number): number => luma(img, a, b) - luma(empty, a, b);
  const tx = u - i;
  const ty = v - j;
  return (
    (d(i, j) * (1 - tx) + d(i + 1, j) * tx) * (1 - ty) + (d(i, j + 1) * (1 - tx) + d(i + 1, j + 1) * tx) * ty
  );
};

/**
 * Where a white ball's image lies along the line through (u, v) in the unit direction (eu, ev): the
 * first and last points (px, from (u, v)) brighter than the empty table by `floor` code values (a low floor: a streak's ends fade).
 */
const extent = (
  img: RgbImage,
  [u, v]: [number, number],
  [eu, ev]: [number, number],
  floor: number,
): [number, number] => {
  let lo = Infinity;
  let hi = -Infinity;
  for (let s = -40; s <= 40; s += 0.125) {
    if (excess(img, u + s * eu, v + s * ev) > floor) {
      lo = Math.min(lo, s);
      hi = Math.max(hi, s);
    }
  }
  return [lo, hi];
};

/** The darkest the frame is against the empty table within `r` px of (u, v): its shadow's. */
const darkest = (img: RgbImage, [u, v]: [number, number], r: number): number => {
  let m = 0;
  for (let j = Math.floor(v - r); j <= v + r; j++)
    for (let i = Math.floor(u - r); i <= u + r; i++) m = Math.min(m, excess(img, i, j));
  return m;
};

const same = (a: RgbImage, b: RgbImage): boolean => Buffer.from(a.data).equals(Buffer.from(b.data));

describe('balls in motion', () => {
  // A cue ball mid-table rolling along the table's length at `speed` mm/s, and the image's unit
  // direction of its path; a still one there.
  const rolling = (speed: number): AltBall => ({
    id: 'cue',
    x: table.width / 2,
    y: table.length / 2,
    vx: 0,
    vy: speed,
  });
  let still: AltBall;
  beforeAll(() => {
    still = { id: 'cue', x: table.width / 2, y: table.length / 2 };
  });
  const along = (): [number, number] => {
    const a = at(table.width / 2, table.length / 2 - 50);
    const b = at(table.width / 2, table.length / 2 + 50);
    const n = Math.hypot(b[0] - a[0], b[1] - a[1]);
    return [(b[0] - a[0]) / n, (b[1] - a[1]) / n];
  };
  /** Pixels per mm along the path, at the ball. */
  const scale = (): number => {
    const a = at(table.width / 2, table.length / 2 - 50);
    const b = at(table.width / 2, table.length / 2 + 50);
    return Math.hypot(b[0] - a[0], b[1] - a[1]) / 100;
  };

  it('draws a still ball to the bit as before: with a shutter, and beside a moving ball', () => {
    const before = draw([still], { ...plain, shutter: undefined });
    expect(same(draw([still]), before)).toBe(true);
    expect(same(draw([{ ...still, vx: 0, vy: 0 }]), before)).toBe(true);
    // A ball rolling a metre off: every pixel within 80 px of the still one's as before.
    const far: AltBall = { id: 'red', x: table.width / 2, y: table.length / 2 + 1000, vx: 2000, vy: 0 };
    const beside = draw([still, far]);
    const [u0, v0] = at(still.x, still.y);
    let checked = 0;
    for (let v = Math.round(v0 - 80); v <= v0 + 80; v++)
      for (let u = Math.round(u0 - 80); u <= u0 + 80; u++)
        for (let ch = 0; ch < 3; ch++) {
          const k = 3 * (v * half.image.width + u) + ch;
          expect(beside.data[k]).toBe(before.data[k]);
          checked++;
        }
    expect(checked).toBeGreaterThan(3 * 150 * 150);
    // ...and the rolling one is drawn.
    expect(same(beside, draw([still, { ...far, vx: 0 }]))).toBe(false);
  });

  it('smears a moving ball along its path, the streak centred at the middle of the exposure', () => {
    const e = along();
    const mid = at(still.x, still.y);
    const blurPx = 2000 * SHUTTER * scale();
    const sharp = draw([still]);
    const moving = draw([rolling(2000)]);
    const [a0, a1] = extent(sharp, mid, e, 12);
    const [b0, b1] = extent(moving, mid, e, 12);
    // Longer along its path by most of its blur (the streak's ends fade: a point there is covered for
    // a short part of the exposure only), centred where the truth puts it.
    expect(b1 - b0 - (a1 - a0)).toBeGreaterThan(0.5 * blurPx);
    expect(b1 - b0 - (a1 - a0)).toBeLessThan(1.1 * blurPx);
    expect(Math.abs((b0 + b1) / 2 - (a0 + a1) / 2)).toBeLessThan(0.5);
    expect(Math.abs((b0 + b1) / 2)).toBeLessThan(1);
    // As wide as the ball across it.
    const across: [number, number] = [-e[1], e[0]];
    const [c0, c1] = extent(sharp, mid, across, 12);
    const [d0, d1] = extent(moving, mid, across, 12);
    expect(Math.abs(d1 - d0 - (c1 - c0))).toBeLessThan(1.5);
    // Its shadow blurred with it: lighter at its darkest.
    expect(darkest(moving, mid, 20)).toBeGreaterThan(darkest(sharp, mid, 20) + 3);
  });

  it('draws a faster ball’s streak longer', () => {
    const e = along();
    const mid = at(still.x, still.y);
    const [s0, s1] = extent(draw([rolling(1000)]), mid, e, 12);
    const [f0, f1] = extent(draw([rolling(3000)]), mid, e, 12);
    const blurPx = 2000 * SHUTTER * scale();
    expect(f1 - f0 - (s1 - s0)).toBeGreaterThan(0.5 * blurPx);
    expect(f1 - f0 - (s1 - s0)).toBeLessThan(1.1 * blurPx);
  });

  it('draws the same frame with a moving ball to the same pixels', () => {
    const balls = [rolling(2500), { id: 'red', x: table.width / 2 + 60, y: table.length / 2 + 10 }];
    expect(same(draw(balls), draw(balls))).toBe(true);
  });
});
