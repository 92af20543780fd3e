// The ball classifier: its patches, the committed model on both runtimes (onnxruntime-node and tfjs
// wasm) giving the same outputs as the network it was trained as, and its accuracy on frames rendered
// from seeds it never saw.
import { SNOOKER_BALL_IDS, SNOOKER_BALLS } from '../src/games/snooker/equipment.ts';
import { SNOOKER_BED } from './helpers/games.ts';
import { MODEL_DIR, loadSnookerClassifier } from './helpers/games.ts';
import * as tf from '@tensorflow/tfjs';
import * as ort from 'onnxruntime-node';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RgbImage } from '../src/core/image.ts';
import { makeRng } from '../src/sim/random.ts';
import { createRenderer, renderFrame, type LightChange } from '../src/sim/render/index.ts';
import { openingLayout } from '../src/games/snooker/layout.ts';
import { exportOnnx } from '../src/sim/training/export-onnx.ts';
import {
  assignIdentities,
  makeInputs,
  type BallClassifier,
  type ClassifierInputs,
} from '../src/vision/classify/index.ts';
import {
  initialNet,
  loadTfjsModel,
  logits,
  NET,
  predictTfjs,
  toLayersModel,
  unfoldPatches,
  weightsOf,
  weightsOfLayersModel,
  weightShapes,
  type TrainableNet,
} from '../src/vision/classify/model.ts';
import { DEFAULT_PATCH, lightReference, writePatches } from '../src/vision/classify/patch.ts';
import { ballInImage, DEFAULT_DATASET, renderPatchSet } from '../src/sim/training/dataset.ts';
import { describeEvaluation, evaluate } from '../src/sim/training/evaluate.ts';
import { DEFAULT_CAMERA_RANGE, seededCamera } from '../src/sim/training/scenes.ts';
import { demo } from './camera-helpers.ts';

// One demo camera for the whole file: the renderer keeps its ray map per calibration object.
const calibration = demo();
const layout = openingLayout(calibration.table);

const maxDiff = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  expect(a.length).toBe(b.length);
  let d = 0;
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs((a[i] as number) - (b[i] as number)));
  return d;
};

/** A width × height image of `bg` with discs of colour `fg` at the given centres and radii. */
const discs = (
  width: number,
  height: number,
  bg: readonly number[],
  fg: readonly number[],
  at: readonly { u: number; v: number; r: number }[],
): RgbImage => {
  const data = new Uint8Array(width * height * 3);
  for (let v = 0; v < height; v++)
    for (let u = 0; u < width; u++) {
      const inside = at.some((d) => (u - d.u) ** 2 + (v - d.v) ** 2 <= d.r * d.r);
      data.set(inside ? fg : bg, (v * width + u) * 3);
    }
  return { width, height, data };
};

const SHAPES = weightShapes(SNOOKER_BALL_IDS.length);

describe('patches', () => {
  const S = DEFAULT_PATCH.size;
  const patchOf = (img: RgbImage, u: number, v: number, radiusPx: number): Float32Array => {
    const out = new Float32Array(S * S * 3);
    writePatches(img, [{ u, v, radiusPx }], out);
    return out;
  };
  const pixel = (p: Float32Array, i: number, j: number): number[] =>
    Array.from(p.subarray((i * S + j) * 3, (i * S + j) * 3 + 3));

  it('are resampled to the apparent radius: the ball in the middle, cloth in the corners', () => {
    const img = discs(200, 200, [34, 116, 52], [200, 30, 40], [{ u: 100.3, v: 99.6, r: 30 }]);
    const p = patchOf(img, 100.3, 99.6, 30);
    expect(pixel(p, S / 2, S / 2).map((x) => Math.round(x * 255))).toEqual([200, 30, 40]);
    expect(pixel(p, 0, 0).map((x) => Math.round(x * 255))).toEqual([34, 116, 52]);
    expect(pixel(p, S - 1, S - 1).map((x) => Math.round(x * 255))).toEqual([34, 116, 52]);
  });

  it('look the same for a ball 12 px and 48 px across its radius (1080p and 4K): averaged, not aliased', () => {
    const small = discs(100, 100, [34, 116, 52], [236, 196, 18], [{ u: 50, v: 50, r: 12 }]);
    const large = discs(400, 400, [34, 116, 52], [236, 196, 18], [{ u: 200, v: 200, r: 48 }]);
    const a = patchOf(small, 50, 50, 12);
    const b = patchOf(large, 200, 200, 48);
    let sum = 0;
    for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] as number) - (b[i] as number));
    expect(sum / a.length).toBeLessThan(0.03);
  });

  it('near the image border read the border pixels instead of failing', () => {
    const img = discs(40, 40, [10, 20, 30], [200, 200, 200], [{ u: 2, v: 2, r: 8 }]);
    const p = patchOf(img, 2, 2, 8);
    expect(p.every((x) => Number.isFinite(x) && x >= 0 && x <= 1)).toBe(true);
  });

  it('the light reference is the cloth: the median over the middle of the frame, whatever balls are on it', () => {
    const spots = Array.from({ length: 40 }, (_, k) => ({
      u: 20 + (k % 10) * 28,
      v: 30 + Math.floor(k / 10) * 40,
      r: 9,
    }));
    const img = discs(320, 180, [30, 100, 45], [240, 240, 230], spots);
    expect(lightReference(img).map((x) => Math.round(x * 255))).toEqual([30, 100, 45]);
  });
});

describe('one network, three ways of running it', () => {
  let inputs: ClassifierInputs;
  beforeAll(() => {
    // Real patches: the opening layout through the demo camera.
    const image = renderFrame(
      createRenderer(calibration, { supersample: 1 }),
      [{ balls: layout, occluders: [] }],
      {
        frameIndex: 0,
      },
    );
    inputs = makeInputs(
      image,
      layout.map((b) => ballInImage(calibration, b.x, b.y)),
    );
  });

  const trainingGraph = (net: TrainableNet, x: ClassifierInputs): Float32Array =>
    tf.tidy(
      () =>
        tf
          .softmax(
            logits(
              net,
              tf.tensor2d(unfoldPatches(x.patches, x.count), [x.count * NET.convSide * NET.convSide, 27]),
              tf.tensor2d(x.light, [x.count, 3]),
            ),
          )
          .dataSync() as Float32Array,
    );

  it('exportOnnx writes the graph tfjs computes (fresh random weights, onnxruntime-node against tfjs layers)', async () => {
    await tf.setBackend('cpu');
    const net = initialNet(42, SNOOKER_BALL_IDS.length);
    const weights = weightsOf(net);
    const session = await ort.InferenceSession.create(exportOnnx(weights, SNOOKER_BALL_IDS));
    const onnx = await session.run({
      patch: new ort.Tensor('float32', inputs.patches, [inputs.count, NET.size, NET.size, 3]),
      light: new ort.Tensor('float32', inputs.light, [inputs.count, 3]),
    });
    const layers = predictTfjs(toLayersModel(weights), inputs);
    expect(maxDiff(onnx.probabilities?.data as Float32Array, layers)).toBeLessThan(1e-5);
    // and the unfolded-patch form it was trained in is the same function as real convolutions
    expect(maxDiff(trainingGraph(net, inputs), layers)).toBeLessThan(1e-5);
  });

  it('the committed model: ONNX on onnxruntime-node, tfjs on wasm and the training graph agree within 1e-4', async () => {
    await tf.setBackend('cpu');
    const committed = await loadTfjsModel(MODEL_DIR);
    const w = weightsOfLayersModel(committed);
    const v = (values: Float32Array, shape: readonly number[]): tf.Variable =>
      tf.variable(tf.tensor(values, [...shape]));
    const net: TrainableNet = {
      conv: v(w.convKernel, [27, NET.filters]),
      convBias: v(w.convBias, SHAPES.convBias),
      hidden: v(w.hiddenKernel, SHAPES.hiddenKernel),
      hiddenBias: v(w.hiddenBias, SHAPES.hiddenBias),
      output: v(w.outputKernel, SHAPES.outputKernel),
      outputBias: v(w.outputBias, SHAPES.outputBias),
    };
    const rng = makeRng(3);
    const noise: ClassifierInputs = {
      count: 16,
      patches: Float32Array.from({ length: 16 * NET.size * NET.size * 3 }, () => rng.next()),
      light: Float32Array.from({ length: 16 * 3 }, () => rng.uniform(0.05, 0.6)),
    };
    const training = [trainingGraph(net, inputs), trainingGraph(net, noise)];
    const onnx = await loadSnookerClassifier({ runtime: 'onnx' });
    const wasm = await loadSnookerClassifier({ runtime: 'tfjs-wasm' });
    expect(tf.getBackend()).toBe('wasm');
    for (const [k, x] of [inputs, noise].entries()) {
      const a = await onnx.predict(x);
      const b = await wasm.predict(x);
      expect(maxDiff(a, b)).toBeLessThan(1e-4);
      expect(maxDiff(a, training[k] as Float32Array)).toBeLessThan(1e-4);
    }
  });

  it('no balls: an empty answer, without running the network', async () => {
    const onnx = await loadSnookerClassifier();
    expect(await onnx.classify({ width: 4, height: 4, data: new Uint8Array(48) }, [])).toEqual([]);
  });
});

describe('the committed classifier on frames it never saw', () => {
  let classifier: BallClassifier;
  beforeAll(async () => {
    classifier = await loadSnookerClassifier();
  });

  it('the opening layout through the demo camera, in normal, dim, warm and bright light: all 22 balls right', async () => {
    const balls = layout.map((b) => ballInImage(calibration, b.x, b.y));
    const renderer = createRenderer(calibration, { supersample: 1, seed: 99 });
    const lights: LightChange[] = [
      { gain: 1, warmth: 0 },
      { gain: 0.5, warmth: 0 },
      { gain: 0.95, warmth: 0.9 },
      { gain: 1.6, warmth: 0 },
    ];
    for (const [k, light] of lights.entries()) {
      const image = renderFrame(renderer, [{ balls: layout, occluders: [] }], { frameIndex: k, light });
      const raw = await classifier.classify(image, balls);
      const ids = assignIdentities(raw, SNOOKER_BALLS).map((b) => b.id);
      expect(ids).toEqual(layout.map((b) => b.id));
      for (const b of raw) expect(b.confidence).toBeGreaterThan(0.5);
    }
  });

  it('a held-out set (new seed, new camera): no mistake on a ball more than half visible in normal light', async () => {
    const rng = makeRng(777);
    const set = await renderPatchSet({
      ...DEFAULT_DATASET,
      seed: 777,
      supersample: 1,
      cameras: [seededCamera(rng, DEFAULT_CAMERA_RANGE, SNOOKER_BED)],
      framesPerCamera: 10,
    });
    const e = evaluate(set, await classifier.predict(set.inputs));
    // The figures, for the report: per class and per light.
    console.info(describeEvaluation(e, SNOOKER_BALL_IDS));
    expect(e.all.n).toBeGreaterThan(200);
    expect(e.halfVisibleByCondition.normal.n).toBeGreaterThan(20);
    expect(e.mistakes.filter((m) => m.condition === 'normal')).toEqual([]);
    for (const c of ['dim', 'warm', 'bright', 'dimWarm'] as const)
      expect(e.halfVisibleByCondition[c].accuracy).toBeGreaterThan(0.97);
    expect(e.all.accuracy).toBeGreaterThan(0.97);
  });
});
