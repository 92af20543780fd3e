// Held-out 49's drawing (src/sim/alt): a darned tear in the cloth (sunflower-darned, render.ts AltDarning:
// a slit showing the slate, cross-stitches of a darning wool over it, the band puckered along it) and a
// 4:3 camera's picture pillarboxed in the 16:9 frame (menthol-pillarbox, AltPillarbox, and camera.ts's
// fourByThree), at 1080p and at 4K, on frames drawn without noise. No frame of held-out 49 is detected here.
import { beforeAll, describe, expect, it } from 'vitest';
import { altCases } from '../bench/detect-alt.ts';
import { project, type Calibration } from '../src/camera/index.ts';
import { mm } from '../src/core/units.ts';
import type { Table } from '../src/equipment/index.ts';
import {
  altCamera,
  altStyle,
  darnAt,
  lineCover,
  pillarboxColumns,
  renderAlt,
  type AltDarn,
  type AltStyle,
} from '../src/sim/alt/index.ts';
import { ALT_SNOOKER_PALETTE } from './helpers/alt-palette.ts';
import { itDrawsANewSplit } from './helpers/alt-split.ts';
import { drawn, lightOf, windowOn } from './helpers/alt-window.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import { scaledCalibration } from './vision-scenes.ts';

let demo: Calibration<Table>;
let table: Table;

beforeAll(() => {
  demo = loadDemoCalibration();
  table = demo.table;
});

describe('a darned tear in the cloth (sunflower-darned)', () => {
  // One darn along the table's x axis (its slit across the nap), on a grey cloth without nap or gradient.
  const darn = (o: Partial<AltDarn> = {}): AltDarn => ({
    x: table.width / 2,
    y: table.length / 3,
    angle: 0,
    length: 60,
    gap: 1,
    width: 8,
    pitch: 3,
    thread: [0.3, 0.3, 0.3],
    stitch: 1,
    pucker: 0,
    ...o,
  });
  const base = (): AltStyle => {
    const { darning: _, ...s } = altStyle(table, 'sunflower-darned', 3);
    return { ...s, cloth: [110, 110, 110], clothGradient: 0, nap: 0 };
  };
  const darned = (d: AltDarn): AltStyle => ({ ...base(), darning: { darns: [d] } });
  const seen = (c: Calibration<Table>, s: AltStyle, x: number, y: number): [number, number, number] =>
    lightOf(drawn(windowOn(c, x, y, 0, 8), [], s), { u: 4, v: 4 });
  /** Each channel's light with the darn over the bed's without it, `along` and `across` mm from its middle. */
  const ratio = (c: Calibration<Table>, d: AltDarn, along: number, across: number): number[] => {
    const x = d.x + along;
    const y = d.y + across;
    const on = seen(c, darned(d), x, y);
    const bare = seen(c, base(), x, y);
    return on.map((v, ch) => v / (bare[ch] as number));
  };
  const resolutions = (): [string, Calibration<Table>][] => [
    ['1080p', demo],
    ['4K', scaledCalibration(demo, 2)],
  ];

  it('lays two families of diagonal stitches across the band: a cross a pitch, two stitches a pitch off its middle', () => {
    // Seen sharp (a pixel 0.02 mm): along the middle of the band both families cross it at once, once a
    // pitch; a quarter of the band off it, each crosses it half a pitch from the other.
    const d = darn();
    const o = new Float64Array(4);
    const runs = (across: number): number => {
      let n = 0;
      let was = false;
      for (let s = -24; s <= 24; s += 0.01) {
        darnAt(d, d.x + s, d.y + across, 0.02, o);
        const on = (o[3] as number) > 0.5;
        if (on && !was) n++;
        was = on;
      }
      return n;
    };
    expect(Math.abs(runs(0) - 48 / d.pitch)).toBeLessThanOrEqual(1);
    expect(Math.abs(runs(d.width / 4) - (2 * 48) / d.pitch)).toBeLessThanOrEqual(2);
    // Past the band's edge and past its reach beyond the slit's end (half the band's width): no thread.
    darnAt(d, d.x, d.y + d.width / 2 + 0.5, 0.02, o);
    expect(o[3]).toBe(0);
    darnAt(d, d.x + d.length / 2 + d.width / 2 + 0.5, d.y, 0.02, o);
    expect(o[3]).toBe(0);
    // The slit: where no thread covers it, all of the pixel; none past its end or its gap.
    const bare = darn({ stitch: 1e-9 });
    darnAt(bare, bare.x + 10, bare.y, 0.02, o);
    expect(o[2]).toBeCloseTo(1, 6);
    darnAt(bare, bare.x + bare.length / 2 + 1, bare.y, 0.02, o);
    expect(o[2]).toBe(0);
    darnAt(bare, bare.x + 10, bare.y + bare.gap, 0.02, o);
    expect(o[2]).toBe(0);
    // A line's cover of a pixel: the overlap of the two, over the pixel's width.
    expect(lineCover(0, 1, 2)).toBeCloseTo(0.5, 9);
    expect(lineCover(1, 1, 2)).toBeCloseTo(0.25, 9);
    expect(lineCover(0, 3, 2)).toBeCloseTo(1, 9);
  });

  it('shows the slate in the slit, darker at 4K than at 1080p (more of a pixel), the cloth 3 mm off it as it was', () => {
    // The wool the cloth's colour, next to nothing of it: the slit alone.
    const d = darn({ stitch: 1e-9, gap: 1, thread: [1, 1, 1] });
    const mid: number[] = [];
    for (const [res, c] of resolutions()) {
      // A few places along the slit (a pixel's middle lies up to half a pixel off the slit's).
      const r = Math.min(...[-12, -4, 4, 12].map((s) => ratio(c, d, s, 0)[1] as number));
      mid.push(r);
      expect(r, res).toBeLessThan(0.85);
      expect(ratio(c, d, 0, 3)[1], res).toBeGreaterThan(0.98);
    }
    expect(mid[1]).toBeLessThan((mid[0] as number) - 0.1);
  });

  it('draws the stitches in the wool’s colour over as much of the band as they cover, per channel', () => {
    // At 4K (a pixel about a millimetre on the bed): a row a quarter of the band off its middle, 1 mm
    // steps over 30 mm, its mean against the stitches' cover there (darnAt, seen sharp) and the wool's
    // colour (0.3, 0.6 and 1.2 of the bed's).
    const c = scaledCalibration(demo, 2);
    const d = darn({ gap: 0, thread: [0.3, 0.6, 1.2] });
    const o = new Float64Array(4);
    let cover = 0;
    let n = 0;
    for (let s = -15; s <= 15; s += 0.01) {
      darnAt(d, d.x + s, d.y + d.width / 4, 0.02, o);
      cover += o[3] as number;
      n++;
    }
    cover /= n;
    expect(cover).toBeGreaterThan(0.3);
    const mean = [0, 0, 0];
    let m = 0;
    for (let s = -15; s <= 15; s += 1) {
      const r = ratio(c, d, s, d.width / 4);
      for (let ch = 0; ch < 3; ch++) mean[ch] = (mean[ch] as number) + (r[ch] as number);
      m++;
    }
    for (let ch = 0; ch < 3; ch++) {
      const want = 1 - cover * (1 - (d.thread[ch] as number));
      expect(Math.abs((mean[ch] as number) / m - want), `${ch}`).toBeLessThan(0.06);
    }
  });

  it('puckers the band: the cloth shaded by the pucker along the slit, less a half-width off, none past the band', () => {
    for (const [res, c] of resolutions()) {
      // No slit, the wool the cloth's colour: the pucker alone.
      const d = darn({ gap: 0, thread: [1, 1, 1], pucker: 0.1 });
      expect(Math.abs((ratio(c, d, 0, 0)[1] as number) - 0.9), res).toBeLessThan(0.02);
      // A half-width off, 1 - 0.1 / e (0.963), a pixel's middle up to half a pixel off it.
      const half = ratio(c, d, 0, d.width / 2)[1] as number;
      expect(half, res).toBeGreaterThan(0.94);
      expect(half, res).toBeLessThan(0.985);
      // Two band-widths off: byte-identical to the bed without it.
      const [x, y] = [d.x, d.y + 2 * d.width + 2];
      expect(drawn(windowOn(c, x, y, 0, 8), [], darned(d)).data).toEqual(
        drawn(windowOn(c, x, y, 0, 8), [], base()).data,
      );
    }
  });
});

describe('a 4:3 camera’s picture pillarboxed in the 16:9 frame (menthol-pillarbox)', () => {
  it('fits the table into the middle 1440 of 1920 columns, the principal point in the frame’s middle', () => {
    const own = altCamera(table, demo.tableSpec, 'menthol-pillarbox');
    if (!own) throw new Error('no camera');
    expect(own.image).toEqual({ width: 1920, height: 1080 });
    expect(Math.abs(own.camera.cx - 960)).toBeLessThan(3);
    const [u0, u1] = pillarboxColumns({ aspect: 4 / 3, black: 0, soft: 1 }, 1920, 1080);
    expect([u0, u1]).toEqual([240, 1680]);
    expect(pillarboxColumns({ aspect: 4 / 3, black: 0, soft: 1 }, 3840, 2160)).toEqual([480, 3360]);
    // The rails' outer corners (190 mm past the bed: the cushion and the rail) 30 px or more inside the
    // picture, and the bed's own width filling most of it (a 4:3 camera's, not a 16:9 one's, framing).
    const corners = [-190, table.width + 190].flatMap((x) =>
      [-190, table.length + 190].map((y) => project(own, { x: mm(x), y: mm(y), z: mm(0) })),
    );
    for (const p of corners) {
      expect(p.u).toBeGreaterThan(u0 + 30);
      expect(p.u).toBeLessThan(u1 - 30);
      expect(p.v).toBeGreaterThan(100);
      expect(p.v).toBeLessThan(980);
    }
    const us = corners.map((p) => p.u);
    expect(Math.max(...us) - Math.min(...us)).toBeGreaterThan(1250);
  });

  it('draws flat bars of its black either side of the picture, the picture as without them, its edge blended', () => {
    for (const [c, soft] of [
      [demo, 3],
      [scaledCalibration(demo, 2), 1],
    ] as const) {
      const s = altStyle(table, 'menthol-pillarbox', 11);
      const { pillarbox: _, ...plain } = s;
      const box = { aspect: 4 / 3, black: 2, soft };
      const { width: W, height: H } = c.image;
      const with_ = renderAlt(c, ALT_SNOOKER_PALETTE, [], { ...plain, pillarbox: box }, 7).image.data;
      const without = renderAlt(c, ALT_SNOOKER_PALETTE, [], plain, 7).image.data;
      const [u0, u1] = pillarboxColumns(box, W, H);
      const k = (u: number) => 3 * (Math.floor(H / 2) * W + u);
      // Every pixel of the bars (short of the blend) the black, in every row.
      const blend = Math.ceil((soft * H) / 1080 / 2);
      for (let v = 0; v < H; v += 7)
        for (const u of [0, u0 - blend - 1, u1 + blend, W - 1])
          for (let ch = 0; ch < 3; ch++) expect(with_[3 * (v * W + u) + ch], `${u},${v}`).toBe(2);
      // The picture's columns (past the blend) as the frame without the bars, byte for byte.
      for (const u of [u0 + blend, W / 2, u1 - blend - 1])
        for (let v = 0; v < H; v += 7)
          for (let ch = 0; ch < 3; ch++)
            expect(with_[3 * (v * W + u) + ch]).toBe(without[3 * (v * W + u) + ch]);
      // The bars' edge: the column just outside the picture a blend of the two (its share (0.5 - 0.5 / soft px)).
      const px = (soft * H) / 1080;
      const share = Math.max(0, 0.5 - 0.5 / px);
      for (const u of [u0 - 1, u1]) {
        const got = with_[k(u) + 1] as number;
        expect(got).toBe(Math.round((without[k(u) + 1] as number) * share + 2 * (1 - share)));
      }
      if (soft === 3) expect(with_[k(u0 - 1) + 1]).toBeGreaterThan(2);
    }
  });
});

describe('bench/detect-alt’s held-out 49, the darns and the pillarbox', () => {
  it('draws each sunflower-darned frame’s darns within their ranges clear of the cushions, and each menthol-pillarbox frame pillarboxed, its own camera and a stream', () => {
    const counts = new Set<number>();
    const blacks = new Set<number>();
    for (const [c, per, res] of [
      [demo, 3, '1080p'],
      [scaledCalibration(demo, 2), 1, '4K'],
    ] as const)
      for (const k of altCases(c, 'held-out-49', per, res)) {
        const dn = k.style.darning;
        const pb = k.style.pillarbox;
        if (k.variant === 'sunflower-darned') {
          expect(pb, k.name).toBeUndefined();
          expect(k.calibration, k.name).toBe(c);
          if (!dn) throw new Error(k.name);
          counts.add(dn.darns.length);
          expect(dn.darns.length, k.name).toBeGreaterThanOrEqual(1);
          expect(dn.darns.length, k.name).toBeLessThanOrEqual(2);
          for (const d of dn.darns) {
            const reach = d.length / 2 + d.width / 2;
            expect(
              Math.min(d.x, table.width - d.x, d.y, table.length - d.y) - reach,
              k.name,
            ).toBeGreaterThanOrEqual(150);
            // Across the nap: within 35 degrees of the table's width.
            expect(Math.abs(d.angle), k.name).toBeLessThanOrEqual((35 * Math.PI) / 180);
            expect(d.length, k.name).toBeGreaterThanOrEqual(30);
            expect(d.length, k.name).toBeLessThanOrEqual(110);
            expect(d.stitch, k.name).toBeGreaterThanOrEqual(0.8);
            const shade = d.thread.reduce((a, b) => a + b, 0) / 3;
            expect(Math.abs(shade - 1), k.name).toBeGreaterThan(0.05);
          }
          continue;
        }
        expect(dn, k.name).toBeUndefined();
        if (!pb) throw new Error(k.name);
        blacks.add(pb.black);
        expect(pb.aspect).toBeCloseTo(4 / 3, 12);
        expect(pb.black, k.name).toBeLessThanOrEqual(3);
        expect(pb.soft, k.name).toBeGreaterThanOrEqual(0.5);
        expect(pb.soft, k.name).toBeLessThanOrEqual(1.5);
        // The 4:3 camera's calibration, at the split's size, its principal point in the frame's middle.
        expect(k.calibration.image).toEqual(c.image);
        expect(k.calibration.camera.fx / c.image.height, k.name).toBeCloseTo(1040 / 1080, 6);
        expect(Math.abs(k.calibration.camera.cx - c.image.width / 2), k.name).toBeLessThan(
          (3 * c.image.height) / 1080,
        );
        expect(k.h264, k.name).toBeDefined();
      }
    expect(counts.size).toBe(2);
    expect(blacks.size).toBeGreaterThanOrEqual(2);
  });
});

itDrawsANewSplit({
  split: 'held-out-49',
  name: 'held-out 49',
  seeds: { hd: 13_400_000, uhd: 13_450_000 },
  cloths: [
    ['sunflower', 60],
    ['menthol', 60],
  ],
  makersSet: { variant: 'menthol-pillarbox', makers: 40, least: 24 },
  variants: [
    {
      variant: 'sunflower-darned',
      draws: 'darned tears',
      drawsIt: (s) => s.darning !== undefined,
    },
    {
      variant: 'menthol-pillarbox',
      draws: 'a 4:3 picture pillarboxed',
      drawsIt: (s) => s.pillarbox !== undefined,
    },
  ],
});
