// The classifier's network: one convolution over the ball's patch, whose features are joined with the
// colour of the light before two dense layers. Small on purpose (≈34k weights, ≈130 KB): eight
// classes of uniformly coloured spheres need no more, and a whole frame of balls runs in a fraction of
// a millisecond.
//
//   patch [16, 16, 3] ─ conv 3×3 / 2 (16) ─ relu ─ flatten (8·8·16) ─┐
//   light [3] ───────────────────────────────────────────────── concat ─ dense 32 ─ relu ─ dense 8 ─ softmax
//
// The convolution has stride 2 and no pooling because tfjs's CPU backend (the one that trains here)
// computes convolution and pooling gradients very slowly; training instead feeds the convolution as a
// matrix product over patches unfolded once in plain code (im2col), which is the same function. The
// layers model (`toLayersModel`) and the ONNX graph (export-onnx.ts) compute it with real Conv nodes,
// and the tests hold all three to the same outputs.
import { readFile } from 'node:fs/promises';
import * as tf from '@tensorflow/tfjs';
import { PATCH, type ClassifierInputs } from './inputs.ts';

/** The sizes of the network's layers. */
export interface NetShape {
  /** Patch side, px (the inputs' patches). */
  readonly size: number;
  readonly kernel: number;
  readonly stride: number;
  readonly filters: number;
  /** Output side of the convolution: TensorFlow's 'same' padding at stride 2. */
  readonly convSide: number;
  readonly hidden: number;
}

/**
 * The network for patches of side `size`: the patch is the one thing a game's model may change (pool
 * reads stripes and figures off a larger patch than snooker's plain colours need); the rest is fixed.
 */
export const netShape = (size: number): NetShape => ({
  size,
  kernel: 3,
  stride: 2,
  filters: 16,
  convSide: Math.ceil(size / 2),
  hidden: 32,
});

/** Snooker's network, on the default patch. */
export const NET: NetShape = netShape(PATCH.size);

/** Inputs to the hidden layer: the flattened convolution and the three light values. */
export const joinedOf = (net: NetShape): number => net.convSide * net.convSide * net.filters + 3;
export const JOINED = joinedOf(NET);
const tapsOf = (net: NetShape): number => net.kernel * net.kernel * 3;

/**
 * The weights, in tfjs's layouts: the convolution's kernel [kh, kw, in, out] (flattened it is the
 * [27, filters] matrix of the unfolded patches), dense kernels [in, out].
 */
export interface ClassifierWeights {
  readonly convKernel: Float32Array;
  readonly convBias: Float32Array;
  readonly hiddenKernel: Float32Array;
  readonly hiddenBias: Float32Array;
  readonly outputKernel: Float32Array;
  readonly outputBias: Float32Array;
}

/** The weights' shapes for a network telling `classes` ids apart. */
export const weightShapes = (
  classes: number,
  net: NetShape = NET,
): Readonly<Record<keyof ClassifierWeights, readonly number[]>> => ({
  convKernel: [net.kernel, net.kernel, 3, net.filters],
  convBias: [net.filters],
  hiddenKernel: [joinedOf(net), net.hidden],
  hiddenBias: [net.hidden],
  outputKernel: [net.hidden, classes],
  outputBias: [classes],
});

/**
 * Unfold patches (NHWC) into the rows the convolution multiplies: one row of 27 taps (ky, kx, channel)
 * per output pixel, [count · 8 · 8, 27]. TensorFlow's 'same' padding at stride 2 on an even side pads
 * one pixel after (bottom, right) and none before: output (i, j) reads input rows 2i … 2i + 2.
 */
export const unfoldPatches = (
  patches: Float32Array,
  count: number,
  first = 0,
  net: NetShape = NET,
): Float32Array => {
  const S = net.size;
  const C = net.convSide;
  const out = new Float32Array(count * C * C * tapsOf(net));
  let o = 0;
  for (let n = first; n < first + count; n++) {
    const base = n * S * S * 3;
    for (let i = 0; i < C; i++) {
      for (let j = 0; j < C; j++) {
        for (let ky = 0; ky < net.kernel; ky++) {
          const y = i * net.stride + ky;
          for (let kx = 0; kx < net.kernel; kx++) {
            const x = j * net.stride + kx;
            if (y < S && x < S) {
              const at = base + (y * S + x) * 3;
              out[o] = patches[at] as number;
              out[o + 1] = patches[at + 1] as number;
              out[o + 2] = patches[at + 2] as number;
            }
            o += 3;
          }
        }
      }
    }
  }
  return out;
};

/** The network's variables while training: the convolution as its [27, filters] matrix. */
export interface TrainableNet {
  readonly conv: tf.Variable;
  readonly convBias: tf.Variable;
  readonly hidden: tf.Variable;
  readonly hiddenBias: tf.Variable;
  readonly output: tf.Variable;
  readonly outputBias: tf.Variable;
}

/** Glorot-uniform weights from `seed` (tfjs's seeded initialiser), zero biases. */
export const initialNet = (seed: number, classes: number, shape: NetShape = NET): TrainableNet => {
  const taps = tapsOf(shape);
  const joined = joinedOf(shape);
  const glorot = (shape: [number, number], fanIn: number, fanOut: number, k: number): tf.Variable =>
    tf.variable(
      tf.randomUniform(
        shape,
        -Math.sqrt(6 / (fanIn + fanOut)),
        Math.sqrt(6 / (fanIn + fanOut)),
        'float32',
        seed + k,
      ),
    );
  return {
    conv: glorot([taps, shape.filters], taps, shape.kernel * shape.kernel * shape.filters, 0),
    convBias: tf.variable(tf.zeros([shape.filters])),
    hidden: glorot([joined, shape.hidden], joined, shape.hidden, 1),
    hiddenBias: tf.variable(tf.zeros([shape.hidden])),
    output: glorot([shape.hidden, classes], shape.hidden, classes, 2),
    outputBias: tf.variable(tf.zeros([classes])),
  };
};

/** The logits (before the softmax) for a batch: unfolded patches [count · 64, 27] and light [count, 3]. */
export const logits = (net: TrainableNet, unfolded: tf.Tensor2D, light: tf.Tensor2D): tf.Tensor2D => {
  const count = light.shape[0];
  const conv = tf.relu(tf.add(tf.matMul(unfolded, net.conv), net.convBias));
  const features = tf.reshape(conv, [count, -1]);
  const hidden = tf.relu(tf.add(tf.matMul(tf.concat([features, light], 1), net.hidden), net.hiddenBias));
  return tf.add(tf.matMul(hidden, net.output), net.outputBias);
};

/** The trained variables as plain weights. */
export const weightsOf = (net: TrainableNet): ClassifierWeights => ({
  convKernel: net.conv.dataSync() as Float32Array,
  convBias: net.convBias.dataSync() as Float32Array,
  hiddenKernel: net.hidden.dataSync() as Float32Array,
  hiddenBias: net.hiddenBias.dataSync() as Float32Array,
  outputKernel: net.output.dataSync() as Float32Array,
  outputBias: net.outputBias.dataSync() as Float32Array,
});

/** The same network as a tfjs layers model, with real conv2d layers, for inference (and saving). */
export const toLayersModel = (w: ClassifierWeights, shape: NetShape = NET): tf.LayersModel => {
  const patch = tf.input({ shape: [shape.size, shape.size, 3], name: 'patch' });
  const light = tf.input({ shape: [3], name: 'light' });
  const conv = tf.layers.conv2d({
    filters: shape.filters,
    kernelSize: shape.kernel,
    strides: shape.stride,
    padding: 'same',
    activation: 'relu',
    name: 'conv',
  });
  const hidden = tf.layers.dense({ units: shape.hidden, activation: 'relu', name: 'hidden' });
  const classes = w.outputBias.length;
  const output = tf.layers.dense({ units: classes, activation: 'softmax', name: 'output' });
  const features = tf.layers.flatten().apply(conv.apply(patch)) as tf.SymbolicTensor;
  const joined = tf.layers.concatenate().apply([features, light]) as tf.SymbolicTensor;
  const model = tf.model({
    inputs: [patch, light],
    outputs: output.apply(hidden.apply(joined)) as tf.SymbolicTensor,
  });
  const t = (k: keyof ClassifierWeights): tf.Tensor => tf.tensor(w[k], [...weightShapes(classes, shape)[k]]);
  conv.setWeights([t('convKernel'), t('convBias')]);
  hidden.setWeights([t('hiddenKernel'), t('hiddenBias')]);
  output.setWeights([t('outputKernel'), t('outputBias')]);
  return model;
};

/** The layers model's weights, read back. */
export const weightsOfLayersModel = (model: tf.LayersModel): ClassifierWeights => {
  const get = (name: string): [Float32Array, Float32Array] => {
    const [k, b] = model.getLayer(name).getWeights();
    if (!k || !b) throw new Error(`layer ${name} has no kernel and bias`);
    return [k.dataSync() as Float32Array, b.dataSync() as Float32Array];
  };
  const [convKernel, convBias] = get('conv');
  const [hiddenKernel, hiddenBias] = get('hidden');
  const [outputKernel, outputBias] = get('output');
  return { convKernel, convBias, hiddenKernel, hiddenBias, outputKernel, outputBias };
};

/** The softmax output for the inputs, synchronously (on the CPU and wasm backends). */
export const predictTfjs = (model: tf.LayersModel, x: ClassifierInputs): Float32Array => {
  if (x.count === 0) return new Float32Array(0);
  const size = model.inputs[0]?.shape[1] ?? NET.size;
  return tf.tidy(() => {
    const y = model.predict([
      tf.tensor4d(x.patches, [x.count, size, size, 3]),
      tf.tensor2d(x.light, [x.count, 3]),
    ]);
    if (Array.isArray(y)) throw new Error('the classifier has one output');
    return y.dataSync() as Float32Array;
  });
};

/** The committed tfjs files: the layers topology with its weights manifest, and the weights. */
export const TFJS_TOPOLOGY_FILE = 'model.json';
export const TFJS_WEIGHTS_FILE = 'weights.bin';

/** The layers model in tfjs's layers-model format: model.json and weights.bin, as file name → contents. */
export const serialiseLayersModel = async (
  model: tf.LayersModel,
): Promise<Map<string, string | Uint8Array>> => {
  const files = new Map<string, string | Uint8Array>();
  await model.save(
    tf.io.withSaveHandler(async (artifacts) => {
      const data = artifacts.weightData;
      if (!(data instanceof ArrayBuffer)) throw new Error('expected the weights in one buffer');
      files.set(TFJS_WEIGHTS_FILE, new Uint8Array(data));
      const manifest = {
        format: 'layers-model',
        generatedBy: `TensorFlow.js tfjs-layers v${tf.version.tfjs}`,
        modelTopology: artifacts.modelTopology,
        weightsManifest: [{ paths: [TFJS_WEIGHTS_FILE], weights: artifacts.weightSpecs }],
      };
      files.set(TFJS_TOPOLOGY_FILE, `${JSON.stringify(manifest)}\n`);
      return { modelArtifactsInfo: { dateSaved: new Date(0), modelTopologyType: 'JSON' } };
    }),
  );
  return files;
};

/** Load a model saved in tfjs's layers-model format from `dir`. */
export const loadTfjsModel = async (dir: string): Promise<tf.LayersModel> => {
  const manifest = JSON.parse(await readFile(`${dir}/${TFJS_TOPOLOGY_FILE}`, 'utf8')) as {
    modelTopology: object;
    weightsManifest: { weights: tf.io.WeightsManifestEntry[] }[];
  };
  const weights = await readFile(`${dir}/${TFJS_WEIGHTS_FILE}`);
  const weightData = weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength);
  return tf.loadLayersModel(
    tf.io.fromMemory({
      modelTopology: manifest.modelTopology,
      weightSpecs: manifest.weightsManifest.flatMap((m) => m.weights),
      weightData,
    }),
  );
};
