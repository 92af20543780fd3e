// Cameras of their own (src/sim/alt/camera.ts) for the second renderer's held-out 27: a mount's pose
// looks where it is aimed with its `up` up the frame; each variant's camera loads through the
// calibration file's checks, sees the whole bed with its cushions and pockets inside the frame, and
// nothing above the horizon; bench/detect-alt gives a split's cases their variant's camera (and 4K its
// scaled copy) and every older split's cases demo's, as before; the renderer draws a tilted camera's
// balls where the camera model puts them, the far end's smaller.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cameraCentre,
  parseCalibration,
  project,
  stringifyCalibration,
  toCamera,
  type Calibration,
} from '../src/camera/index.ts';
import { mm } from '../src/core/units.ts';
import type { Table } from '../src/equipment/index.ts';
import { resolveBed } from '../src/games/registry.ts';
import {
  altCamera,
  altStyle,
  mountCalibration,
  renderAlt,
  ALT_MOUNT_IMAGE,
  ALT_VARIANTS,
  type AltMount,
  type AltStyle,
} from '../src/sim/alt/index.ts';
import { altCases, type AltSplit } from '../bench/detect-alt.ts';
import { ALT_SNOOKER_PALETTE } from './helpers/alt-palette.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import { scaledCalibration } from './vision-scenes.ts';

let demo: Calibration<Table>;
let table: Table;

beforeAll(() => {
  demo = loadDemoCalibration();
  table = demo.table;
});

const OWN = ['periwinkle-ultrawide', 'khaki-stand'] as const;
/** Every variant with a camera of its own: held-out 27's two and held-out 45's pureblue-neighbour. */
const MOUNTED = [...OWN, 'pureblue-neighbour', 'menthol-pillarbox'] as const;

const own = (variant: (typeof MOUNTED)[number]): Calibration<Table> => {
  const c = altCamera(table, demo.tableSpec, variant);
  if (!c) throw new Error(`${variant} has no camera of its own`);
  return c;
};

const px = (c: Calibration<Table>, x: number, y: number, z = 0): { u: number; v: number } =>
  project(c, { x: mm(x), y: mm(y), z: mm(z) });

/** The least distance (px) from the frame's edges of the points' images. */
const margin = (c: Calibration<Table>, points: readonly (readonly [number, number])[]): number =>
  Math.min(
    ...points.map(([x, y]) => {
      const p = px(c, x, y);
      return Math.min(p.u + 0.5, c.image.width - 0.5 - p.u, p.v + 0.5, c.image.height - 0.5 - p.v);
    }),
  );

/**
 * What of the table the frame must hold: the cushions' outer edges (50 mm beyond the noses, as the
 * renderer draws them), every 20th of each side, and each pocket hole's far corners.
 */
const tableOutline = (t: Table): [number, number][] => {
  const out: [number, number][] = [];
  for (let i = 0; i <= 20; i++) {
    const x = -50 + ((t.width + 100) * i) / 20;
    const y = -50 + ((t.length + 100) * i) / 20;
    out.push([x, -50], [x, t.length + 50], [-50, y], [t.width + 50, y]);
  }
  for (const p of t.pockets) {
    // The renderer's hole: fallDepth to fallDepth + 110 mm along the axis, widening by 0.2 a mm.
    const depth = p.fallDepth + 110;
    const half = p.mouth / 2 + 110 * 0.2;
    const x = p.mouthCentre.x + depth * p.axis.x;
    const y = p.mouthCentre.y + depth * p.axis.y;
    out.push([x - half * p.axis.y, y + half * p.axis.x], [x + half * p.axis.y, y - half * p.axis.x]);
  }
  return out;
};

/** A resting ball's image radius (px), its image's width across the frame at its centre's row. */
const ballRadius = (c: Calibration<Table>, x: number, y: number): number => {
  const R = c.table.ballRadius;
  const centre = toCamera(c, { x: mm(x), y: mm(y), z: mm(R) });
  const d = Math.hypot(centre.x, centre.y, centre.z);
  // The limb seen across: the camera's x axis, in the table frame, scaled to the limb circle's radius.
  const [ax, ay, az] = c.pose.R[0];
  const s = (R * Math.sqrt(d * d - R * R)) / d;
  const a = px(c, x - s * ax, y - s * ay, R - s * az);
  const b = px(c, x + s * ax, y + s * ay, R + s * az);
  return Math.hypot(b.u - a.u, b.v - a.v) / 2;
};

describe('a camera of its own', () => {
  it('looks where it is aimed, from where it is, its up direction up the frame', () => {
    const lens = { fx: 1000, fy: 1000, cx: 959.5, cy: 539.5, k1: 0, k2: 0, p1: 0, p2: 0, k3: 0 };
    const mount: AltMount = {
      at: { x: 800, y: -600, z: 2000 },
      aim: { x: 900, y: 1200 },
      up: { x: 0, y: 1, z: 0 },
      lens,
    };
    const c = mountCalibration(table, demo.tableSpec, mount);
    const centre = cameraCentre(c);
    expect(centre.x).toBeCloseTo(800, 6);
    expect(centre.y).toBeCloseTo(-600, 6);
    expect(centre.z).toBeCloseTo(2000, 6);
    const aim = px(c, 900, 1200);
    expect(aim.u).toBeCloseTo(959.5, 6);
    expect(aim.v).toBeCloseTo(539.5, 6);
    // Further along `up` is higher in the frame; +x (right of `up`, seen from above) is to the right.
    expect(px(c, 900, 1500).v).toBeLessThan(aim.v - 50);
    expect(px(c, 1100, 1200).u).toBeGreaterThan(aim.u + 50);
  });

  it('is refused where it would see above the horizon, which the renderer cannot draw', () => {
    const lens = { fx: 800, fy: 800, cx: 959.5, cy: 539.5, k1: 0, k2: 0, p1: 0, p2: 0, k3: 0 };
    // Tilted 65° from straight down, a 34° half field up the frame: its top rows look 9° over the
    // horizon, though the whole bed is in front of it and in the frame.
    const mount: AltMount = {
      at: { x: 889, y: -1500, z: 1500 },
      aim: { x: 889, y: -1500 + 1500 * Math.tan((65 * Math.PI) / 180) },
      up: { x: 0, y: 1, z: 0 },
      lens,
    };
    expect(() => mountCalibration(table, demo.tableSpec, mount)).toThrow(/above the horizon/);
  });

  it('is given to held-out 27’s two variants, held-out 45’s pureblue-neighbour and held-out 49’s menthol-pillarbox alone', () => {
    const mounted = ALT_VARIANTS.filter((v) => altCamera(table, demo.tableSpec, v) !== undefined);
    expect(mounted).toEqual([...MOUNTED]);
  });

  for (const variant of MOUNTED) {
    it(`${variant}’s loads through the calibration file’s checks, written and read back`, () => {
      const c = own(variant);
      expect(c.image).toEqual(ALT_MOUNT_IMAGE);
      const read = parseCalibration(JSON.parse(stringifyCalibration(c)), resolveBed);
      expect(read.ok, read.ok ? '' : read.error.message).toBe(true);
    });

    it(`${variant}’s frame holds the whole bed, its cushions and pockets, 25 px in at least`, () => {
      const c = own(variant);
      const t = c.table;
      const corners = [
        [0, 0],
        [t.width, 0],
        [0, t.length],
        [t.width, t.length],
      ] as const;
      expect(margin(c, corners)).toBeGreaterThan(40);
      expect(margin(c, tableOutline(t))).toBeGreaterThan(25);
      // 4K: the same camera scaled ×2, as demo's is.
      expect(margin(scaledCalibration(c, 2), tableOutline(t))).toBeGreaterThan(50);
    });
  }

  it('khaki-stand’s, tilted down the table from beyond the baulk end, sees the far end’s balls half as large', () => {
    const c = own('khaki-stand');
    const t = c.table;
    const tilt = (Math.acos(-c.pose.R[2][2]) * 180) / Math.PI;
    expect(tilt).toBeGreaterThan(30);
    expect(tilt).toBeLessThan(35);
    expect(cameraCentre(c).y).toBeLessThan(-200);
    const near = ballRadius(c, t.width / 2, 60);
    const far = ballRadius(c, t.width / 2, t.length - 60);
    expect(far / near).toBeGreaterThan(0.45);
    expect(far / near).toBeLessThan(0.6);
    // The far end at the top of the frame.
    expect(px(c, t.width / 2, t.length).v).toBeLessThan(px(c, t.width / 2, 0).v - 600);
  });

  it('periwinkle-ultrawide’s, hung low straight down, squeezes the ends’ balls by its barrel distortion', () => {
    const c = own('periwinkle-ultrawide');
    const t = c.table;
    expect(cameraCentre(c).z).toBeLessThan(2000);
    expect(c.pose.R[2][2]).toBeCloseTo(-1, 9);
    expect(c.camera.k1).toBeLessThanOrEqual(-0.3);
    const middle = ballRadius(c, t.width / 2, t.length / 2);
    const end = ballRadius(c, t.width / 2, 60);
    expect(end / middle).toBeLessThan(0.8);
  });
});

describe('bench/detect-alt’s cameras', () => {
  const older: AltSplit[] = ['tuning', 'held-out', 'held-out-12', 'held-out-23', 'held-out-26'];

  it('draws every older split’s cases with the split’s camera, at 1080p and 4K', () => {
    const uhd = scaledCalibration(demo, 2);
    for (const split of older)
      for (const [res, c] of [
        ['1080p', demo],
        ['4K', uhd],
      ] as const)
        for (const k of altCases(c, split, 1, res)) expect(k.calibration, k.name).toBe(c);
  });

  it('draws held-out 27’s cases with their variant’s camera, one a variant, and 4K with it scaled ×2', () => {
    const uhd = scaledCalibration(demo, 2);
    const hd = altCases(demo, 'held-out-27', 3, '1080p');
    const fourK = altCases(uhd, 'held-out-27', 1, '4K');
    for (const variant of OWN) {
      const mine = own(variant);
      const hdCams = new Set(hd.filter((k) => k.name.includes(variant)).map((k) => k.calibration));
      const uhdCams = new Set(fourK.filter((k) => k.name.includes(variant)).map((k) => k.calibration));
      expect(hdCams.size).toBe(1);
      expect(uhdCams.size).toBe(1);
      const [cam] = [...hdCams] as [Calibration<Table>];
      const [big] = [...uhdCams] as [Calibration<Table>];
      expect(cam).not.toBe(demo);
      expect(stringifyCalibration(cam)).toBe(stringifyCalibration(mine));
      expect(stringifyCalibration(big)).toBe(stringifyCalibration(scaledCalibration(mine, 2)));
      expect(big.image).toEqual({ width: 3840, height: 2160 });
    }
    // Each case's balls inside its camera's frame.
    for (const k of [...hd, ...fourK])
      for (const b of k.balls) {
        const p = px(k.calibration, b.x, b.y, k.calibration.table.ballRadius);
        expect(p.u, k.name).toBeGreaterThan(0);
        expect(p.v, k.name).toBeGreaterThan(0);
        expect(p.u, k.name).toBeLessThan(k.calibration.image.width - 1);
        expect(p.v, k.name).toBeLessThan(k.calibration.image.height - 1);
      }
  });
});

describe('the second renderer through a tilted camera', () => {
  it('draws a near and a far ball where the camera model puts them, the far one half as large', () => {
    // khaki-stand's camera at half size: a black ball near each end of an empty bed, no noise, no
    // shadows (a reach of none), so that the ball is the only dark thing round its centre's image.
    const c = scaledCalibration(own('khaki-stand'), 0.5);
    const t = c.table;
    const style: AltStyle = { ...altStyle(t, 'khaki-stand', 1), noise: 0, shadowReach: 0, box: undefined };
    const spots = [300, t.length - 300];
    const balls = spots.map((y) => ({ id: 'black', x: t.width / 2, y }));
    const img = renderAlt(c, ALT_SNOOKER_PALETTE, balls, style, 7).image;
    const luma = (u: number, v: number): number => {
      const k = 3 * (v * img.width + u);
      return (
        0.299 * (img.data[k] as number) +
        0.587 * (img.data[k + 1] as number) +
        0.114 * (img.data[k + 2] as number)
      );
    };
    const [near, far] = spots.map((y) => {
      const p = px(c, t.width / 2, y, t.ballRadius);
      const r = ballRadius(c, t.width / 2, y);
      const u0 = Math.round(p.u);
      const v0 = Math.round(p.v);
      expect(luma(u0, v0), `the ball at y ${y} at its centre's image`).toBeLessThan(60);
      // The ball's image: the pixels darker than halfway between its middle and the bed beside it, as
      // a disc's radius.
      const reach = Math.ceil(3 * r);
      const cut = (luma(u0, v0) + luma(u0 + reach + 2, v0)) / 2;
      let dark = 0;
      for (let v = v0 - reach; v <= v0 + reach; v++)
        for (let u = u0 - reach; u <= u0 + reach; u++) if (luma(u, v) < cut) dark++;
      const seen = Math.sqrt(dark / Math.PI);
      expect(
        Math.abs(seen / r - 1),
        `the ball at y ${y}: ${seen.toFixed(2)} px against ${r.toFixed(2)}`,
      ).toBeLessThan(0.1);
      return seen;
    }) as [number, number];
    expect(far / near).toBeGreaterThan(0.4);
    expect(far / near).toBeLessThan(0.6);
  });
});
