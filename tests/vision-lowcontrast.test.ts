// Balls nearly the cloth's colour, drawn by the second renderer (src/sim/alt: another shading, another
// ball maker's darker and bluer green): each must be found from its shape — its limb — where the
// cloth model sees little of it, at its true place; and a black box beside the table is no ball.
import { loadDemoCalibration } from './helpers/games.ts';
import { markingsOf } from '../src/games/snooker/equipment.ts';
import { openingLayout } from '../src/games/snooker/layout.ts';
import { ALT_SNOOKER_PALETTE } from './helpers/alt-palette.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Calibration } from '../src/camera/index.ts';
import {
  ALT_CLOTH,
  altStyle,
  boxBeside,
  renderAlt,
  type AltBall,
  type AltStyle,
} from '../src/sim/alt/index.ts';
import { Locator, type LocatedBall } from '../src/vision/index.ts';

let calibration: Calibration<Table>;
import type { Table } from '../src/equipment/index.ts';
let locator: Locator;

beforeAll(() => {
  calibration = loadDemoCalibration();
  locator = new Locator(calibration);
});

/** Seeds for these frames, apart from bench/detect-alt's. */
const SEED = 8_900_000;

const locate = (balls: readonly AltBall[], style: AltStyle, seed: number): LocatedBall[] => {
  const { image } = renderAlt(calibration, ALT_SNOOKER_PALETTE, balls, style, seed);
  const r = locator.locate(image);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** Every truth ball found within `tolerance` mm, and nothing else. */
const expectExactly = (found: readonly LocatedBall[], truth: readonly AltBall[], tolerance: number): void => {
  for (const b of truth) {
    const near = found.filter((f) => Math.hypot(f.x - b.x, f.y - b.y) < calibration.table.ballRadius);
    expect(near, `${b.id} at (${b.x.toFixed(0)}, ${b.y.toFixed(0)})`).toHaveLength(1);
    const f = near[0] as LocatedBall;
    expect(Math.hypot(f.x - b.x, f.y - b.y), `${b.id}'s place`).toBeLessThan(tolerance);
  }
  expect(found).toHaveLength(truth.length);
};

/** A green cloth darker than the tournament one, nearer the ball's own green. */
const darkGreen = (seed: number): AltStyle => ({
  ...altStyle(calibration.table, 'tournament', seed),
  cloth: [22, 92, 58],
});

describe('balls nearly the colour of the cloth, in another render style', () => {
  it('green on green cloth on its spot', () => {
    const t = calibration.table;
    const spots = markingsOf(t).spots;
    const truth: AltBall[] = [
      { id: 'green', x: spots.green.x, y: spots.green.y },
      { id: 'brown', x: spots.brown.x, y: spots.brown.y },
      { id: 'cue', x: spots.brown.x - 120, y: spots.brown.y - 200 },
    ];
    expectExactly(locate(truth, darkGreen(SEED), SEED), truth, 2);
  }, 60_000);

  it('green on green cloth near a cushion', () => {
    const t = calibration.table;
    const R = t.ballRadius;
    const truth: AltBall[] = [
      { id: 'green', x: R + 0.5, y: t.length * 0.41 },
      { id: 'red', x: t.width - R - 0.5, y: t.length * 0.62 },
      { id: 'green', x: 400, y: t.length - R - 0.5 },
    ];
    expectExactly(locate(truth, darkGreen(SEED + 1), SEED + 1), truth, 2.5);
  }, 60_000);

  it("black in a pocket's jaws in dim light", () => {
    const t = calibration.table;
    const pocket = t.pockets.find((p) => p.kind === 'corner');
    if (!pocket) throw new Error('no corner pocket');
    const depth = 0.3 * pocket.fallDepth;
    const truth: AltBall[] = [
      {
        id: 'black',
        x: pocket.mouthCentre.x + depth * pocket.axis.x,
        y: pocket.mouthCentre.y + depth * pocket.axis.y,
      },
      { id: 'pink', x: t.width / 2, y: t.length / 2 },
    ];
    const style = { ...altStyle(t, 'tournament', SEED + 2), gain: 0.4 };
    const found = locate(truth, style, SEED + 2);
    expectExactly(found, truth, 2.5);
  }, 60_000);

  it('blue on blue cloth', () => {
    const t = calibration.table;
    const truth: AltBall[] = [
      { id: 'blue', x: t.width / 2, y: t.length / 2 },
      { id: 'blue', x: 520, y: 900 },
      { id: 'black', x: 1300, y: 2600 },
      { id: 'yellow', x: 300, y: 3000 },
    ];
    const style = { ...altStyle(t, 'tournament', SEED + 3), cloth: ALT_CLOTH.blue };
    expectExactly(locate(truth, style, SEED + 3), truth, 2);
  }, 60_000);

  it("regression: the three reds in the middle of the pack went unseen (the template was the apex ball, lit unlike the pack's middle)", () => {
    const t = calibration.table;
    const truth: AltBall[] = openingLayout(t).map(({ id, x, y }) => ({ id, x, y }));
    expectExactly(locate(truth, altStyle(t, 'tournament', SEED + 5), SEED + 5), truth, 2.5);
  }, 60_000);

  it('no ball on the edge of a black box beside the table', () => {
    const t = calibration.table;
    const R = t.ballRadius;
    const box = boxBeside(t, SEED + 4);
    const y = (box.y0 + box.y1) / 2;
    const onRight = box.x0 > t.width / 2;
    // A black ball against the cushion right beside the box, and another ball further off.
    const truth: AltBall[] = [
      { id: 'black', x: onRight ? t.width - R - 0.5 : R + 0.5, y: box.y1 + 4 * R },
      { id: 'red', x: t.width / 2, y },
    ];
    const style = { ...altStyle(t, 'tournament', SEED + 4), box };
    const found = locate(truth, style, SEED + 4);
    expectExactly(found, truth, 2.5);
  }, 60_000);
});
