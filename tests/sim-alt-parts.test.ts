// A player's parts in the second renderer (src/sim/alt/parts.ts, render.ts): rods and ellipsoids that
// hide what lies under them from the camera and from the lamps. The truth, each ball's share in view
// (altInView), is checked against where a cue and an arm are: a ball the camera sees under a raised
// cue is hidden in part, one under an arm wholly, one far off not at all, every ball in full view
// without a player; a ray meets a rod and an ellipsoid on their tops; the cue's shadow darkens the
// cloth under it and leaves the cloth far off as it was, to the bit; and the same frame with a player
// is drawn to the same pixels.
import { beforeAll, describe, expect, it } from 'vitest';
import { cameraCentre, pixelRay, project, type Calibration } from '../src/camera/index.ts';
import type { RgbImage } from '../src/core/image.ts';
import { mm, pointPx } from '../src/core/units.ts';
import type { Table } from '../src/equipment/index.ts';
import {
  altInView,
  altStyle,
  renderAlt,
  type AltBall,
  type AltEllipsoid,
  type AltPoint,
  type AltRod,
  type AltStyle,
} from '../src/sim/alt/index.ts';
import { clearOf, hitPart, prepare } from '../src/sim/alt/parts.ts';
import { ALT_SNOOKER_PALETTE } from './helpers/alt-palette.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import { scaledCalibration } from './vision-scenes.ts';

let demo: Calibration<Table>;
let half: Calibration<Table>;
let table: Table;
let eye: AltPoint;

beforeAll(() => {
  demo = loadDemoCalibration();
  half = scaledCalibration(demo, 0.5);
  table = demo.table;
  eye = cameraCentre(demo);
});

/** A cue laid across the table, rising from 60 to 160 mm, and an upper arm 200 mm up, as a player's are. */
const CUE: AltRod = {
  kind: 'rod',
  a: { x: 300, y: 900, z: 60 },
  b: { x: 300 + Math.sqrt(1450 ** 2 - 100 ** 2), y: 900, z: 160 },
  ra: 4.75,
  rb: 14.5,
  bands: [{ to: 1450, colour: [206, 170, 118] }],
  gloss: 0.35,
};
const ARM: AltRod = {
  kind: 'rod',
  a: { x: 600, y: 2500, z: 180 },
  b: { x: 900, y: 2500, z: 220 },
  ra: 44,
  rb: 52,
  bands: [{ to: 300, colour: [232, 232, 226] }],
  gloss: 0.03,
};
/** The back of a hand, turned 30° off the table's width. */
const HAND: AltEllipsoid = {
  kind: 'ellipsoid',
  c: { x: 1200, y: 2000, z: 22 },
  yaw: Math.PI / 6,
  rx: 56,
  ry: 45,
  rz: 15,
  colour: [222, 172, 140],
  gloss: 0.08,
};

/** A point of a rod's axis, a share `f` of the way from a to b. */
const onAxis = (r: AltRod, f: number): AltPoint => ({
  x: r.a.x + f * (r.b.x - r.a.x),
  y: r.a.y + f * (r.b.y - r.a.y),
  z: r.a.z + f * (r.b.z - r.a.z),
});

/** Where the camera sees a point on the plane of the balls' centres (a ball there lies right under it in the picture). */
const seenOnBalls = (p: AltPoint): { x: number; y: number } => {
  const k = (eye.z - table.ballCentreHeight) / (eye.z - p.z);
  return { x: eye.x + (p.x - eye.x) * k, y: eye.y + (p.y - eye.y) * k };
};

describe('a player’s parts', () => {
  it('meet a ray from straight above on a rod’s and an ellipsoid’s top, with the normal up', () => {
    const hit = new Float64Array(4);
    const top = onAxis(CUE, 0.5);
    const r = 4.75 + 0.5 * 9.75;
    const t = hitPart(prepare(CUE), top.x, top.y, 2000, 0, 0, -1, hit);
    // The top of the tapered side, tilted a hair by the rise and the taper: within a tenth of a mm.
    expect(Math.abs(2000 - t - (top.z + r))).toBeLessThan(0.1);
    expect(Math.abs((hit[0] as number) - 725)).toBeLessThan(1.5);
    expect(hit[3]).toBeGreaterThan(0.99);
    const e = hitPart(prepare(HAND), HAND.c.x, HAND.c.y, 2000, 0, 0, -1, hit);
    expect(2000 - e).toBeCloseTo(HAND.c.z + HAND.rz, 6);
    expect(hit[3]).toBeCloseTo(1, 6);
    // Beside them, nothing.
    expect(hitPart(prepare(CUE), top.x, top.y + 20, 2000, 0, 0, -1)).toBe(Infinity);
    expect(hitPart(prepare(HAND), HAND.c.x + 60, HAND.c.y, 2000, 0, 0, -1)).toBe(Infinity);
  });

  it('hide a ball under a raised cue in part, one under an arm wholly, and not one far off', () => {
    const probe: AltBall[] = [
      { id: 'red', ...seenOnBalls(onAxis(CUE, 0.5)) },
      { id: 'blue', ...seenOnBalls(onAxis(ARM, 0.5)) },
      { id: 'black', x: 300, y: 3200 },
    ];
    const made = { parts: [CUE, ARM] };
    for (const q of made.parts.map(prepare))
      for (const b of probe)
        expect(clearOf(q, b.x, b.y, table.ballCentreHeight, table.ballRadius, 0)).toBe(true);
    const [cueShare, armShare, farShare] = altInView(demo, probe, made) as [number, number, number];
    // The cue is 20 mm across there, the ball 52.5: a band across the ball's middle hidden.
    expect(cueShare).toBeGreaterThan(0.4);
    expect(cueShare).toBeLessThan(0.8);
    expect(armShare).toBe(0);
    expect(farShare).toBe(1);
    // Every ball in full view without a player.
    expect(altInView(demo, probe, undefined)).toEqual([1, 1, 1]);
  });

  it('darken the cloth under a cue with its shadow, and leave the cloth far from it as it was', () => {
    const under = onAxis(CUE, 0.5);
    // A small lamp right over the cue's middle (a hard shadow), and an ordinary canopy of three broad
    // lamps (a faint, wide one).
    const small = { x: under.x, y: under.y, z: 1500, hx: 20, hy: 20, power: 1 };
    const canopy: AltStyle = { ...altStyle(table, 'blue', 3), noise: 0 };
    const none: AltBall[] = [];
    const made = { parts: [CUE] };
    /** The summed code values of the pixel that sees the bed at (x, y), and that the cue is not in it. */
    const at = (img: RgbImage, x: number, y: number): number => {
      const p = project(half, { x: mm(x), y: mm(y), z: mm(0) });
      const { origin: o, dir: d } = pixelRay(half, pointPx(Math.round(p.u), Math.round(p.v)));
      expect(hitPart(prepare(CUE), o.x, o.y, o.z, d.x, d.y, d.z)).toBe(Infinity);
      const k = 3 * (Math.round(p.v) * img.width + Math.round(p.u));
      return (img.data[k] as number) + (img.data[k + 1] as number) + (img.data[k + 2] as number);
    };
    // On the bed under the cue's middle (110 mm up): the camera sees it past the cue (the cue's image
    // lies 37 mm further from the middle of the table), in the cue's shadow. Far off, at the other end
    // of the bed: to the bit as without the cue.
    for (const [style, darker] of [
      [{ ...canopy, lamps: [small] }, 0.6],
      [canopy, 0.98],
    ] as const) {
      const lit = renderAlt(half, ALT_SNOOKER_PALETTE, none, style, 5).image;
      const shaded = renderAlt(half, ALT_SNOOKER_PALETTE, none, { ...style, player: made }, 5).image;
      expect(at(shaded, under.x, under.y)).toBeLessThan(darker * at(lit, under.x, under.y));
      expect(at(shaded, table.width / 2, table.length - 400)).toBe(
        at(lit, table.width / 2, table.length - 400),
      );
    }
  });

  it('are drawn to the same pixels in the same frame', () => {
    const balls: AltBall[] = [{ id: 'cue', x: 1100, y: 2060 }];
    const style: AltStyle = { ...altStyle(table, 'tournament', 9), player: { parts: [CUE, ARM, HAND] } };
    const a = renderAlt(half, ALT_SNOOKER_PALETTE, balls, style, 9).image;
    const b = renderAlt(half, ALT_SNOOKER_PALETTE, balls, style, 9).image;
    expect(Buffer.from(b.data).equals(Buffer.from(a.data))).toBe(true);
  });
});
