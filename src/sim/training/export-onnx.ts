// The trained network written as an ONNX model (opset 13), node by node, with its weights as
// initializers, so that onnxruntime-node can run the same function. Used by the training script and
// the tests; `onnx-proto` is a dev dependency and nothing at run time imports this file.
//
// tfjs works in NHWC and ONNX's Conv in NCHW: the graph transposes the patch in, and the features back
// before flattening, so that the dense layers see them in tfjs's order and take its kernels as they
// are. The conv kernel goes from tfjs's [kh, kw, in, out] to ONNX's [out, in, kh, kw]; TensorFlow's
// 'same' padding at stride 2 on an even side is one pixel after and none before.
import onnxProto from 'onnx-proto';
import type { onnx as proto } from 'onnx-proto';
import { NET, weightShapes, type ClassifierWeights, type NetShape } from '../../vision/classify/model.ts';

// onnx-proto is CommonJS: its namespace comes as the default export's `onnx`.
const { onnx } = onnxProto;

const OPSET = 13;
const IR_VERSION = 7; // the IR version that goes with opset 13

const tensor = (name: string, dims: readonly number[], values: Float32Array): proto.ITensorProto => ({
  name,
  dims: [...dims],
  dataType: onnx.TensorProto.DataType.FLOAT,
  // ONNX raw data is little-endian, as Float32Array is on every platform Node runs on.
  rawData: new Uint8Array(values.buffer.slice(values.byteOffset, values.byteOffset + values.byteLength)),
});

const ints = (name: string, values: readonly number[]): proto.IAttributeProto => ({
  name,
  type: onnx.AttributeProto.AttributeType.INTS,
  ints: [...values],
});
const int = (name: string, value: number): proto.IAttributeProto => ({
  name,
  type: onnx.AttributeProto.AttributeType.INT,
  i: value,
});

const node = (
  opType: string,
  inputs: string[],
  output: string,
  attribute: proto.IAttributeProto[] = [],
): proto.INodeProto => ({ opType, input: inputs, output: [output], name: output, attribute });

const valueInfo = (name: string, dims: readonly (number | string)[]): proto.IValueInfoProto => ({
  name,
  type: {
    tensorType: {
      elemType: onnx.TensorProto.DataType.FLOAT,
      shape: { dim: dims.map((d) => (typeof d === 'string' ? { dimParam: d } : { dimValue: d })) },
    },
  },
});

/** [kh, kw, in, out] → [out, in, kh, kw]. */
const convKernel = (src: Float32Array, shape: readonly number[]): Float32Array => {
  const [kh, kw, cin, cout] = shape as [number, number, number, number];
  const dst = new Float32Array(src.length);
  for (let y = 0; y < kh; y++)
    for (let x = 0; x < kw; x++)
      for (let i = 0; i < cin; i++)
        for (let o = 0; o < cout; o++)
          dst[((o * cin + i) * kh + y) * kw + x] = src[((y * kw + x) * cin + i) * cout + o] as number;
  return dst;
};

/**
 * The network as a serialised ONNX ModelProto: inputs `patch` [N, S, S, 3] (S = 16 for snooker's) and
 * `light` [N, 3], output `probabilities` [N, classes] in the order of `classes`.
 */
export const exportOnnx = (
  w: ClassifierWeights,
  classes: readonly string[],
  net: NetShape = NET,
): Uint8Array => {
  const shapes = weightShapes(classes.length, net);
  const [kh, kw, cin, cout] = shapes.convKernel as [number, number, number, number];
  const initializer = [
    tensor('conv.weight', [cout, cin, kh, kw], convKernel(w.convKernel, shapes.convKernel)),
    tensor('conv.bias', shapes.convBias, w.convBias),
    tensor('hidden.weight', shapes.hiddenKernel, w.hiddenKernel),
    tensor('hidden.bias', shapes.hiddenBias, w.hiddenBias),
    tensor('output.weight', shapes.outputKernel, w.outputKernel),
    tensor('output.bias', shapes.outputBias, w.outputBias),
  ];
  const nodes = [
    node('Transpose', ['patch'], 'patch.nchw', [ints('perm', [0, 3, 1, 2])]),
    node('Conv', ['patch.nchw', 'conv.weight', 'conv.bias'], 'conv', [
      ints('kernel_shape', [kh, kw]),
      ints('strides', [net.stride, net.stride]),
      ints('pads', [0, 0, 1, 1]),
    ]),
    node('Relu', ['conv'], 'conv.relu'),
    node('Transpose', ['conv.relu'], 'features.nhwc', [ints('perm', [0, 2, 3, 1])]),
    node('Flatten', ['features.nhwc'], 'features', [int('axis', 1)]),
    node('Concat', ['features', 'light'], 'joined', [int('axis', 1)]),
    node('Gemm', ['joined', 'hidden.weight', 'hidden.bias'], 'hidden'),
    node('Relu', ['hidden'], 'hidden.relu'),
    node('Gemm', ['hidden.relu', 'output.weight', 'output.bias'], 'logits'),
    node('Softmax', ['logits'], 'probabilities', [int('axis', 1)]),
  ];
  const model = onnx.ModelProto.create({
    irVersion: IR_VERSION,
    opsetImport: [{ domain: '', version: OPSET }],
    producerName: 'referee scripts/train-classifier.ts',
    docString: `Ball classifier; outputs in the order ${classes.join(', ')}.`,
    graph: {
      name: 'ball-classifier',
      node: nodes,
      initializer,
      input: [valueInfo('patch', ['N', net.size, net.size, 3]), valueInfo('light', ['N', 3])],
      output: [valueInfo('probabilities', ['N', classes.length])],
    },
  });
  return onnx.ModelProto.encode(model).finish();
};
