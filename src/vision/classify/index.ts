// Telling the balls apart: which of the game's ball ids each detected ball is, from a small learned
// classifier (the game's model, e.g. models/ball-classifier, trained by scripts/train-classifier.ts on
// frames src/sim renders), then what the game's set allows (assignIdentities).
//
// NOTE FOR THE DETECTION STAGE: `classify` is ASYNC (returns a Promise). bench/classify.ts, 22 balls of
// a 1080p frame, medians on one thread: onnxruntime-node runs the network in ≈0.07 ms against ≈0.33 ms
// for tfjs on its wasm backend (≈0.6 ms against ≈1.2 ms a frame with the patches), and
// onnxruntime-node's `run` is only offered as a Promise. Batch all the balls of a frame into one call:
// the cost is per call far more than per ball.
//
//   const classifier = await loadBallClassifier();          // once
//   const guesses = await classifier.classify(image, balls); // per frame, all balls at once
//   const ids = assignIdentities(guesses, set);              // same order as `balls`
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import * as ort from 'onnxruntime-node';
import type { RgbImage } from '../../core/image.ts';
import type { BallSet } from '../../equipment/pieces.ts';
import type { ClassifiedBall } from './assign.ts';
import { PATCH, makeInputs, toClassified, type ClassifierInputs } from './inputs.ts';
import type { BallPatchInput, PatchOptions } from './patch.ts';

export { assignIdentities, classifiedFrom, mostConfident, type ClassifiedBall } from './assign.ts';
export { makeInputs, type ClassifierInputs } from './inputs.ts';
export type { BallPatchInput } from './patch.ts';

export interface BallClassifier {
  /** The set it tells apart; its outputs are in the order of `balls.ids`. */
  readonly balls: BallSet;
  /** Which ball each of `balls` is, in the same order; every ball of a frame in one call. */
  classify(image: RgbImage, balls: readonly BallPatchInput[]): Promise<ClassifiedBall[]>;
  /** The network's softmax output (count × classes, in `balls.ids` order) for prepared inputs. */
  predict(inputs: ClassifierInputs): Promise<Float32Array>;
}

/** Where the committed models live: models/ at the repository's root. */
export const MODELS_DIR = fileURLToPath(new URL('../../../models/', import.meta.url));
export const ONNX_FILE = 'ball-classifier.onnx';
/**
 * What a model was trained on, written beside it: its patch (side, extent, supersampling) and its
 * classes in output order. A model without one (the first one trained) takes the default patch.
 */
export const DESCRIPTOR_FILE = 'classifier.json';

const descriptorSchema = z.object({
  patch: z.object({
    size: z.number().int().min(4).max(128),
    extent: z.number().positive(),
    maxSupersample: z.number().int().min(1),
  }),
  classes: z.array(z.string()),
});
export type ClassifierDescriptor = z.infer<typeof descriptorSchema>;

/** The patch a model in `dir` reads, checked against the set it is loaded for. */
export const modelPatch = (dir: string, set: BallSet): PatchOptions => {
  const file = `${dir}/${DESCRIPTOR_FILE}`;
  if (!existsSync(file)) return PATCH;
  const d = descriptorSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  if (d.classes.join(',') !== set.ids.join(','))
    throw new Error(`${file}: the model tells apart ${d.classes.join(', ')}, not ${set.ids.join(', ')}`);
  return d.patch;
};

export interface ClassifierOptions {
  /** The ball set the model tells apart (its outputs in the order of `ids`). */
  readonly balls: BallSet;
  /** Folder holding the model files. */
  readonly modelDir: string;
  /**
   * `onnx` (default): onnxruntime-node on the exported graph, the faster (bench/classify.ts).
   * `tfjs-wasm`: the tfjs layers model on tfjs's wasm backend (switches tfjs's global backend to wasm).
   */
  readonly runtime?: 'onnx' | 'tfjs-wasm';
  /** onnxruntime threads; one by default, so that a frame's work stays on one core. */
  readonly threads?: number;
}

const classifierOf = (
  set: BallSet,
  patch: PatchOptions,
  predict: (x: ClassifierInputs) => Promise<Float32Array>,
): BallClassifier => ({
  balls: set,
  predict,
  async classify(image, balls) {
    if (balls.length === 0) return [];
    const x = makeInputs(image, balls, patch);
    return toClassified(await predict(x), x.count, set.ids);
  },
});

/** The ONNX graph on onnxruntime-node. */
const loadOnnx = async (set: BallSet, dir: string, threads: number): Promise<BallClassifier> => {
  const session = await ort.InferenceSession.create(`${dir}/${ONNX_FILE}`, {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  const patch = modelPatch(dir, set);
  const S = patch.size;
  const classes = set.ids.length;
  return classifierOf(set, patch, async (x) => {
    if (x.count === 0) return new Float32Array(0);
    const out = await session.run({
      patch: new ort.Tensor('float32', x.patches, [x.count, S, S, 3]),
      light: new ort.Tensor('float32', x.light, [x.count, 3]),
    });
    const p = out.probabilities;
    if (!p || p.dims.length !== 2 || p.dims[1] !== classes)
      throw new Error(`${ONNX_FILE}: expected an output "probabilities" of N × ${classes}`);
    return p.data as Float32Array;
  });
};

/** The tfjs layers model on the wasm backend; tfjs (≈0.3 s to import) is loaded only here. */
const loadTfjsWasm = async (set: BallSet, dir: string): Promise<BallClassifier> => {
  const [tf, model] = await Promise.all([import('@tensorflow/tfjs'), import('./model.ts')]);
  await import('@tensorflow/tfjs-backend-wasm');
  await tf.setBackend('wasm');
  await tf.ready();
  const layers = await model.loadTfjsModel(dir);
  return classifierOf(set, modelPatch(dir, set), async (x) => model.predictTfjs(layers, x));
};

/** Load the classifier in `options.modelDir` for the set it tells apart. */
export const loadBallClassifier = async (options: ClassifierOptions): Promise<BallClassifier> =>
  (options.runtime ?? 'onnx') === 'onnx'
    ? loadOnnx(options.balls, options.modelDir, options.threads ?? 1)
    : loadTfjsWasm(options.balls, options.modelDir);
