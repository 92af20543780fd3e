// Figures for a classifier on a labelled set: accuracy per class and per light condition, and the
// errors the product cannot afford (on balls more than half visible). Training tooling: the training
// script (which writes them beside the model), the tests and the benchmark use it.
import type { BallId } from '../../equipment/pieces.ts';
import { LIGHT_CONDITIONS, type LightCondition, type PatchSet, type SampleInfo } from './dataset.ts';

export interface Tally {
  readonly n: number;
  readonly correct: number;
  readonly accuracy: number;
}

export interface Mistake {
  readonly truth: BallId;
  readonly guess: BallId;
  readonly confidence: number;
  readonly condition: LightCondition;
  readonly visible: number;
  readonly moving: boolean;
}

export interface Evaluation {
  readonly all: Tally;
  readonly byClass: Readonly<Record<BallId, Tally>>;
  readonly byCondition: Readonly<Record<LightCondition, Tally>>;
  /** Balls more than half visible, by condition: where the product promises no errors. */
  readonly halfVisibleByCondition: Readonly<Record<LightCondition, Tally>>;
  /** Balls half hidden or more (by a player or cue). */
  readonly mostlyHidden: Tally;
  /** Moving (motion-blurred) balls. */
  readonly moving: Tally;
  /** Every mistake on a ball more than half visible. */
  readonly mistakes: readonly Mistake[];
  /** Rows: truth, columns: guess, in the set's class order. */
  readonly confusion: readonly (readonly number[])[];
}

const tally = (hits: readonly boolean[]): Tally => {
  const correct = hits.filter(Boolean).length;
  return { n: hits.length, correct, accuracy: hits.length ? correct / hits.length : 1 };
};

/** Score `probabilities` (count × classes, the set's order) against the set's labels. */
export const evaluate = (set: PatchSet, probabilities: Float32Array): Evaluation => {
  const classes = set.classes;
  const k = classes.length;
  const guesses: number[] = [];
  for (let i = 0; i < set.inputs.count; i++) {
    let best = 0;
    for (let c = 1; c < k; c++)
      if ((probabilities[i * k + c] as number) > (probabilities[i * k + best] as number)) best = c;
    guesses.push(best);
  }
  const hit = (i: number): boolean => guesses[i] === set.labels[i];
  const where = (f: (info: SampleInfo) => boolean): boolean[] =>
    set.info.flatMap((info, i) => (f(info) ? [hit(i)] : []));
  const confusion = classes.map(() => classes.map(() => 0));
  guesses.forEach((g, i) => {
    const row = confusion[set.labels[i] as number] as number[];
    row[g] = (row[g] as number) + 1;
  });
  const mistakes: Mistake[] = [];
  set.info.forEach((info, i) => {
    if (hit(i) || info.visible <= 0.5) return;
    const g = guesses[i] as number;
    mistakes.push({
      truth: info.id,
      guess: classes[g] ?? '',
      confidence: probabilities[i * k + g] as number,
      condition: info.condition,
      visible: info.visible,
      moving: info.moving,
    });
  });
  const byKey = <K extends string>(
    keys: readonly K[],
    f: (key: K) => (info: SampleInfo) => boolean,
  ): Record<K, Tally> =>
    Object.fromEntries(keys.map((key) => [key, tally(where(f(key)))])) as Record<K, Tally>;
  return {
    all: tally(guesses.map((_, i) => hit(i))),
    byClass: byKey(classes, (id) => (info) => info.id === id),
    byCondition: byKey(LIGHT_CONDITIONS, (c) => (info) => info.condition === c),
    halfVisibleByCondition: byKey(
      LIGHT_CONDITIONS,
      (c) => (info) => info.condition === c && info.visible > 0.5,
    ),
    mostlyHidden: tally(where((info) => info.visible <= 0.5)),
    moving: tally(where((info) => info.moving)),
    mistakes,
    confusion,
  };
};

/** A few lines of text for a person: accuracy overall, per class, per condition, and the mistakes. */
export const describeEvaluation = (e: Evaluation, classes: readonly BallId[]): string => {
  const pct = (t: Tally): string => `${(100 * t.accuracy).toFixed(2)} % (${t.n - t.correct} wrong of ${t.n})`;
  const lines = [
    `all balls: ${pct(e.all)}`,
    ...classes.map((id) => `  ${id}: ${e.byClass[id] ? pct(e.byClass[id]) : 'none'}`),
    'more than half visible, by light:',
    ...LIGHT_CONDITIONS.map((c) => `  ${c}: ${pct(e.halfVisibleByCondition[c])}`),
    `half hidden or more: ${pct(e.mostlyHidden)}`,
    `moving (motion blur): ${pct(e.moving)}`,
  ];
  for (const m of e.mistakes)
    lines.push(
      `  mistake: ${m.truth} taken for ${m.guess} (p ${m.confidence.toFixed(2)}, ${m.condition}, ${(100 * m.visible).toFixed(0)} % visible${m.moving ? ', moving' : ''})`,
    );
  return lines.join('\n');
};
