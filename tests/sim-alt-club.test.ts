// What a real club table has that no older variant drew, for the second renderer's held-out 31
// (src/sim/alt/render.ts, style.ts): a spotted cue ball (six red dots on the axes of a cube turned at
// random, from overhead 1 to 3 showing), blue chalk smudged on it and dabbed on the cloth, and a polished
// set mirroring the room (the cloth in each ball's rim, the lamps' canopy over its top, a window's panes
// on its side). Checked on small windows of the demo camera's frame at 4K without noise (a crop:
// the same camera, its principal point moved), each against the truth it is drawn from: where the dots,
// the smudges and the dabs are, and what a ball's surface reflects there; and only held-out 31's two
// variants have them, no older split's case. bench/detect-alt's held-out 31 draws all its frames with
// them, its truth the layouts' balls. No frame of held-out 31 is detected here.
import { beforeAll, describe, expect, it } from 'vitest';
import { cameraCentre, type Calibration } from '../src/camera/index.ts';
import type { RgbImage } from '../src/core/image.ts';
import type { Table } from '../src/equipment/index.ts';
import {
  ALT_CLOTH,
  altStyle,
  renderAlt,
  type AltBall,
  type AltBallMark,
  type AltStyle,
} from '../src/sim/alt/index.ts';
import { ALT_SNOOKER_PALETTE } from './helpers/alt-palette.ts';
import { at, px, windowOn } from './helpers/alt-window.ts';
import { expectDrawnOnlyBy, expectSplitDrawn } from './helpers/alt-split.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import { scaledCalibration } from './vision-scenes.ts';

let demo: Calibration<Table>;
let uhd: Calibration<Table>;
let table: Table;

beforeAll(() => {
  demo = loadDemoCalibration();
  uhd = scaledCalibration(demo, 2);
  table = demo.table;
});

type Vec = readonly [number, number, number];
const unit = (v: Vec): Vec => {
  const n = Math.hypot(...v);
  return [v[0] / n, v[1] / n, v[2] / n];
};
const dot = (a: Vec, b: Vec): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** The unit vector from a ball's centre to the camera: the surface facing it is what the camera sees. */
const toCamera = (b: AltBall): Vec => {
  const e = cameraCentre(demo);
  return unit([e.x - b.x, e.y - b.y, e.z - table.ballCentreHeight]);
};

/** The point of a ball's surface with outward normal n, and its pixel through c. */
const onBall = (c: Calibration<Table>, b: AltBall, n: Vec): { u: number; v: number } => {
  const R = table.ballRadius;
  return px(c, b.x + R * n[0], b.y + R * n[1], table.ballCentreHeight + R * n[2]);
};

/** A ball's disc in c's image: its centre's image, and the image distance to its outline seen from the camera. */
const discOf = (c: Calibration<Table>, b: AltBall): { centre: { u: number; v: number }; radius: number } => {
  const v = toCamera(b);
  // A direction square to the line of sight: its point on the ball is on the outline.
  const e = unit([1 - v[0] * v[0], -v[0] * v[1], -v[0] * v[2]]);
  const centre = px(c, b.x, b.y, table.ballCentreHeight);
  const edge = onBall(c, b, e);
  return { centre, radius: Math.hypot(edge.u - centre.u, edge.v - centre.v) };
};

/** Points spread evenly over the unit sphere (a Fibonacci lattice). */
const SPHERE: readonly Vec[] = Array.from({ length: 2000 }, (_, i) => {
  const z = 1 - (2 * i + 1) / 2000;
  const a = i * Math.PI * (3 - Math.sqrt(5));
  const r = Math.sqrt(1 - z * z);
  return [r * Math.cos(a), r * Math.sin(a), z] as const;
});

const normal = (m: AltBallMark): Vec => [m.nx, m.ny, m.nz];
const isDot = (m: AltBallMark): boolean => m.opacity === 1;

/** A ball alone, drawn in a 4K window round it without noise. */
const drawn = (b: AltBall, style: AltStyle, size = 96): { c: Calibration<Table>; img: RgbImage } => {
  const c = windowOn(uhd, b.x, b.y, table.ballCentreHeight, size);
  return { c, img: renderAlt(c, ALT_SNOOKER_PALETTE, [b], { ...style, noise: 0 }, 7).image };
};

describe('a spotted cue ball', () => {
  it('has its six dots on the axes of a cube turned at random by the seed, 1 to 3 of them facing the camera', () => {
    const cue: AltBall = { id: 'cue', x: table.width / 2 + 200, y: table.length * 0.4 };
    const v = toCamera(cue);
    const turns = new Set<string>();
    for (let seed = 1; seed <= 200; seed++) {
      const dots = (altStyle(table, 'apricot-spotted', seed).ballMarks?.cue ?? []).filter(isDot);
      expect(dots).toHaveLength(6);
      for (const a of dots)
        for (const b of dots) {
          const c = dot(normal(a), normal(b));
          expect(a === b || Math.abs(c) < 1e-9 || Math.abs(c + 1) < 1e-9).toBe(true);
        }
      for (const d of dots) expect(2 * d.radius).toBeGreaterThanOrEqual(9);
      for (const d of dots) expect(2 * d.radius).toBeLessThanOrEqual(10);
      const showing = dots.filter((d) => dot(normal(d), v) > 0.3).length;
      expect(showing, `seed ${seed}`).toBeGreaterThanOrEqual(1);
      expect(showing, `seed ${seed}`).toBeLessThanOrEqual(3);
      turns.add(JSON.stringify(dots[0]));
    }
    expect(turns.size).toBe(200);
  });

  it('draws each dot facing the camera red, inside the cue ball’s disc where its axis meets the surface, and the ball white between', () => {
    const cue: AltBall = { id: 'cue', x: table.width / 2 + 200, y: table.length * 0.4 };
    const v = toCamera(cue);
    for (const seed of [1, 2, 3, 4]) {
      const style = altStyle(table, 'apricot-spotted', seed);
      const dots = (style.ballMarks?.cue ?? []).filter(isDot);
      const { c, img } = drawn(cue, { ...style, ballMarks: { cue: dots } });
      const { centre, radius } = discOf(c, cue);
      const facing = dots.filter((d) => dot(normal(d), v) > 0.5);
      expect(facing.length, `seed ${seed}`).toBeGreaterThan(0);
      for (const d of facing) {
        const p = onBall(c, cue, normal(d));
        expect(Math.hypot(p.u - centre.u, p.v - centre.v)).toBeLessThan(radius);
        // The pixels within half the dot's radius of its middle (a lamp's image may lie over a few):
        // their median red 50 levels or more above their green and blue (the white ball's, about 0).
        const inner = (d.radius / 2) * (radius / table.ballRadius);
        const reds: number[] = [];
        for (let v = Math.floor(p.v - inner); v <= Math.ceil(p.v + inner); v++)
          for (let u = Math.floor(p.u - inner); u <= Math.ceil(p.u + inner); u++) {
            if (Math.hypot(u - p.u, v - p.v) > inner) continue;
            const [r, g, b] = at(img, { u, v });
            reds.push(Math.min(r - g, r - b));
          }
        reds.sort((a, b) => a - b);
        expect(reds[reds.length >> 1], `seed ${seed}: ${reds.join(' ')}`).toBeGreaterThan(50);
      }
      // The point of the surface facing the camera most of those 8 mm (along the arc) or more from every dot.
      const between = SPHERE.filter((n) =>
        dots.every((d) => Math.acos(dot(normal(d), n)) * table.ballRadius > 8),
      ).reduce((a, n) => (dot(n, v) > dot(a, v) ? n : a));
      expect(dot(between, v)).toBeGreaterThan(0.7);
      const [r, g, b] = at(img, onBall(c, cue, between));
      expect(Math.min(r, g, b), `seed ${seed} between ${[r, g, b]}`).toBeGreaterThan(140);
      expect(Math.max(r, g, b) - Math.min(r, g, b), `seed ${seed} between ${[r, g, b]}`).toBeLessThan(40);
    }
  });

  it('has 2 to 4 smudges of blue chalk on it, drawn bluer than the white round them', () => {
    const cue: AltBall = { id: 'cue', x: table.width / 2 - 150, y: table.length * 0.6 };
    const v = toCamera(cue);
    let checked = 0;
    for (let seed = 1; seed <= 60 && checked < 2; seed++) {
      const style = altStyle(table, 'apricot-spotted', seed);
      const marks = style.ballMarks?.cue ?? [];
      const smudges = marks.filter((m) => !isDot(m));
      expect(smudges.length).toBeGreaterThanOrEqual(2);
      expect(smudges.length).toBeLessThanOrEqual(4);
      // A strong smudge facing the camera, clear of the dots.
      const s = smudges.find(
        (m) =>
          m.opacity > 0.4 &&
          m.radius > 2.5 &&
          dot(normal(m), v) > 0.6 &&
          marks.filter(isDot).every((d) => Math.acos(dot(normal(d), normal(m))) * table.ballRadius > 12),
      );
      if (!s) continue;
      const { c, img } = drawn(cue, { ...style, ballMarks: { cue: smudges } });
      const without = drawn(cue, { ...style, ballMarks: {} }).img;
      const p = onBall(c, cue, normal(s));
      const [r, , b] = at(img, p);
      const [r0, , b0] = at(without, p);
      expect(b - r, `seed ${seed}: ${[r, b]} against ${[r0, b0]}`).toBeGreaterThan(b0 - r0 + 20);
      checked++;
    }
    expect(checked).toBe(2);
  });
});

describe('blue chalk on the cloth', () => {
  it('dabs 14 to 27 marks inside the bed, faint to strong, four in ten or more round the D', () => {
    const brown = table.marks?.spots.find((m) => m.name === 'brown')?.at ?? { x: 0, y: 0 };
    let near = 0;
    let all = 0;
    for (let seed = 1; seed <= 50; seed++) {
      const chalk = altStyle(table, 'apricot-spotted', seed).chalkDabs;
      if (!chalk) throw new Error('no chalk');
      expect(chalk.dabs.length).toBeGreaterThanOrEqual(14);
      expect(chalk.dabs.length).toBeLessThanOrEqual(27);
      for (const d of chalk.dabs) {
        for (const [x, y] of [
          [d.ax, d.ay],
          [d.bx, d.by],
        ] as const) {
          expect(x).toBeGreaterThan(20);
          expect(x).toBeLessThan(table.width - 20);
          expect(y).toBeGreaterThan(20);
          expect(y).toBeLessThan(table.length - 20);
        }
        // 4 to 12 mm across (2.2 half widths, flat-topped), 20 to 85 % chalk at its middle.
        expect(d.lift).toBeGreaterThanOrEqual(0.2);
        expect(d.lift).toBeLessThanOrEqual(0.85);
        expect(2.2 * d.half).toBeGreaterThanOrEqual(3.9);
        expect(2.2 * d.half).toBeLessThanOrEqual(12);
        if (Math.hypot((d.ax + d.bx) / 2 - brown.x, (d.ay + d.by) / 2 - brown.y) < 380) near++;
        all++;
      }
    }
    // The disc round the D is 7 % of the bed.
    expect(near / all).toBeGreaterThan(0.4);
  });

  it('draws each dab blue on the cloth where it lies, and leaves the cloth as it was away from the dabs', () => {
    const style = altStyle(table, 'apricot-spotted', 3);
    const chalk = style.chalkDabs;
    if (!chalk) throw new Error('no chalk');
    const strong = chalk.dabs.filter((d) => d.lift > 0.5 && d.half > 2.5).slice(0, 3);
    expect(strong.length).toBeGreaterThan(0);
    for (const d of strong) {
      const x = (d.ax + d.bx) / 2;
      const y = (d.ay + d.by) / 2;
      const c = windowOn(uhd, x, y, 0, 64);
      const plain = { ...style, noise: 0, ballMarks: {} };
      const dabbed = renderAlt(c, ALT_SNOOKER_PALETTE, [], plain, 7).image;
      const bare = renderAlt(c, ALT_SNOOKER_PALETTE, [], { ...plain, chalkDabs: undefined }, 7).image;
      const p = px(c, x, y, 0);
      const [r, , b] = at(dabbed, p);
      const [r0, , b0] = at(bare, p);
      expect(b - b0, `dab at (${x.toFixed(0)}, ${y.toFixed(0)})`).toBeGreaterThan(10);
      expect(r).toBeLessThan(r0);
      // Every pixel the chalk changes lies within 2 half widths and the wipe of some dab.
      for (let v = 0; v < 64; v++)
        for (let u = 0; u < 64; u++) {
          const k = 3 * (v * 64 + u);
          if ([0, 1, 2].every((ch) => dabbed.data[k + ch] === bare.data[k + ch])) continue;
          const near = chalk.dabs.some((q) => {
            const mid = px(c, (q.ax + q.bx) / 2, (q.ay + q.by) / 2, 0);
            const reach = (2 * q.half + Math.hypot(q.bx - q.ax, q.by - q.ay)) * (c.camera.fx / 2740) + 2;
            return Math.hypot(u - mid.u, v - mid.v) < reach;
          });
          expect(near, `pixel (${u}, ${v})`).toBe(true);
        }
    }
  });
});

describe('a polished set mirroring the room', () => {
  /** The pixels of a ring r0…r1 of the disc's radius round its centre. */
  const ring = (
    img: RgbImage,
    centre: { u: number; v: number },
    radius: number,
    r0: number,
    r1: number,
  ): Vec[] => {
    const out: Vec[] = [];
    for (let v = 0; v < img.height; v++)
      for (let u = 0; u < img.width; u++) {
        const r = Math.hypot(u - centre.u, v - centre.v) / radius;
        if (r >= r0 && r < r1) out.push(at(img, { u, v }));
      }
    return out;
  };
  /** The mean of the pixels' distances (code values) from a colour. */
  const meanDistance = (pixels: readonly Vec[], to: Vec): number =>
    pixels.reduce((s, p) => s + Math.hypot(p[0] - to[0], p[1] - to[1], p[2] - to[2]), 0) / pixels.length;
  /** The pixels' mean colour. */
  const mean = (pixels: readonly Vec[]): Vec => {
    const channel = (ch: 0 | 1 | 2): number => pixels.reduce((s, p) => s + p[ch], 0) / pixels.length;
    return [channel(0), channel(1), channel(2)];
  };

  it('takes the cloth’s colour in a ball’s rim, nearer than an unpolished ball’s rim does, and not in its middle', () => {
    // The canopy and the window (seen over the top and on the side: the next test's) as dark as the
    // room, so that what each ring reflects of the cloth is all that differs.
    const style = altStyle(table, 'ice-mirror', 5);
    const m = style.mirror;
    if (!m) throw new Error('no mirror');
    const dark = { ...style, mirror: { ...m, canopy: { ...m.canopy, radiance: m.room }, window: undefined } };
    for (const id of ['black', 'blue', 'red', 'cue', 'yellow']) {
      const ball: AltBall = { id, x: table.width / 2 + 300, y: table.length * 0.42 };
      const { c, img } = drawn(ball, dark, 128);
      const plain = drawn(ball, { ...style, mirror: undefined }, 128).img;
      const { centre, radius } = discOf(c, ball);
      // The cloth beyond the ball's shadow and contact shade.
      const cloth = mean(ring(img, centre, radius, 3, 3.6));
      const rim = meanDistance(ring(img, centre, radius, 0.85, 0.97), cloth);
      const rimPlain = meanDistance(ring(plain, centre, radius, 0.85, 0.97), cloth);
      const middle = meanDistance(ring(img, centre, radius, 0, 0.5), cloth);
      const middlePlain = meanDistance(ring(plain, centre, radius, 0, 0.5), cloth);
      expect(rim, `${id}: rim ${rim.toFixed(1)}, unpolished ${rimPlain.toFixed(1)}`).toBeLessThan(
        0.75 * rimPlain,
      );
      expect(
        middle,
        `${id}: middle ${middle.toFixed(1)}, unpolished ${middlePlain.toFixed(1)}`,
      ).toBeGreaterThan(0.95 * middlePlain);
    }
  });

  it('mirrors the canopy as a bright rectangle over a ball’s top, the dark ceiling beyond it, and a window’s panes on its side', () => {
    for (const seed of [5, 6]) {
      const style = altStyle(table, 'ice-mirror', seed);
      const m = style.mirror;
      if (!m?.window) throw new Error('no mirror');
      const ball: AltBall = { id: 'black', x: table.width / 2, y: table.length / 2 };
      const v = toCamera(ball);
      const { c, img } = drawn(ball, style, 128);
      const plain = drawn(ball, { ...style, mirror: undefined }, 128).img;
      const z = table.ballCentreHeight;
      // The surface point whose reflection of the camera's ray goes towards a point of the room.
      const seeing = (x: number, y: number, h: number): { u: number; v: number } => {
        const w = unit([x - ball.x, y - ball.y, h - z]);
        return onBall(c, ball, unit([v[0] + w[0], v[1] + w[1], v[2] + w[2]]));
      };
      const brighter = (p: { u: number; v: number }): number =>
        Math.min(...at(img, p).map((a, i) => a - (at(plain, p)[i] as number)));
      // The canopy's middle (between the two lamps: no lamp's image there), and the ceiling 500 mm beyond its side.
      const canopy = seeing(m.canopy.x, m.canopy.y, m.canopy.z);
      const ceiling = seeing(m.canopy.x + m.canopy.hx + 500, m.canopy.y, m.canopy.z);
      expect(brighter(canopy), `seed ${seed} canopy`).toBeGreaterThan(30);
      expect(Math.abs(brighter(ceiling)), `seed ${seed} ceiling`).toBeLessThan(8);
      // A pane's middle: the window's first, by its bottom corner.
      const w = m.window;
      const pane = seeing(w.x, w.y0 + (w.y1 - w.y0) / w.cols / 2, w.z0 + (w.z1 - w.z0) / w.rows / 2);
      const [r, , b] = at(img, pane);
      expect(brighter(pane), `seed ${seed} pane`).toBeGreaterThan(30);
      expect(b).toBeGreaterThan(r);
    }
  });
});

describe('held-out 31’s variants', () => {
  it('has two new cloths, each 50 code values or more from every older variant’s', () => {
    const older = Object.entries(ALT_CLOTH).filter(([k]) => k !== 'apricot' && k !== 'ice');
    for (const cloth of [ALT_CLOTH.apricot, ALT_CLOTH.ice])
      for (const [name, c] of older)
        expect(Math.hypot(cloth[0] - c[0], cloth[1] - c[1], cloth[2] - c[2]), name).toBeGreaterThanOrEqual(
          50,
        );
  });

  it('draws the club table’s things in held-out 31’s two variants only, and in no older split’s case', () => {
    const clubbed = (s: AltStyle): boolean =>
      s.ballMarks !== undefined || s.chalkDabs !== undefined || s.mirror !== undefined;
    expectDrawnOnlyBy(
      clubbed,
      ['apricot-spotted', 'ice-mirror'],
      ['tuning', 'held-out', 'held-out-12', 'held-out-23', 'held-out-29', 'held-out-30'],
    );
  });
});

describe('bench/detect-alt’s held-out 31', () => {
  it('draws every held-out 31 frame with its variant’s things, the truth the layout’s balls (the cue ball still `cue`)', () => {
    expectSplitDrawn(
      'held-out-31',
      { hd: 11_600_000, uhd: 11_650_000 },
      ['apricot-spotted', 'ice-mirror'],
      (k, variant) => {
        if (variant === 'apricot-spotted') {
          expect((k.style.ballMarks?.cue ?? []).filter(isDot), k.name).toHaveLength(6);
          expect(k.style.chalkDabs, k.name).toBeDefined();
        } else expect(k.style.mirror, k.name).toBeDefined();
      },
    );
  });
});
