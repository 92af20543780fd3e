// Ball classifier inference speed: onnxruntime-node against tfjs on its wasm backend (and its pure-JS
// CPU backend, for reference), on the balls of a rendered frame of the opening layout (22 balls)
// through the demo camera. Times one frame's call (patches + network) and the network alone, median
// of many runs, one thread. `npx tsx bench/classify.ts [runs]`.
import * as tf from '@tensorflow/tfjs';
import { MODEL_DIR, loadCalibrationFile, loadSnookerClassifier } from '../tests/helpers/games.ts';
import { openingLayout } from '../src/games/snooker/layout.ts';
import { createRenderer, renderFrame } from '../src/sim/render/index.ts';
import { assignIdentities, makeInputs, type BallClassifier } from '../src/vision/classify/index.ts';
import { loadTfjsModel, predictTfjs } from '../src/vision/classify/model.ts';
import { ballInImage } from '../src/sim/training/dataset.ts';

const runs = Number(process.argv[2] ?? 300);
const demo = loadCalibrationFile(new URL('../calibration/demo.json', import.meta.url).pathname);
if (!demo.ok) throw new Error(demo.error.message);
const layout = openingLayout(demo.value.table);
const image = renderFrame(createRenderer(demo.value), [{ balls: layout, occluders: [] }], { frameIndex: 0 });
const balls = layout.map((b) => ballInImage(demo.value, b.x, b.y));
const inputs = makeInputs(image, balls);

const median = async (f: () => unknown): Promise<number> => {
  for (let i = 0; i < 20; i++) await f(); // warm up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await f();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1] as number;
};

const rows: [string, number, number][] = [];
const measure = async (name: string, c: BallClassifier): Promise<void> => {
  const ids = assignIdentities(await c.classify(image, balls), c.balls).map((b) => b.id);
  const wrong = ids.filter((id, i) => id !== layout[i]?.id).length;
  if (wrong > 0) process.stderr.write(`warning: ${name} got ${wrong} of ${balls.length} balls wrong\n`);
  rows.push([name, await median(() => c.classify(image, balls)), await median(() => c.predict(inputs))]);
};

await measure('onnxruntime-node', await loadSnookerClassifier({ runtime: 'onnx' }));
await measure('tfjs wasm', await loadSnookerClassifier({ runtime: 'tfjs-wasm' }));
await tf.setBackend('cpu');
const cpuModel = await loadTfjsModel(MODEL_DIR);
rows.push([
  'tfjs cpu (pure JS)',
  await median(() => predictTfjs(cpuModel, makeInputs(image, balls))),
  await median(() => predictTfjs(cpuModel, inputs)),
]);
const patchMs = await median(() => makeInputs(image, balls));

process.stdout.write(
  `ball classifier, ${balls.length} balls of a 1920×1080 frame, median of ${runs} runs:\n`,
);
process.stdout.write(`  patches + light reference alone: ${patchMs.toFixed(3)} ms\n`);
for (const [name, frame, net] of rows)
  process.stdout.write(
    `  ${name.padEnd(20)} ${frame.toFixed(3)} ms a frame (network alone ${net.toFixed(3)} ms)\n`,
  );
