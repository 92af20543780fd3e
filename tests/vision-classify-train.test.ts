// The training loop (scripts/train-classifier.ts runs it at full size): on a tiny set of synthetic
// patches it must learn, and from the same seed give the same weights to the bit.
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeRng } from '../src/sim/random.ts';
import { SNOOKER_BALL_IDS as CLASSES } from '../src/games/snooker/equipment.ts';
import { NET, predictTfjs, toLayersModel } from '../src/vision/classify/model.ts';
import type { PatchSet } from '../src/sim/training/dataset.ts';
import { evaluate } from '../src/sim/training/evaluate.ts';
import { train, type EpochReport } from '../src/sim/training/train.ts';

// Flat patches of a ball colour on cloth, the ball's colour per class with a little noise.
const COLOURS: Readonly<Record<string, readonly [number, number, number]>> = {
  cue: [0.92, 0.9, 0.85],
  red: [0.67, 0.05, 0.07],
  yellow: [0.92, 0.77, 0.07],
  black: [0.05, 0.05, 0.06],
};

const synthetic = (seed: number, perClass: number): PatchSet => {
  const rng = makeRng(seed);
  const S = NET.size;
  const ids = Object.keys(COLOURS) as (keyof typeof COLOURS & (typeof CLASSES)[number])[];
  const n = ids.length * perClass;
  const patches = new Float32Array(n * S * S * 3);
  const labels = new Uint8Array(n);
  let k = 0;
  for (const id of ids)
    for (let j = 0; j < perClass; j++, k++) {
      const c = COLOURS[id] as readonly number[];
      for (let y = 0; y < S; y++)
        for (let x = 0; x < S; x++) {
          const ball = (x - S / 2 + 0.5) ** 2 + (y - S / 2 + 0.5) ** 2 < (S / 2.5) ** 2;
          for (let ch = 0; ch < 3; ch++)
            patches[((k * S + y) * S + x) * 3 + ch] =
              (ball ? (c[ch] as number) : ([0.13, 0.45, 0.2][ch] as number)) + rng.normal(0, 0.03);
        }
      labels[k] = CLASSES.indexOf(id);
    }
  return {
    classes: CLASSES,
    inputs: {
      count: n,
      patches,
      light: Float32Array.from({ length: n * 3 }, (_, i) => [0.13, 0.45, 0.2][i % 3] as number),
    },
    labels,
    info: Array.from(labels, (l) => ({
      id: CLASSES[l] as (typeof CLASSES)[number],
      condition: 'normal' as const,
      visible: 1,
      moving: false,
      layout: 'scatter' as const,
      camera: 0,
    })),
  };
};

describe('training', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });
  const options = { seed: 5, epochs: 6, batchSize: 16, learningRate: 5e-3 };

  it('learns: the loss falls and the set is classified right', () => {
    const data = synthetic(1, 16);
    const reports: EpochReport[] = [];
    const weights = train(data, options, (r) => reports.push(r));
    expect(reports.map((r) => r.epoch)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((reports[5] as EpochReport).loss).toBeLessThan((reports[0] as EpochReport).loss);
    const e = evaluate(synthetic(2, 6), predictTfjs(toLayersModel(weights), synthetic(2, 6).inputs));
    expect(e.all.accuracy).toBe(1);
  });

  it('is deterministic: the same seed and data give the same weights', () => {
    const data = synthetic(3, 6);
    const a = train(data, { ...options, epochs: 1 });
    const b = train(data, { ...options, epochs: 1 });
    expect(Array.from(a.hiddenKernel)).toEqual(Array.from(b.hiddenKernel));
    const c = train(data, { ...options, epochs: 1, seed: 6 });
    expect(Array.from(c.hiddenKernel)).not.toEqual(Array.from(a.hiddenKernel));
  });
});
