// Regression (issue 14): a pink in a middle pocket's jaws called the cue ball, and the cue ball pink.
// Held-out 7's navy-side frame 9 203 002 (a navy cloth lit by one lamp off one long side): the
// classifier, retrained on more makers' sets, gave the pink in the jaws the cue ball with certainty
// (1.000), as it gave the cue ball itself; between equal costs the assignment named the pink the cue
// ball and the cue ball pink. The cue ball is the lightest look of the set, and a ball's lightness
// (its middle over the cloth around it) is the cue ball's 3.36, the pink's 1.79: of more balls called
// the white than the set holds, the lightest are it (identify.ts lightestWhite). The frame is
// bench/detect-alt's own, drawn here; every ball must be named right.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAltFrameNamed } from './helpers/alt-frame.ts';
import { loadSnookerClassifier } from './helpers/games.ts';
import { SNOOKER_BALLS } from '../src/games/snooker/equipment.ts';
import type { BallClassifier, ClassifiedBall } from '../src/vision/classify/index.ts';
import { lightestWhite } from '../src/vision/identify.ts';

let classifier: BallClassifier;

beforeAll(async () => {
  classifier = await loadSnookerClassifier();
});

describe('the cue ball is the lightest of the balls called it', () => {
  it('in the held-out-7 frame 9 203 002, every ball is found and named right', async () => {
    await expectAltFrameNamed('held-out-7', 9_203_002, classifier);
  }, 120_000);
});

/** A guess of the classifier's: these probabilities, the rest of the set's ids 0. */
const guess = (p: Readonly<Record<string, number>>): ClassifiedBall => {
  const probabilities = Object.fromEntries(SNOOKER_BALLS.ids.map((id) => [id, p[id] ?? 0]));
  const [id, confidence] = Object.entries(probabilities).sort((a, b) => b[1] - a[1])[0] as [string, number];
  return { id, confidence, probabilities };
};

describe('lightestWhite', () => {
  it.each([
    [
      'two called the cue ball with certainty: the darker is given its next most likely id',
      [3.36, 1.79],
      [
        { cue: 0.99999, pink: 0.00001 },
        { cue: 0.99999, pink: 0.00001 },
      ],
      ['cue', 'pink'],
    ],
    [
      'the lighter kept whichever comes first',
      [1.79, 3.36],
      [
        { cue: 0.99999, pink: 0.00001 },
        { cue: 0.99999, yellow: 0.00001 },
      ],
      ['pink', 'cue'],
    ],
    [
      'one called the cue ball is left alone, however dark',
      [0.5, 1],
      [{ cue: 0.9, pink: 0.1 }, { red: 1 }],
      ['cue', 'red'],
    ],
    ['with nothing else given, a guess is left as it was', [3, 1], [{ cue: 1 }, { cue: 1 }], ['cue', 'cue']],
  ] as const)('%s', (_case, lightness, p, ids) => {
    const out = lightestWhite(
      lightness.map((l) => ({ lightness: l })),
      p.map(guess),
      SNOOKER_BALLS,
    );
    expect(out.map((g) => g.id)).toEqual(ids);
  });
});
