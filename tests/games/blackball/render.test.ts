// Pool balls as the renderer draws them: turned at random, rolling as they move (axis square to the
// motion, angle = distance / radius), a stripe that shows mostly white pole-up and a broad band on its
// side, and a clip that turns its balls the same way every time it is played.
import type { Table } from '../../../src/equipment/index.ts';
import { describe, expect, it } from 'vitest';
import type { Calibration } from '../../../src/camera/index.ts';
import type { RgbImage } from '../../../src/core/image.ts';
import { blackball } from '../../../src/games/blackball/index.ts';
import { namedPoolTable } from '../../../src/games/blackball/table.ts';
import type { SimGame } from '../../../src/sim/game.ts';
import { rolled, UPRIGHT, type Orientation } from '../../../src/sim/orientation.ts';
import { makeRng } from '../../../src/sim/random.ts';
import { createRenderer, playClip, renderFrame, type RenderBall } from '../../../src/sim/render/index.ts';
import type { Scenario } from '../../../src/sim/scenario.ts';
import { ballInImage } from '../../../src/sim/training/dataset.ts';
import { DEFAULT_CAMERA_RANGE, seededCamera } from '../../../src/sim/training/scenes.ts';

const table = namedPoolTable('pool-9ft');
const R = table.ballRadius;
// A small overhead camera (960 × 540): a ball is about 16 px across.
const calibration: Calibration<Table> = seededCamera(
  makeRng(11),
  { ...DEFAULT_CAMERA_RANGE, width: 960, height: 540 },
  { table, tableSpec: 'pool-9ft' },
);
const renderer = createRenderer(calibration, { noise: 0, supersample: 1, exposureMs: 0 });

/** Rotate the ball's own vector v by q into the table's frame. */
const turn = (q: Orientation, v: readonly [number, number, number]): number[] => {
  const [w, x, y, z] = q;
  const [a, b, c] = v;
  // v + 2w(u × v) + 2u × (u × v)
  const cx = y * c - z * b;
  const cy = z * a - x * c;
  const cz = x * b - y * a;
  return [
    a + 2 * (w * cx + y * cz - z * cy),
    b + 2 * (w * cy + z * cx - x * cz),
    c + 2 * (w * cz + x * cy - y * cx),
  ];
};

/** Share of a ball's disc (the inner 80 %) far from white: the stripe's colour showing from above. */
const colourShare = (image: RgbImage, x: number, y: number): number => {
  const d = ballInImage(calibration, x, y);
  const r = 0.8 * d.radiusPx;
  let n = 0;
  let coloured = 0;
  for (let v = Math.floor(d.v - r); v <= Math.ceil(d.v + r); v++)
    for (let u = Math.floor(d.u - r); u <= Math.ceil(d.u + r); u++) {
      if ((u - d.u) ** 2 + (v - d.v) ** 2 > r * r) continue;
      const i = (v * image.width + u) * 3;
      const lo = Math.min(image.data[i] as number, image.data[i + 1] as number, image.data[i + 2] as number);
      n++;
      // the 10's red band: blue channel low; white caps and circle: every channel high
      if (lo < 120) coloured++;
    }
  return coloured / n;
};

const drawOne = (ball: RenderBall): RgbImage =>
  renderFrame(renderer, [{ balls: [ball], occluders: [] }], { frameIndex: 0 });

describe('rolling without slipping', () => {
  it('a quarter turn along +x brings the top of the ball round to the front', () => {
    const q = rolled(UPRIGHT, (Math.PI / 2) * R, 0, R);
    const top = turn(q, [0, 0, 1]);
    expect(top[0]).toBeCloseTo(1, 9);
    expect(top[2]).toBeCloseTo(0, 9);
  });

  it('a full circumference in any direction brings the ball back as it was', () => {
    const start: Orientation = [0.5, 0.5, -0.5, 0.5];
    const a = 0.7;
    const end = rolled(start, 2 * Math.PI * R * Math.cos(a), 2 * Math.PI * R * Math.sin(a), R);
    for (const v of [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ] as const) {
      const p = turn(start, v);
      const q = turn(end, v);
      for (let k = 0; k < 3; k++) expect(q[k]).toBeCloseTo(p[k] as number, 9);
    }
  });
});

describe('a stripe from above', () => {
  const at = { x: 635, y: 1270 };
  it('shows mostly white pole-up and a broad band of colour on its side', () => {
    const poleUp = colourShare(drawOne({ id: '11', ...at, q: UPRIGHT }), at.x, at.y);
    // pole along the table's y: the band runs across the top
    const onSide = colourShare(
      drawOne({ id: '11', ...at, q: rolled(UPRIGHT, 0, (Math.PI / 2) * R, R) }),
      at.x,
      at.y,
    );
    expect(poleUp).toBeLessThan(0.05);
    expect(onSide).toBeGreaterThan(0.5);
  });

  it('a solid shows its colour whichever way it is turned', () => {
    for (const d of [0, 0.5, 1, 1.5]) {
      const q = rolled(UPRIGHT, d * R, 0.3 * d * R, R);
      expect(colourShare(drawOne({ id: '3', ...at, q }), at.x, at.y)).toBeGreaterThan(0.7);
    }
  });
});

describe('a clip of a rolling stripe', () => {
  const scenario: Scenario = {
    game: blackball.sim as SimGame,
    table,
    balls: [
      { track: 'cue', id: 'cue', x: 300, y: 600 },
      { track: '11', id: '11', x: 635, y: 600 },
    ],
    // The cue ball straight across into the 11, which rolls off towards the far cushion.
    strokes: [{ cue: { vx: 2500, vy: 0 } }],
    seed: 9,
    render: { exposureMs: 0, noise: 0, cloth: 'blue' },
  };
  const played = playClip(scenario);
  if (!played.ok) throw new Error(played.error.message);
  const { clip } = played.value;
  const start = played.value.played.strokes[0]?.start ?? 0;
  const eleven = (t: number): RenderBall & { q: Orientation } => {
    const b = clip.balls(t).find((x) => x.track === '11');
    if (!b?.q) throw new Error('no 11 with an orientation');
    return b as RenderBall & { q: Orientation };
  };

  it('turns each ball at random from the seed, and the same way however the clip is read', () => {
    const late = eleven(start + 600);
    const before = eleven(0);
    expect(before.q).not.toEqual(UPRIGHT);
    const again = playClip(scenario);
    if (!again.ok) throw new Error(again.error.message);
    // read in another order: the early time after the late one
    const a = again.value.clip.balls(start + 600).find((x) => x.track === '11');
    expect(a?.q).toEqual(late.q);
    expect(again.value.clip.balls(0).find((x) => x.track === '11')?.q).toEqual(before.q);
  });

  it('turns the ball by distance / radius about the axis square to its path', () => {
    const t0 = start + 300;
    const a = eleven(t0);
    const b = eleven(t0 + 20);
    const distance = Math.hypot(b.x - a.x, b.y - a.y);
    expect(distance).toBeGreaterThan(5);
    // The rotation from a to b: compare where a body axis goes against rolling a by the step.
    const expected = rolled(a.q, b.x - a.x, b.y - a.y, R);
    for (const v of [
      [1, 0, 0],
      [0, 0, 1],
    ] as const) {
      const got = turn(b.q, v);
      const want = turn(expected, v);
      for (let k = 0; k < 3; k++) expect(got[k]).toBeCloseTo(want[k] as number, 2);
    }
  });

  it("changes the stripe's look as it rolls", () => {
    const r = createRenderer(calibration, { noise: 0, supersample: 1, exposureMs: 0 });
    const shares: number[] = [];
    for (let k = 0; k < 8; k++) {
      const b = eleven(start + 200 + k * 40);
      const image = renderFrame(r, [{ balls: [b], occluders: [] }], { frameIndex: k });
      shares.push(colourShare(image, b.x, b.y));
    }
    expect(Math.max(...shares) - Math.min(...shares)).toBeGreaterThan(0.2);
  });
});
