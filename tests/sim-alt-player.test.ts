// A player at the table (src/sim/alt/player.ts): held-out 29's. A player addresses the cue ball, the
// tip a few cm behind it and the cue rising to the butt beyond the cushion, clear of every ball; is
// placed the same from the same seed; stands at held-out 29's two variants' tables only, and in none of
// an older split's cases; and stands in every held-out 29 frame, clear of its balls, some of them
// hidden, each case's shares in view the truth's (altInView). No frame of held-out 29 is detected here.
import { beforeAll, describe, expect, it } from 'vitest';
import { altCases, type AltSplit } from '../bench/detect-alt.ts';
import { cameraCentre, type Calibration } from '../src/camera/index.ts';
import type { Table } from '../src/equipment/index.ts';
import {
  ALT_VARIANTS,
  altInView,
  altPlayer,
  hasPlayer,
  type AltBall,
  type AltPlayer,
  type AltPoint,
  type AltRod,
} from '../src/sim/alt/index.ts';
import { clearOf, prepare } from '../src/sim/alt/parts.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import { scaledCalibration } from './vision-scenes.ts';

let demo: Calibration<Table>;
let table: Table;
let eye: AltPoint;
/** A cue ball 500 mm from the baulk cushion on the middle line, a red up the table: a player addresses it. */
let balls: AltBall[];
let player: AltPlayer;

beforeAll(() => {
  demo = loadDemoCalibration();
  table = demo.table;
  eye = cameraCentre(demo);
  balls = [
    { id: 'cue', x: table.width / 2, y: 500 },
    { id: 'red', x: table.width / 2 + 80, y: 2000 },
  ];
  const p = altPlayer(table, balls, 'raspberry-player', 11_400_000, eye);
  if (!p) throw new Error('no player');
  player = p;
});

/** Whether no part of a player is inside any of the balls. */
const clearOfBalls = (p: AltPlayer, bs: readonly AltBall[], t: Table): boolean =>
  p.parts
    .map(prepare)
    .every((q) => bs.every((b) => clearOf(q, b.x, b.y, t.ballCentreHeight, t.ballRadius, 0)));

describe('a player at the table', () => {
  it('addresses the cue ball: the tip a few cm behind it, the cue rising to the butt beyond the cushion', () => {
    const cue = player.parts[0] as AltRod;
    expect(cue.kind).toBe('rod');
    const R = table.ballRadius;
    const tipToBall = Math.hypot(cue.a.x - table.width / 2, cue.a.y - 500);
    expect(tipToBall).toBeGreaterThan(R + 15);
    expect(tipToBall).toBeLessThan(R + 55);
    expect(cue.b.z).toBeGreaterThan(cue.a.z + 80);
    expect(Math.hypot(cue.b.x - cue.a.x, cue.b.y - cue.a.y, cue.b.z - cue.a.z)).toBeCloseTo(1450, 6);
    expect(Math.min(cue.b.x, table.width - cue.b.x, cue.b.y, table.length - cue.b.y)).toBeLessThan(0);
    expect(clearOfBalls(player, balls, table)).toBe(true);
  });

  it('is placed the same from the same seed, and otherwise from another', () => {
    expect(altPlayer(table, balls, 'raspberry-player', 11_400_000, eye)).toEqual(player);
    expect(altPlayer(table, balls, 'raspberry-player', 11_400_001, eye)).not.toEqual(player);
  });

  it('stands at held-out 29’s two variants’ tables only, and in no older split’s case', () => {
    expect(ALT_VARIANTS.filter(hasPlayer)).toEqual(['raspberry-player', 'avocado-player']);
    for (const v of ALT_VARIANTS)
      if (!hasPlayer(v)) expect(altPlayer(table, balls, v, 7, eye), v).toBeUndefined();
    const older: AltSplit[] = [
      'tuning',
      'held-out',
      'held-out-12',
      'held-out-23',
      'held-out-27',
      'held-out-28',
    ];
    for (const split of older)
      for (const k of altCases(demo, split, 1, '1080p')) {
        expect(k.style.player, k.name).toBeUndefined();
        expect(k.visible, k.name).toBeUndefined();
      }
  });

  it('stands in every held-out 29 frame, clear of its balls, some hidden, each share the truth’s', () => {
    const uhd = scaledCalibration(demo, 2);
    let hidden = 0;
    for (const [res, c, per] of [
      ['1080p', demo, 3],
      ['4K', uhd, 1],
    ] as const) {
      const cases = altCases(c, 'held-out-29', per, res);
      expect(cases).toHaveLength(6 * per);
      for (const k of cases) {
        const p = k.style.player;
        if (!p) throw new Error(`${k.name}: no player`);
        expect(clearOfBalls(p, k.balls, k.calibration.table), k.name).toBe(true);
        expect(k.visible, k.name).toEqual(altInView(k.calibration, k.balls, p));
        hidden += (k.visible ?? []).filter((v) => v < 1).length;
      }
    }
    expect(hidden).toBeGreaterThan(0);
  });
});
