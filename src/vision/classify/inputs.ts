// What the network takes and gives, without the network: the inputs for a frame's balls (patches and
// the colour of the light) and its softmax output turned into classified balls. Kept apart from the
// tfjs model so that the run-time path (onnxruntime-node) loads no tfjs.
import type { RgbImage } from '../../core/image.ts';
import type { BallId } from '../../equipment/pieces.ts';
import type { ClassifiedBall } from './assign.ts';
import {
  DEFAULT_PATCH,
  lightReference,
  writePatches,
  type BallPatchInput,
  type PatchOptions,
} from './patch.ts';

/** The patches the committed model was trained on. */
export const PATCH: PatchOptions = DEFAULT_PATCH;

/** The network's two inputs for `count` balls: patches NHWC [count, S, S, 3] and the light [count, 3]. */
export interface ClassifierInputs {
  readonly count: number;
  readonly patches: Float32Array;
  readonly light: Float32Array;
}

/** Patches and light for the balls of one frame. */
export const makeInputs = (
  image: RgbImage,
  balls: readonly BallPatchInput[],
  patch: PatchOptions = PATCH,
): ClassifierInputs => {
  const n = balls.length;
  const patches = new Float32Array(n * patch.size * patch.size * 3);
  writePatches(image, balls, patches, 0, patch);
  const ref = n > 0 ? lightReference(image) : [0, 0, 0];
  const light = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) light.set(ref, i * 3);
  return { count: n, patches, light };
};

/** The network's softmax output (count × classes, in the order of `classes`) as classified balls. */
export const toClassified = (
  probabilities: Float32Array,
  count: number,
  classes: readonly BallId[],
): ClassifiedBall[] => {
  const out: ClassifiedBall[] = [];
  for (let i = 0; i < count; i++) {
    const probs = {} as Record<BallId, number>;
    let best: BallId = classes[0] ?? '';
    let bestP = -1;
    for (const [k, id] of classes.entries()) {
      const p = probabilities[i * classes.length + k] as number;
      probs[id] = p;
      if (p > bestP) {
        bestP = p;
        best = id;
      }
    }
    out.push({ id: best, confidence: bestP, probabilities: probs });
  }
  return out;
};
