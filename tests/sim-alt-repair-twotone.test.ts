// Held-out 48's drawing (src/sim/alt): a repaired cloth's sewn patches (hyacinth-repaired, render.ts
// AltRepair: a patch of cloth a shade off the bed's, a running stitch round it inside its edge, its hem's
// ridge shading the cloth along the edge) and a two-tone table's cushions in a cloth of their own
// (aquamarine-twotone, AltStyle.cushionCloth), at 1080p and at 4K, on frames drawn without noise. No frame
// of held-out 48 is detected here.
import { beforeAll, describe, expect, it } from 'vitest';
import { altCases } from '../bench/detect-alt.ts';
import type { Calibration } from '../src/camera/index.ts';
import type { Table } from '../src/equipment/index.ts';
import { altStyle, patchAt, type AltPatch, type AltStyle } from '../src/sim/alt/index.ts';
import { itDrawsANewSplit } from './helpers/alt-split.ts';
import { at, drawn, lightOf, windowOn } from './helpers/alt-window.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import { scaledCalibration } from './vision-scenes.ts';

let demo: Calibration<Table>;
let table: Table;

beforeAll(() => {
  demo = loadDemoCalibration();
  table = demo.table;
});

describe('a repaired cloth’s sewn patches (hyacinth-repaired)', () => {
  // A grey cloth without nap or gradient, the variant's three lamps; one patch turned 30 degrees.
  const patch = (o: Partial<AltPatch> = {}): AltPatch => ({
    x: table.width / 2,
    y: table.length / 3,
    a: 70,
    b: 30,
    angle: Math.PI / 6,
    corner: 8,
    tint: [0.8, 0.9, 1.2],
    napAngle: Math.PI / 3,
    thread: [0.3, 0.3, 0.3],
    inset: 3,
    pitch: 6,
    stitch: 1.5,
    ridge: 0.12,
    ...o,
  });
  const base = (): AltStyle => {
    const { repair: _, ...s } = altStyle(table, 'hyacinth-repaired', 3);
    return { ...s, cloth: [110, 110, 110], clothGradient: 0, nap: 0 };
  };
  const mended = (p: AltPatch): AltStyle => ({ ...base(), repair: { patches: [p] } });
  /** A point `along` mm along the patch's own x axis and `across` along its y, from its middle. */
  const on = (p: AltPatch, along: number, across: number): [number, number] => [
    p.x + along * Math.cos(p.angle) - across * Math.sin(p.angle),
    p.y + along * Math.sin(p.angle) + across * Math.cos(p.angle),
  ];
  const seen = (c: Calibration<Table>, s: AltStyle, x: number, y: number): [number, number, number] =>
    lightOf(drawn(windowOn(c, x, y, 0, 8), [], s), { u: 4, v: 4 });

  it('lets in a patch of the bed’s colour times its tint, turned its way, the bed round it as it was', () => {
    for (const c of [demo, scaledCalibration(demo, 2)]) {
      const p = patch();
      // Inside, 50 mm along its turned long axis (20 short of its end): each channel its tint times the bed's.
      const [x, y] = on(p, 50, 0);
      const inside = seen(c, mended(p), x, y);
      const bare = seen(c, base(), x, y);
      for (let ch = 0; ch < 3; ch++)
        expect(
          Math.abs((inside[ch] as number) / (bare[ch] as number) - (p.tint[ch] as number)),
          `${ch}`,
        ).toBeLessThan(0.03);
      // 50 mm along the table's own x from its middle (past its 30 mm half-width across, turned): the bed.
      expect(seen(c, mended(p), p.x + 50, p.y - 40)).toEqual(seen(c, base(), p.x + 50, p.y - 40));
      // 10 mm outside its edge: byte-identical to the bed without it (the hem's ridge a millimetre's).
      const [ox, oy] = on(p, 0, p.b + 10);
      const img = drawn(windowOn(c, ox, oy, 0, 8), [], mended(p));
      const bareImg = drawn(windowOn(c, ox, oy, 0, 8), [], base());
      expect(at(img, { u: 4, v: 4 })).toEqual(at(bareImg, { u: 4, v: 4 }));
    }
  });

  it('sews a running stitch round it its inset inside the edge, dashes a pitch apart, in the thread’s colour', () => {
    // At 4K (a pixel about a millimetre on the bed): along the stitch line of the long side, 60 mm.
    const c = scaledCalibration(demo, 2);
    const p = patch({ angle: 0, tint: [1, 1, 1], ridge: 0 });
    const lights: number[] = [];
    for (let s = -30; s <= 30; s += 0.5) {
      const [x, y] = on(p, s, p.b - p.inset);
      lights.push((seen(c, mended(p), x, y)[1] as number) / (seen(c, base(), x, y)[1] as number));
    }
    const lo = Math.min(...lights);
    const hi = Math.max(...lights);
    // Dark in a stitch (the thread 0.3 of the cloth, blurred over about a pixel), the cloth between them.
    expect(lo).toBeLessThan(0.6);
    expect(hi).toBeGreaterThan(0.95);
    // Dashes: in the thread over about 0.6 of the line (0.35 to 0.8 allowing the pixels' blur).
    const dark = lights.filter((v) => v < (lo + hi) / 2).length / lights.length;
    expect(dark).toBeGreaterThan(0.35);
    expect(dark).toBeLessThan(0.8);
    // Ten millimetres further in, no stitch.
    const [x, y] = on(p, 0, p.b - p.inset - 10);
    expect((seen(c, mended(p), x, y)[1] as number) / (seen(c, base(), x, y)[1] as number)).toBeGreaterThan(
      0.97,
    );
  });

  it('shades the cloth along the hem’s ridge by its depth at the edge, not 3 mm off it', () => {
    const c = scaledCalibration(demo, 2);
    // No colour change, no stitch (the thread the cloth's): the ridge alone; its end's edge (no stitch line).
    const p = patch({ angle: 0, tint: [1, 1, 1], thread: [1, 1, 1], ridge: 0.15 });
    const ratio = (d: number): number => {
      const [x, y] = on(p, p.a + d, 0);
      return (seen(c, mended(p), x, y)[1] as number) / (seen(c, base(), x, y)[1] as number);
    };
    expect(ratio(0)).toBeLessThan(0.93);
    expect(ratio(0)).toBeGreaterThan(0.8);
    expect(ratio(4)).toBeGreaterThan(0.99);
    expect(ratio(-4)).toBeGreaterThan(0.99);
  });

  it('measures where a point lies in a patch: its distance to the edge, negative inside, turned its way', () => {
    const p = patch();
    const o = new Float64Array(4);
    const [x, y] = on(p, 50, 0);
    patchAt(p, x, y, o);
    expect(o[0]).toBeCloseTo(-20, 6);
    const [ex, ey] = on(p, 0, p.b + 5);
    patchAt(p, ex, ey, o);
    expect(o[0]).toBeCloseTo(5, 6);
    // A rounded corner: 5 mm out along its diagonal from the corner's circle.
    const k = p.corner;
    const [cx, cy] = on(p, p.a - k + (k + 5) * Math.SQRT1_2, p.b - k + (k + 5) * Math.SQRT1_2);
    patchAt(p, cx, cy, o);
    expect(o[0]).toBeCloseTo(5, 6);
  });
});

describe('a two-tone table’s cushions in a cloth of their own (aquamarine-twotone)', () => {
  it('draws the cushions in their cloth, the bed, the rail and the pockets’ throats in theirs', () => {
    for (const c of [demo, scaledCalibration(demo, 2)]) {
      const { cushionCloth: _, ...s } = altStyle(table, 'aquamarine-twotone', 5);
      const style = { ...s, clothGradient: 0 };
      const navy: readonly [number, number, number] = [25, 35, 95];
      const two: AltStyle = { ...style, cushionCloth: navy };
      const allNavy: AltStyle = { ...style, cloth: navy };
      const y = table.length / 4;
      const look = (st: AltStyle, x: number, yy: number) =>
        at(drawn(windowOn(c, x, yy, 0, 8), [], st), { u: 4, v: 4 });
      // On the cushion's top (25 mm past the nose), a long one's and an end's: as a table all in its cloth.
      expect(look(two, -25, y)).toEqual(look(allNavy, -25, y));
      expect(look(two, table.width / 3, table.length + 25)).toEqual(
        look(allNavy, table.width / 3, table.length + 25),
      );
      expect(look(two, -25, y)).not.toEqual(look(style, -25, y));
      // The bed 5 and 300 mm in, the rail 120 mm out: as the one-colour table.
      for (const [x, yy] of [
        [5, y],
        [300, y],
        [-120, y],
      ] as const)
        expect(look(two, x, yy), `${x}`).toEqual(look(style, x, yy));
    }
  });
});

describe('bench/detect-alt’s held-out 48, the patches and the cushions', () => {
  it('draws each hyacinth-repaired frame’s patches within their ranges clear of the cushions, and each aquamarine-twotone frame’s cushions in a club’s contrast', () => {
    const cushions = new Set<string>();
    const counts = new Set<number>();
    for (const [c, per, res] of [
      [demo, 3, '1080p'],
      [scaledCalibration(demo, 2), 1, '4K'],
    ] as const)
      for (const k of altCases(c, 'held-out-48', per, res)) {
        const r = k.style.repair;
        const cc = k.style.cushionCloth;
        if (k.variant === 'hyacinth-repaired') {
          expect(cc, k.name).toBeUndefined();
          if (!r) throw new Error(k.name);
          counts.add(r.patches.length);
          expect(r.patches.length, k.name).toBeGreaterThanOrEqual(1);
          expect(r.patches.length, k.name).toBeLessThanOrEqual(3);
          for (const p of r.patches) {
            const reach = Math.hypot(p.a, p.b);
            expect(
              Math.min(p.x, table.width - p.x, p.y, table.length - p.y) - reach,
              k.name,
            ).toBeGreaterThanOrEqual(150);
            const shade = p.tint.reduce((a, b) => a + b, 0) / 3;
            // A shade off: darker or lighter, not the bed's.
            expect(Math.abs(shade - 1), k.name).toBeGreaterThan(0.05);
            expect(Math.abs(shade - 1), k.name).toBeLessThan(0.3);
            expect(Math.abs(p.napAngle), k.name).toBeGreaterThanOrEqual(Math.PI / 6);
          }
          continue;
        }
        expect(r, k.name).toBeUndefined();
        if (!cc) throw new Error(k.name);
        cushions.add(cc.join(','));
        // A contrast: darker than the aquamarine bed by far.
        expect(cc[0] + cc[1] + cc[2], k.name).toBeLessThan(400);
      }
    expect(cushions.size).toBeGreaterThanOrEqual(3);
    expect(counts.size).toBeGreaterThanOrEqual(2);
  });
});

itDrawsANewSplit({
  split: 'held-out-48',
  name: 'held-out 48',
  seeds: { hd: 13_300_000, uhd: 13_350_000 },
  cloths: [
    ['hyacinth', 60],
    ['aquamarine', 60],
  ],
  makersSet: { variant: 'aquamarine-twotone', makers: 39, least: 24 },
  variants: [
    {
      variant: 'hyacinth-repaired',
      draws: 'a repaired cloth’s sewn patches',
      drawsIt: (s) => s.repair !== undefined,
    },
    {
      variant: 'aquamarine-twotone',
      draws: 'cushions in a cloth of their own',
      drawsIt: (s) => s.cushionCloth !== undefined,
    },
  ],
});
