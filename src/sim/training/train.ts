// Training the classifier with tfjs on its CPU backend: Adam on the softmax cross-entropy, mini-batches
// in an order shuffled from the seed each epoch; for the last third of the epochs a fresh Adam at a
// fifth of the learning rate settles the weights.
// Deterministic: the same seed and data give the same weights. Training tooling; nothing at run time
// imports it.
import * as tf from '@tensorflow/tfjs';
import { makeRng } from '../random.ts';
import {
  initialNet,
  logits,
  NET,
  unfoldPatches,
  type NetShape,
  weightsOf,
  type ClassifierWeights,
  type TrainableNet,
} from '../../vision/classify/model.ts';
import type { PatchSet } from './dataset.ts';

export interface TrainOptions {
  readonly seed: number;
  readonly epochs: number;
  readonly batchSize: number;
  readonly learningRate: number;
  /** The network's shape (its patch side); snooker's when not given. */
  readonly net?: NetShape;
}

export const DEFAULT_TRAINING: Omit<TrainOptions, 'seed'> = { epochs: 12, batchSize: 64, learningRate: 2e-3 };

export interface EpochReport {
  readonly epoch: number;
  /** Mean cross-entropy over the epoch's batches. */
  readonly loss: number;
  readonly ms: number;
}

const rowsOf = (net: NetShape): number => net.convSide * net.convSide;
const tapsOf = (net: NetShape): number => net.kernel * net.kernel * 3;

/** Train a network on `data` from the seed; `onEpoch` hears of each epoch. */
export const train = (
  data: PatchSet,
  o: TrainOptions,
  onEpoch?: (r: EpochReport, net: TrainableNet) => void,
): ClassifierWeights => {
  const n = data.inputs.count;
  const shape = o.net ?? NET;
  const ROWS = rowsOf(shape);
  const TAPS = tapsOf(shape);
  // The convolution's input rows are fixed data: unfold them once.
  const unfolded = unfoldPatches(data.inputs.patches, n, 0, shape);
  const classes = data.classes.length;
  const net = initialNet(o.seed, classes, shape);
  const rng = makeRng(o.seed);
  const order = Array.from({ length: n }, (_, i) => i);
  const steps = Math.ceil(n / o.batchSize);
  const settleFrom = Math.ceil((2 * o.epochs) / 3);
  let optimizer = tf.train.adam(o.learningRate);
  const batchRows = new Float32Array(o.batchSize * ROWS * TAPS);
  const batchLight = new Float32Array(o.batchSize * 3);
  const batchLabels = new Int32Array(o.batchSize);
  for (let epoch = 0; epoch < o.epochs; epoch++) {
    const start = performance.now();
    if (epoch === settleFrom) {
      optimizer.dispose();
      optimizer = tf.train.adam(o.learningRate / 5);
    }
    for (let i = n - 1; i > 0; i--) {
      const j = rng.int(0, i + 1);
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    let lossSum = 0;
    for (let s = 0; s < steps; s++) {
      const size = Math.min(o.batchSize, n - s * o.batchSize);
      for (let b = 0; b < size; b++) {
        const k = order[s * o.batchSize + b] as number;
        batchRows.set(unfolded.subarray(k * ROWS * TAPS, (k + 1) * ROWS * TAPS), b * ROWS * TAPS);
        batchLight.set(data.inputs.light.subarray(k * 3, k * 3 + 3), b * 3);
        batchLabels[b] = data.labels[k] as number;
      }
      const loss = tf.tidy(() => {
        const x = tf.tensor2d(batchRows.subarray(0, size * ROWS * TAPS), [size * ROWS, TAPS]);
        const l = tf.tensor2d(batchLight.subarray(0, size * 3), [size, 3]);
        const y = tf.oneHot(tf.tensor1d(batchLabels.subarray(0, size), 'int32'), classes);
        const cost = optimizer.minimize(
          () => tf.losses.softmaxCrossEntropy(y, logits(net, x, l)) as tf.Scalar,
          true,
        );
        return cost ? (cost.dataSync()[0] as number) : NaN;
      });
      lossSum += loss;
    }
    onEpoch?.({ epoch: epoch + 1, loss: lossSum / steps, ms: performance.now() - start }, net);
  }
  const weights = weightsOf(net);
  optimizer.dispose();
  for (const v of Object.values(net)) v.dispose();
  return weights;
};

/** The softmax output of the training network for a set, in batches (for evaluation during training). */
export const predictTraining = (
  net: TrainableNet,
  data: PatchSet,
  shape: NetShape = NET,
  batch = 512,
): Float32Array => {
  const ROWS = rowsOf(shape);
  const TAPS = tapsOf(shape);
  const n = data.inputs.count;
  const classes = data.classes.length;
  const out = new Float32Array(n * classes);
  for (let s = 0; s < n; s += batch) {
    const size = Math.min(batch, n - s);
    const rows = unfoldPatches(data.inputs.patches, size, s, shape);
    const p = tf.tidy(() =>
      tf
        .softmax(
          logits(
            net,
            tf.tensor2d(rows, [size * ROWS, TAPS]),
            tf.tensor2d(data.inputs.light.subarray(s * 3, (s + size) * 3), [size, 3]),
          ),
        )
        .dataSync(),
    );
    out.set(p, s * classes);
  }
  return out;
};
