// Balls in motion (src/sim/alt/motion.ts): held-out 30's frames taken mid-stroke. Some balls of a
// layout roll, drawn from the seed (the same from the same seed), each leaving its place as the shutter
// opens, on the bed and clear of every other ball over the exposure, the truth where it is at the
// exposure's middle; a ball blurred no further than a diameter is asked for, a faster one not; only
// held-out 30's two variants' frames are taken mid-stroke, with a shutter time of their own, and in
// none of an older split's cases; and in every held-out 30 frame some ball rolls, each case's shares
// the blur's. No frame of held-out 30 is detected here.
import { beforeAll, describe, expect, it } from 'vitest';
import { altCases, type AltSplit } from '../bench/detect-alt.ts';
import type { Calibration } from '../src/camera/index.ts';
import type { Table } from '../src/equipment/index.ts';
import {
  ALT_VARIANTS,
  BLURRED_UNASKED,
  altBlurInView,
  altMotion,
  altStyle,
  inMotion,
  type AltBall,
} from '../src/sim/alt/index.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import { makeScene, scaledCalibration, type SceneKind } from './vision-scenes.ts';

let demo: Calibration<Table>;
let table: Table;

beforeAll(() => {
  demo = loadDemoCalibration();
  table = demo.table;
});

const speed = (b: AltBall): number => Math.hypot(b.vx ?? 0, b.vy ?? 0);

describe('balls in motion', () => {
  it('rolls some balls of a layout, drawn from the seed: the same from the same seed, others from another', () => {
    const layout = makeScene('random', 11_501_000, table).balls;
    const a = altMotion(table, layout, 'ink-motion', 11_501_000, 1 / 50);
    expect(a).toBeDefined();
    expect((a ?? []).some((b) => speed(b) > 0)).toBe(true);
    expect(altMotion(table, layout, 'ink-motion', 11_501_000, 1 / 50)).toEqual(a);
    expect(altMotion(table, layout, 'ink-motion', 11_501_001, 1 / 50)).not.toEqual(a);
  });

  it('rolls each ball from its place as the shutter opens, on the bed and clear of the others, the truth at the exposure’s middle', () => {
    const R = table.ballRadius;
    let rolled = 0;
    for (const kind of ['opening', 'random', 'clusters', 'jaws'] as const satisfies readonly SceneKind[])
      for (let seed = 1; seed <= 6; seed++) {
        const layout = makeScene(kind, seed, table).balls;
        for (const shutter of [1 / 100, 1 / 50]) {
          const balls = altMotion(table, layout, 'pistachio-motion', seed, shutter) ?? [];
          expect(balls).toHaveLength(layout.length);
          expect(
            balls.some((b) => speed(b) > 0),
            `${kind} ${seed}`,
          ).toBe(true);
          balls.forEach((b, i) => {
            const place = layout[i] as AltBall;
            expect(b.id).toBe(place.id);
            if (speed(b) === 0) {
              expect(b).toBe(place);
              return;
            }
            rolled++;
            const [lo, hi] = b.id === 'cue' ? [1000, 4000] : [300, 2500];
            expect(speed(b)).toBeGreaterThanOrEqual(lo);
            expect(speed(b)).toBeLessThanOrEqual(hi);
            expect(b.x - ((b.vx ?? 0) * shutter) / 2).toBeCloseTo(place.x, 9);
            expect(b.y - ((b.vy ?? 0) * shutter) / 2).toBeCloseTo(place.y, 9);
          });
          // At 21 moments over the exposure: every ball on the bed, no two overlapping.
          for (let m = 0; m <= 20; m++) {
            const s = shutter * (m / 20 - 0.5);
            const now = balls.map((b) => [b.x + (b.vx ?? 0) * s, b.y + (b.vy ?? 0) * s] as const);
            now.forEach(([x, y], i) => {
              if (speed(balls[i] as AltBall) === 0) return;
              expect(x).toBeGreaterThanOrEqual(R - 1e-9);
              expect(x).toBeLessThanOrEqual(table.width - R + 1e-9);
              expect(y).toBeGreaterThanOrEqual(R - 1e-9);
              expect(y).toBeLessThanOrEqual(table.length - R + 1e-9);
              now.forEach(([ox, oy], j) => {
                if (j !== i)
                  expect(Math.hypot(x - ox, y - oy), `${kind} ${seed}`).toBeGreaterThan(2 * R - 1e-6);
              });
            });
          }
        }
      }
    expect(rolled).toBeGreaterThan(48);
  });

  it('asks for a ball blurred no further than a diameter, and not for a faster one', () => {
    const D = 2 * table.ballRadius;
    const shutter = 1 / 50;
    const ball = (v: number): AltBall => ({ id: 'cue', x: 500, y: 500, vx: v * 0.6, vy: v * 0.8 });
    const shares = altBlurInView(
      table,
      [{ id: 'red', x: 900, y: 900 }, ball((0.99 * D) / shutter), ball((1.01 * D) / shutter)],
      shutter,
    );
    expect(shares).toEqual([1, 1, BLURRED_UNASKED]);
    expect(BLURRED_UNASKED).toBeLessThanOrEqual(0.5);
  });

  it('takes held-out 30’s two variants’ frames mid-stroke only, each with its shutter time', () => {
    expect(ALT_VARIANTS.filter(inMotion)).toEqual(['pistachio-motion', 'ink-motion']);
    const layout = makeScene('random', 7, table).balls;
    for (const v of ALT_VARIANTS) {
      const shutter = altStyle(table, v, 7).shutter;
      if (inMotion(v)) expect(shutter, v).toBeGreaterThan(0);
      else {
        expect(shutter, v).toBeUndefined();
        expect(altMotion(table, layout, v, 7, 1 / 50), v).toBeUndefined();
      }
    }
    expect(altStyle(table, 'pistachio-motion', 7).shutter).toBe(1 / 100);
    expect(altStyle(table, 'ink-motion', 7).shutter).toBe(1 / 50);
  });

  it('takes no older split’s frame mid-stroke', () => {
    const older: AltSplit[] = [
      'tuning',
      'held-out',
      'held-out-12',
      'held-out-23',
      'held-out-28',
      'held-out-29',
    ];
    for (const split of older)
      for (const k of altCases(demo, split, 1, '1080p')) {
        expect(k.style.shutter, k.name).toBeUndefined();
        expect(
          k.balls.every((b) => b.vx === undefined && b.vy === undefined),
          k.name,
        ).toBe(true);
      }
  });

  it('rolls some ball in every held-out 30 frame, each case’s shares the blur’s, some asked for and some not', () => {
    const uhd = scaledCalibration(demo, 2);
    let asked = 0;
    let unasked = 0;
    for (const [res, c, per] of [
      ['1080p', demo, 3],
      ['4K', uhd, 1],
    ] as const) {
      const cases = altCases(c, 'held-out-30', per, res);
      expect(cases).toHaveLength(6 * per);
      for (const k of cases) {
        const shutter = k.style.shutter ?? 0;
        expect(shutter, k.name).toBeGreaterThan(0);
        expect(
          k.balls.some((b) => speed(b) > 0),
          k.name,
        ).toBe(true);
        expect(k.visible, k.name).toEqual(altBlurInView(k.calibration.table, k.balls, shutter));
        k.balls.forEach((b, j) => {
          if (speed(b) === 0) return;
          if ((k.visible?.[j] ?? 1) > 0.5) asked++;
          else unasked++;
        });
      }
    }
    expect(asked).toBeGreaterThan(0);
    expect(unasked).toBeGreaterThan(0);
  });
});
