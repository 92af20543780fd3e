// Where the balls are, on frames src/sim renders through the demo camera with exact truth: every
// kind of scene the referee meets — the break-off layout, a pack of touching balls, balls in the
// pockets' jaws, a player's cue and arm over the balls, a dim room and a warm one. Detections are
// matched to the truth by position (identity is the classifier's business and is tested there).
import { beforeAll, describe, expect, it } from 'vitest';
import { type Calibration } from '../src/camera/index.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import type { RgbImage } from '../src/core/image.ts';
import { DEFAULT_PLAYER } from '../src/sim/render/occluders.ts';
import {
  renderFrame,
  subframesAt,
  type FrameSettings,
  type RenderBall,
  type Renderer,
} from '../src/sim/render/index.ts';
import { Locator, type LocatedBall } from '../src/vision/index.ts';
import {
  HELD_OUT_SEED,
  makeScene,
  renderScene,
  sceneRenderer,
  type SceneKind,
  type TruthBall,
} from './vision-scenes.ts';
import type { Table } from '../src/equipment/index.ts';

// Targets of issue 5 at 1080p.
const RMS_MM = 1;
const MAX_MM = 4;

let calibration: Calibration<Table>;
let renderer: Renderer;
let locator: Locator;

beforeAll(() => {
  calibration = loadDemoCalibration();
  renderer = sceneRenderer(calibration);
  locator = new Locator(calibration);
}, 60_000);

interface Matched {
  readonly truth: TruthBall;
  readonly found: LocatedBall;
  readonly errorMm: number;
}

/** Pair each detection with the nearest unclaimed truth ball within a ball radius. */
const match = (truth: readonly TruthBall[], found: readonly LocatedBall[]) => {
  const claimed = new Set<TruthBall>();
  const pairs: Matched[] = [];
  const phantoms: LocatedBall[] = [];
  for (const f of found) {
    let best: TruthBall | undefined;
    let bestD = 26.25;
    for (const t of truth) {
      const d = Math.hypot(t.x - f.x, t.y - f.y);
      if (d < bestD && !claimed.has(t)) {
        best = t;
        bestD = d;
      }
    }
    if (best) {
      claimed.add(best);
      pairs.push({ truth: best, found: f, errorMm: bestD });
    } else phantoms.push(f);
  }
  return { pairs, phantoms, missed: truth.filter((t) => !claimed.has(t)) };
};

const locateScene = (kind: SceneKind, seed: number) => {
  const scene = makeScene(kind, seed, calibration.table);
  const { image, truth } = renderScene(renderer, scene);
  const found = locator.locate(image);
  if (!found.ok) throw new Error(found.error.message);
  return { truth, ...match(truth, found.value) };
};

/** A frame as 4:2:0 video carries it: brightness at every pixel, colour averaged over 2 × 2 (BT.601). */
const chromaHalved = (img: RgbImage): RgbImage => {
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(data.length);
  const clamp = (v: number): number => Math.max(0, Math.min(255, Math.round(v)));
  for (let y = 0; y < h; y += 2)
    for (let x = 0; x < w; x += 2) {
      let cb = 0;
      let cr = 0;
      const px: number[] = [];
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const i = ((y + dy) * w + x + dx) * 3;
        const r = data[i] as number;
        const g = data[i + 1] as number;
        const b = data[i + 2] as number;
        px.push(i, 0.299 * r + 0.587 * g + 0.114 * b);
        cb += ((b - (0.299 * r + 0.587 * g + 0.114 * b)) * 0.564) / 4;
        cr += ((r - (0.299 * r + 0.587 * g + 0.114 * b)) * 0.713) / 4;
      }
      for (let k = 0; k < 8; k += 2) {
        const i = px[k] as number;
        const luma = px[k + 1] as number;
        out[i] = clamp(luma + 1.403 * cr);
        out[i + 1] = clamp(luma - 0.344 * cb - 0.714 * cr);
        out[i + 2] = clamp(luma + 1.773 * cb);
      }
    }
  return { width: w, height: h, data: out };
};

const rms = (pairs: readonly Matched[]): number =>
  Math.sqrt(pairs.reduce((s, p) => s + p.errorMm ** 2, 0) / Math.max(1, pairs.length));

/** Every ball found, none invented, each within the worst-case target and all within the RMS target. */
const expectAllFound = (r: ReturnType<typeof locateScene>): void => {
  expect(r.missed.map((t) => `${t.id} (${t.x.toFixed(0)}, ${t.y.toFixed(0)})`)).toEqual([]);
  expect(r.phantoms.map((f) => `(${f.x.toFixed(0)}, ${f.y.toFixed(0)})`)).toEqual([]);
  for (const p of r.pairs)
    expect(p.errorMm, `${p.truth.id} at (${p.truth.x.toFixed(0)}, ${p.truth.y.toFixed(0)})`).toBeLessThan(
      MAX_MM,
    );
  expect(rms(r.pairs)).toBeLessThan(RMS_MM);
};

/**
 * Balls placed by `at` over one exposure (the fastest moving at `speed` mm/s), rendered and located:
 * each found, and somewhere along its streak — the fit takes the outline at one end or the other (the
 * tracker allows for it, src/tracking/synthetic.ts blurEndFraction).
 */
const expectFoundInBlur = (
  at: (t: number) => readonly RenderBall[],
  speed: number,
  settings: FrameSettings,
): void => {
  const image = renderFrame(
    renderer,
    subframesAt(renderer, 0, at, () => []),
    settings,
  );
  const found = locator.locate(image);
  if (!found.ok) throw new Error(found.error.message);
  const r = match(
    at(0).map((b) => ({ ...b, visible: 1 })),
    found.value,
  );
  expect(r.missed.map((t) => t.id)).toEqual([]);
  expect(r.phantoms).toEqual([]);
  const streak = (speed * renderer.options.exposureMs) / 1000;
  for (const p of r.pairs) expect(p.errorMm).toBeLessThan(MAX_MM + streak / 2);
};

describe('locating balls on rendered frames', () => {
  it('finds all 22 balls of the break-off layout, the pack of touching reds one by one', () => {
    const r = locateScene('opening', HELD_OUT_SEED);
    expect(r.truth).toHaveLength(22);
    expectAllFound(r);
  });

  it('separates clusters of touching balls', () => {
    const r = locateScene('clusters', HELD_OUT_SEED + 3001);
    // The scene really has balls in contact (centres a diameter apart).
    const touching = r.truth.filter((a) =>
      r.truth.some((b) => a !== b && Math.hypot(a.x - b.x, a.y - b.y) < 52.5 + 1e-3),
    );
    expect(touching.length).toBeGreaterThanOrEqual(6);
    expectAllFound(r);
  });

  it('finds balls in the pockets’ jaws, placed from the side the cloth shows', () => {
    const r = locateScene('jaws', HELD_OUT_SEED + 3002);
    const table = calibration.table;
    const inJaws = r.truth.filter(
      (t) =>
        t.x < 0 || t.y < 0 || t.x > table.width || t.y > table.length || t.x < 60 || t.x > table.width - 60,
    );
    expect(inJaws.length).toBeGreaterThanOrEqual(3);
    expectAllFound(r);
  });

  it('reports a ball under the arm only when most of it is in view', () => {
    let mostlyHidden = 0;
    let mostlyVisible = 0;
    for (const seed of [HELD_OUT_SEED + 4000, HELD_OUT_SEED + 4002, HELD_OUT_SEED + 4006]) {
      const r = locateScene('occluders', seed);
      for (const p of r.pairs)
        expect(p.truth.visible, `${p.truth.id} reported though mostly hidden`).toBeGreaterThan(0.3);
      for (const t of r.missed) expect(t.visible, `${t.id} missed though in view`).toBeLessThan(0.7);
      expect(r.phantoms).toEqual([]);
      for (const p of r.pairs) expect(p.errorMm).toBeLessThan(MAX_MM);
      mostlyHidden += r.truth.filter((t) => t.visible < 0.3).length;
      mostlyVisible += r.truth.filter((t) => t.visible >= 0.7 && t.visible < 1).length;
    }
    // The scenes did put balls under the player, some hidden, some only in part.
    expect(mostlyHidden).toBeGreaterThan(0);
    expect(mostlyVisible).toBeGreaterThan(0);
  });

  it('finds the middle of a pack on video, where colour at half resolution smears the gaps away', () => {
    const scene = makeScene('opening', HELD_OUT_SEED + 1, calibration.table);
    const { image, truth } = renderScene(renderer, scene);
    const video = chromaHalved(image);
    const found = locator.locate(video);
    if (!found.ok) throw new Error(found.error.message);
    const r = { truth, ...match(truth, found.value) };
    expectAllFound(r);
    // The gaps are gone: some reds were placed by their likeness to their neighbours.
    expect(found.value.some((b) => b.found === 'appearance')).toBe(true);
  });

  it('finds the green at rest under a warm light, its shaded body the colour of the cloth', () => {
    // Regression (held-out video, seed 13 000 025): under a light as warm as the room gets, the green
    // at rest was never seen in the whole clip — its disc measured 0.72 solid, short of the 0.9 that
    // tells a ball from cloth ringed by other things, though its outline was clean all round.
    const scene = {
      kind: 'warm' as const,
      seed: HELD_OUT_SEED + 6101,
      balls: [
        { id: 'green' as const, x: 724.3, y: 1488.8 },
        { id: 'cue' as const, x: 97.6, y: 1165.9 },
        { id: 'red' as const, x: 1400, y: 338 },
      ],
      players: [],
      light: { gain: 0.99, warmth: 0.99 },
    };
    const { image, truth } = renderScene(renderer, scene);
    const found = locator.locate(image);
    if (!found.ok) throw new Error(found.error.message);
    expectAllFound({ truth, ...match(truth, found.value) });
  });

  it.each([
    [1500, 30],
    [2000, -10],
    [2300, -10],
    [2600, 60],
    [3000, 0],
    [4000, 90],
    [4000, 35],
  ])(
    'finds the cue ball moving at %i mm/s (%i° off down the table) in its blur, where it is at the frame’s time',
    (speed, offDeg) => {
      // Regression (held-out video, seed 13 000 005): a cue ball at 2.3 m/s on open cloth, its image
      // stretched 19 mm along its way by the 1/120 s exposure, went unseen for 870 ms: the ends of the
      // streak lay beyond the fitted outline, and only 40 % of the outline counted as seen.
      const a = ((offDeg - 90) * Math.PI) / 180;
      const at = (t: number) => [
        {
          id: 'cue' as const,
          x: 600 + (speed * Math.cos(a) * t) / 1000,
          y: 1700 + (speed * Math.sin(a) * t) / 1000,
        },
        { id: 'red' as const, x: 1400, y: 338 },
      ];
      expectFoundInBlur(at, speed, { frameIndex: HELD_OUT_SEED + 6200 + offDeg });
    },
  );

  it('finds the green moving at 2.2 m/s across the table in a dim room, the ends of its blur fading into the cloth', () => {
    // Regression (held-out video, seed 14 000 004 at 30 fps): the green, sent 1.1 m into the middle
    // pocket, was found twice on its way, and only once after a hand's fingers were told apart from
    // a blurred ball. Its streak's ends fade into the cloth with no clear step; its sides lie inside
    // the outline. (At 1.6-1.9 m/s it is not found at all yet.)
    const at = (t: number) => [
      { id: 'green' as const, x: 1000 + 2.2 * t, y: 1816 },
      { id: 'red' as const, x: 1400, y: 338 },
    ];
    expectFoundInBlur(at, 2200, { frameIndex: HELD_OUT_SEED + 6400, light: { gain: 0.515, warmth: -0.11 } });
  });

  it.each([
    [0.45, 0.77],
    [0.8, 0],
    [1, 0.33],
  ])(
    'takes no hand reaching over the cushion beside a pocket for a ball, on video (light at %f, warmth %f)',
    (gain, warmth) => {
      // Regression (held-out video, seed 14 000 015, in its light of 0.45, warmth 0.77): the player's
      // hand by the top right pocket was reported as a ball for seconds, and the tracker took it for
      // the brown going in. The fingers' edges lay inside the fitted outline at both ends of a line,
      // and were counted as the two ends of a moving ball's blur streak, which lie beyond it.
      const scene = {
        kind: 'occluders' as const,
        seed: HELD_OUT_SEED + 6300,
        balls: [
          { id: 'cue' as const, x: 400, y: 600 },
          { id: 'red' as const, x: 1400, y: 338 },
          { id: 'brown' as const, x: 1500, y: 3300 },
        ],
        players: [
          {
            ...DEFAULT_PLAYER,
            from: -1,
            to: 1,
            contact: { x: 1928.2, y: 3410.3 },
            aim: 9.34,
            side: 'left' as const,
            bridge: 280,
          },
        ],
        light: { gain, warmth },
      };
      const { image, truth } = renderScene(renderer, scene);
      const found = locator.locate(chromaHalved(image));
      if (!found.ok) throw new Error(found.error.message);
      expectAllFound({ truth, ...match(truth, found.value) });
    },
  );

  it('keeps its accuracy in a dim room and under warm light', () => {
    for (const [kind, seed] of [
      ['dim', HELD_OUT_SEED + 5001],
      ['warm', HELD_OUT_SEED + 6001],
    ] as const)
      expectAllFound(locateScene(kind, seed));
  });
});
