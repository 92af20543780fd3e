// Regression (issue 14): a grey cloth was refused outright. The cloth model wanted a coloured cloth (a
// chromaticity at least 0.08 from grey) and refused every frame of a grey, silver or charcoal cloth
// as "no table …: the bed there has no cloth colour" — every grey-cloth frame of the second
// renderer's held-out-3 split, 95 balls. Real clubs lay such cloths. Drawn here by our own renderer
// (its `grey` and `charcoal` cloths, seeds apart from the benchmarks'): every ball found, nothing
// invented, on a snooker and a pool table; and a frame that is grey all over (a wall, a lens cap) is
// still no table, now because nothing round the "bed" is a dark pocket. Every case fails on the code
// before the fix (the first four refused, the last for another reason). Then `calibrate --image` on
// an empty charcoal table (failed before: the room's greys joined the cloth's outline), and the
// camera check on it (brightness only: passed before too, kept as the guard it is).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Calibration } from '../src/camera/index.ts';
import { namedPoolTable } from '../src/games/blackball/table.ts';
import { makeRng } from '../src/sim/random.ts';
import type { ClothName } from '../src/sim/render/cloth.ts';
import { DEFAULT_CAMERA_RANGE, seededCamera } from '../src/sim/training/scenes.ts';
import { Locator, type LocatedBall } from '../src/vision/index.ts';
import { pixelToPlane, project } from '../src/camera/index.ts';
import { mm } from '../src/core/units.ts';
import { createRenderer, renderFrame } from '../src/sim/render/index.ts';
import { lookWithCloth } from '../src/sim/render/options.ts';
import { calibrateFromImage } from '../src/vision/calibrate/index.ts';
import { checkCamera } from '../src/vision/camera-check.ts';
import { SNOOKER_BED } from './helpers/games.ts';
import { loadDemoCalibration } from './helpers/games.ts';
import {
  makeScene,
  POOL_SCENES,
  renderScene,
  sceneRenderer,
  type SceneKind,
  type TruthBall,
} from './vision-scenes.ts';
import type { Table } from '../src/equipment/index.ts';

const SEED = 8_960_000;

let snooker: Calibration<Table>;
let pool: Calibration<Table>;

beforeAll(() => {
  snooker = loadDemoCalibration();
  const table = namedPoolTable('pool-9ft');
  pool = seededCamera(makeRng(SEED), DEFAULT_CAMERA_RANGE, { table, tableSpec: 'pool-9ft' });
});

/** Each true ball's nearest detection within a ball radius (undefined: missed), and what is left over. */
const match = (truth: readonly TruthBall[], found: readonly LocatedBall[], radius: number) => {
  const left = new Set(found);
  const errors = truth.map((t) => {
    let best: LocatedBall | undefined;
    let bestD = radius;
    for (const f of left) {
      const d = Math.hypot(f.x - t.x, f.y - t.y);
      if (d < bestD) {
        best = f;
        bestD = d;
      }
    }
    if (!best) return { t, d: undefined };
    left.delete(best);
    return { t, d: bestD };
  });
  return { errors, phantoms: [...left] };
};

const locateOn = (
  c: Calibration<Table>,
  cloth: ClothName,
  kind: SceneKind,
  seed: number,
  pooled: boolean,
) => {
  const scene = pooled ? makeScene(kind, seed, c.table, POOL_SCENES) : makeScene(kind, seed, c.table);
  const { image, truth } = renderScene(sceneRenderer(c, seed, cloth), scene);
  const r = new Locator(c).locate(image);
  if (!r.ok) throw new Error(r.error.message);
  return { truth, ...match(truth, r.value, c.table.ballRadius) };
};

describe('a grey cloth is a cloth', () => {
  // [cloth, layout, pool?]. Measured 0.0–0.6 mm. Pool on the silver-grey cloth is the case for
  // `greyBright`: the stripes' white halves are the cloth's colour, only brighter, and with the
  // coloured cloth's brightness threshold (1.45) they were placed up to 2.2 mm off.
  const cases: [ClothName, SceneKind, boolean][] = [
    ['grey', 'random', false],
    ['charcoal', 'jaws', false],
    ['grey', 'random', true],
    ['charcoal', 'random', true],
  ];
  cases.forEach(([cloth, kind, pooled], i) =>
    it(`${pooled ? 'pool' : 'snooker'} on a ${cloth} cloth, ${kind}: every ball found within 1 mm, none invented`, () => {
      const c = pooled ? pool : snooker;
      const r = locateOn(c, cloth, kind, SEED + i, pooled);
      expect(r.truth.length).toBeGreaterThan(5);
      for (const { t, d } of r.errors) {
        const at = `${t.id} at (${t.x.toFixed(0)}, ${t.y.toFixed(0)})`;
        expect(d, `${at} missed`).toBeDefined();
        expect(d ?? Infinity, at).toBeLessThan(1);
      }
      expect(r.phantoms.map((f) => `(${f.x.toFixed(0)}, ${f.y.toFixed(0)})`)).toEqual([]);
    }, 60_000),
  );

  it('a frame grey all over is still no table: no dark pocket round the bed', () => {
    const { width, height } = snooker.image;
    const r = new Locator(snooker).locate({
      width,
      height,
      data: new Uint8Array(width * height * 3).fill(130),
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('NO_TABLE');
      expect(r.error.message).toMatch(/a grey with no dark pockets/);
    }
  });
});

describe('calibration and the camera check on a charcoal cloth', () => {
  // `calibrate --image` finds the bed as the region of the cloth's colour: a charcoal's colour is a
  // grey, and the room around the table, a darker grey, joined it (the outline took the whole
  // picture; "the cushions were found along only 234 of 756 edge points").
  const empty = () =>
    renderFrame(
      createRenderer(snooker, { supersample: 2, look: lookWithCloth('charcoal') }),
      [{ balls: [], occluders: [] }],
      { frameIndex: 0 },
    );

  it('calibrate --image on an empty charcoal table: a ball anywhere on the bed within 3 mm', () => {
    const r = calibrateFromImage({ image: empty(), ...SNOOKER_BED });
    if (!r.ok) throw new Error(r.error.message);
    const { width: W, length: L, ballRadius: R } = snooker.table;
    for (const [x, y] of [
      [R, R],
      [W - R, R],
      [R, L - R],
      [W - R, L - R],
      [W / 2, L / 2],
    ] as const) {
      const q = pixelToPlane(r.value.calibration, project(snooker, { x: mm(x), y: mm(y), z: mm(R) }), mm(R));
      expect(q ? Math.hypot(q.x - x, q.y - y) : Infinity, `(${x}, ${y})`).toBeLessThan(3);
    }
  }, 60_000);

  it('the camera check judges a charcoal table: the calibration fits (the check reads brightness only)', () => {
    const c = checkCamera(empty(), snooker);
    expect(c.verdict).toBe('fits');
    expect(c.offsetPx).toBeLessThan(0.5);
  }, 60_000);
});
