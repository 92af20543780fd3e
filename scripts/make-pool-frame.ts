// `npx tsx scripts/make-pool-frame.ts`: the committed black-ball detection fixture,
// fixtures/pool-frame/: one 1080p frame (frame.jpg) of the rack — the cue ball in the cabin and the
// fifteen balls on the foot spot, every ball turned at random — on blue cloth, through an overhead
// camera drawn from a seed of its own (calibration.json, docs/formats.md §2), and the truth
// (truth.json: every ball's id and centre, mm). tests/games/blackball/detect.test.ts runs
// `referee detect` on it. Deterministic: the same files every time.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeCalibrationJson } from '../src/camera/index.ts';
import { namedPoolTable } from '../src/games/blackball/table.ts';
import { makeRng } from '../src/sim/random.ts';
import sharp from 'sharp';
import { DEFAULT_CAMERA_RANGE, seededCamera } from '../src/sim/training/scenes.ts';
import { makeScene, POOL_SCENES, renderScene, sceneRenderer } from '../tests/vision-scenes.ts';

const SEED = 8_150_001;
const out = path.join(import.meta.dirname, '..', 'fixtures', 'pool-frame');
const table = namedPoolTable('pool-9ft');
const calibration = seededCamera(makeRng(SEED), DEFAULT_CAMERA_RANGE, { table, tableSpec: 'pool-9ft' });
const scene = makeScene('opening', SEED, table, POOL_SCENES);
const { image, truth } = renderScene(sceneRenderer(calibration, SEED, 'blue'), scene);
mkdirSync(out, { recursive: true });
writeFileSync(
  path.join(out, 'calibration.json'),
  `${JSON.stringify(makeCalibrationJson(calibration), null, 2)}\n`,
);
// JPEG at high quality, colour not subsampled: a tenth of the PNG's size, as a camera's stream would be.
await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
  .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
  .toFile(path.join(out, 'frame.jpg'));
const balls = truth.map((b) => ({
  id: b.id,
  x: Math.round(b.x * 1000) / 1000,
  y: Math.round(b.y * 1000) / 1000,
}));
writeFileSync(path.join(out, 'truth.json'), `${JSON.stringify({ seed: SEED, balls }, null, 2)}\n`);
process.stderr.write(`wrote ${out}\n`);
