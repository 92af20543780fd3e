// Black-ball detection benchmark (issue 15): bench/detect.ts's measure on pool. A held-out set that
// src/sim renders on the fly: cameras drawn from a seed stream the classifier was not trained on, the
// rack, random layouts, clusters of touching balls, balls in the jaws, a player over the balls, a dim
// room and a warm one (tests/vision-scenes.ts, POOL_SCENES: every ball turned at random in 3D, so
// stripes are seen at every rotation), each on green and on blue cloth, at 1080p and at 4K (the first
// camera with its intrinsics scaled by two). Our Detector with the committed pool classifier and the
// OpenCV HoughCircles baseline (bench/detect-baseline.ts, positions only: its colour thresholds name
// snooker's balls, so its ids are not scored) run on the same frames in the same run.
//
// Prints recall, precision, number errors (a ball given another id), solid/stripe errors (a ball of
// one group given an id of the other), position RMS and worst error (mm), and the median time per
// fresh frame (Detector reset before each: nothing reused), this thread's CPU and wall.
//
// Run: npx tsx bench/detect-pool.ts [--per-kind 2] [--per-kind-4k 1] [--cameras 2] [--repeat 2]
import type { Table } from '../src/equipment/index.ts';
import type { Calibration } from '../src/camera/index.ts';
import type { RgbImage } from '../src/core/image.ts';
import { blackball } from '../src/games/blackball/index.ts';
import { namedPoolTable, POOL_BALLS } from '../src/games/blackball/table.ts';
import type { BallId } from '../src/equipment/pieces.ts';
import { makeRng } from '../src/sim/random.ts';
import type { ClothName } from '../src/sim/render/cloth.ts';
import { DEFAULT_CAMERA_RANGE, seededCamera } from '../src/sim/training/scenes.ts';
import { loadBallClassifier, type BallClassifier } from '../src/vision/classify/index.ts';
import { Detector } from '../src/vision/index.ts';
import {
  HELD_OUT_SEED,
  makeScene,
  POOL_SCENES,
  renderScene,
  SCENE_KINDS,
  scaledCalibration,
  sceneRenderer,
  type SceneKind,
} from '../tests/vision-scenes.ts';
import { createHoughBaseline, loadOpenCv, type Baseline } from './detect-baseline.ts';
import { POOL_HEADER, row, score, tally, timed, type Found, type Tally } from './detect-score.ts';
import { readFlags } from './flags.ts';

const { count } = readFlags({
  'per-kind': { type: 'string', default: '2' },
  'per-kind-4k': { type: 'string', default: '1' },
  cameras: { type: 'string', default: '2' },
  repeat: { type: 'string', default: '2' },
});
const PER_KIND = count('per-kind');
const PER_KIND_4K = count('per-kind-4k');
const CAMERAS = count('cameras');
const REPEAT = count('repeat');
const CLOTHS: readonly ClothName[] = ['green', 'blue'];
// Seeds apart from the classifier's (training 1…, its held-out 1001…) and from snooker's scenes.
const POOL_SEED = HELD_OUT_SEED + 500_000;

const table = namedPoolTable('pool-9ft');
const groupOf = (id: BallId): string | undefined =>
  id === 'cue' ? undefined : POOL_BALLS.look[id]?.stripe ? 'stripes' : 'solids';

const run = async (
  label: string,
  cameras: readonly Calibration<Table>[],
  perKind: number,
  classifier: BallClassifier,
  baselineOf: (c: Calibration<Table>) => Baseline,
): Promise<{ ours: Tally; peer: Tally; byKind: Map<string, Tally> }> => {
  const ours = tally();
  const peer = tally();
  const byKind = new Map<string, Tally>();
  const radius = table.ballRadius;
  let warmed = false;
  for (const [ci, calibration] of cameras.entries()) {
    const detector = new Detector(calibration, classifier);
    const baseline = baselineOf(calibration);
    for (const cloth of CLOTHS) {
      const renderer = sceneRenderer(calibration, POOL_SEED + ci, cloth);
      for (const kind of SCENE_KINDS) {
        const kt = byKind.get(`${kind}, ${cloth}`) ?? tally();
        byKind.set(`${kind}, ${cloth}`, kt);
        for (let i = 0; i < perKind; i++) {
          const seed =
            POOL_SEED + 10_000 * ci + 1000 * SCENE_KINDS.indexOf(kind) + 100 * CLOTHS.indexOf(cloth) + i;
          const { image, truth } = renderScene(
            renderer,
            makeScene(kind as SceneKind, seed, table, POOL_SCENES),
          );
          const detect = async (img: RgbImage): Promise<Found[]> => {
            detector.reset();
            const r = await detector.detect(img);
            return r.ok ? r.value.balls : [];
          };
          if (!warmed) {
            for (let k = 0; k < 5; k++) {
              await detect(image);
              baseline.detect(image);
            }
            warmed = true;
          }
          const mine = await timed(kt, REPEAT, () => detect(image));
          score(kt, truth, mine, radius, groupOf);
          score(ours, truth, mine, radius, groupOf);
          ours.cpu.push(...kt.cpu.slice(-REPEAT));
          ours.wall.push(...kt.wall.slice(-REPEAT));
          const theirs = await timed(peer, REPEAT, () =>
            baseline.detect(image).map(({ x, y }) => ({ x, y })),
          );
          score(peer, truth, theirs, radius);
        }
      }
      process.stderr.write(`${label}: camera ${ci + 1}, ${cloth} cloth done\n`);
    }
    baseline.close();
  }
  return { ours, peer, byKind };
};

const main = async (): Promise<void> => {
  const perception = blackball.perception;
  if (perception.kind !== 'balls') throw new Error('black-ball has no ball classifier');
  const classifier = await loadBallClassifier({ balls: POOL_BALLS, modelDir: perception.modelDir });
  const { cv } = await loadOpenCv();
  const rng = makeRng(POOL_SEED);
  const hd = Array.from({ length: CAMERAS }, () =>
    seededCamera(rng, DEFAULT_CAMERA_RANGE, { table, tableSpec: 'pool-9ft' }),
  );
  const uhd = hd.slice(0, 1).map((c) => scaledCalibration(c, 2));
  const lines: string[] = [];
  for (const [label, cams, per] of [
    ['1080p', hd, PER_KIND],
    ['4K', uhd, PER_KIND_4K],
  ] as const) {
    if (per <= 0 || cams.length === 0) continue;
    const frames = cams.length * CLOTHS.length * SCENE_KINDS.length * per;
    const { ours, peer, byKind } = await run(label, cams, per, classifier, (c) => createHoughBaseline(cv, c));
    lines.push(
      `\n### ${label}: ${cams.length} camera${cams.length > 1 ? 's' : ''}, green and blue cloth, ${per} frame${per > 1 ? 's' : ''} of each kind on each, ${frames} frames\n`,
      POOL_HEADER,
      row('**ours**', ours, true),
      row('OpenCV HoughCircles (positions only)', peer, true),
      `\nours by kind of scene:\n`,
      POOL_HEADER,
      ...[...byKind].map(([kind, t]) => row(kind, t, true)),
    );
  }
  console.log(lines.join('\n'));
};

await main();
