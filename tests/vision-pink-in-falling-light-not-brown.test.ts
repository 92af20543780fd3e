// Regression (issue 14): a pink called brown in falling light. Held-out 15's warm jade frame 10005002
// is lit by one strong lamp beyond a corner of the table: its pink, in the dim half, was given brown
// 0.53, pink 0.41 by the classifier (which sees one light for the whole frame), and, no brown being on
// the table, was named brown, though its middle is 2.5 times as light as the reds' (as a share of the
// cloth around each: the fall of the light cancels), where a brown's is at most 1.28 times. And in
// tuning-hard's frame 8603002 a brown deep in a corner's jaws, given red 0.60, pink 0.22, brown 0.18,
// was named pink: its middle is 0.86 times the reds'. A ball the classifier gives both a tint and a
// shade of the alike balls' hue is the tint only if it is lighter than them by 1.42 times
// (identify.ts tintOrShade). Retrained on more makers' sets, the classifier gave that brown pink 0.47,
// red 0.40, brown 0.13, and it was named red until tintOrShade was asked before sharedColour (which
// then finds a ball called red unlike the reds). The frames are bench/detect-alt's own, drawn here;
// every ball of each must be named right.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAltFrameNamed } from './helpers/alt-frame.ts';
import { loadSnookerClassifier } from './helpers/games.ts';
import { POOL_BALLS } from '../src/games/blackball/table.ts';
import { SNOOKER_BALLS } from '../src/games/snooker/equipment.ts';
import type { BallSet } from '../src/equipment/pieces.ts';
import type { BallClassifier, ClassifiedBall } from '../src/vision/classify/index.ts';
import { tintOrShade } from '../src/vision/identify.ts';

let classifier: BallClassifier;

beforeAll(async () => {
  classifier = await loadSnookerClassifier();
});

describe('a tint and a shade of the reds told apart by how light they are', () => {
  it.each([
    ['held-out-15', 10_005_002, 'the pink in the dim half of the warm jade frame'],
    ['tuning-hard', 8_603_002, "the brown deep in a corner's jaws"],
  ] as const)(
    'in the %s frame %i (%s), every ball is found and named right',
    async (split, seed, _what) => {
      await expectAltFrameNamed(split, seed, classifier);
    },
    120_000,
  );
});

/** A guess of the classifier's: these probabilities, the rest of the set's ids 0. */
const guess = (set: BallSet, p: Readonly<Record<string, number>>): ClassifiedBall => {
  const probabilities = Object.fromEntries(set.ids.map((id) => [id, p[id] ?? 0]));
  const [id, confidence] = Object.entries(probabilities).sort((a, b) => b[1] - a[1])[0] as [string, number];
  return { id, confidence, probabilities };
};

/** Three reds of lightness 1 and one ball of `lightness` guessed `p`; the one ball's guess after. */
const judged = (set: BallSet, lightness: number, p: Readonly<Record<string, number>>, reds = 3) => {
  const red = guess(set, { red: 1 });
  const balls = [...Array.from({ length: reds }, () => ({ lightness: 1 })), { lightness }];
  const guesses = [...Array.from({ length: reds }, () => red), guess(set, p)];
  return tintOrShade(balls, guesses, set)[reds] as ClassifiedBall;
};

describe('tintOrShade', () => {
  it.each([
    [
      'a pink called brown, 2.5 times as light as the reds, is not the brown',
      2.5,
      { brown: 0.53, pink: 0.41 },
      'pink',
    ],
    [
      'a brown called pink, as light as the reds, is not the pink',
      0.86,
      { red: 0.6, pink: 0.22, brown: 0.18 },
      'red',
    ],
    ['a brown called brown with pink in doubt stays brown', 1.2, { brown: 0.8, pink: 0.2 }, 'brown'],
    ['a pink called pink with brown in doubt stays pink', 1.7, { pink: 0.6, brown: 0.4 }, 'pink'],
    ['a ball not doubted between a tint and a shade is left alone', 3, { brown: 0.97, red: 0.03 }, 'brown'],
    [
      'the yellow, not of the reds\u2019 hue, is no tint of theirs',
      0.5,
      { yellow: 0.6, brown: 0.4 },
      'yellow',
    ],
  ] as const)('%s', (_, lightness, p, id) => {
    expect(judged(SNOOKER_BALLS, lightness, p).id).toBe(id);
  });

  it('with fewer than three reds called, nothing is compared', () => {
    expect(judged(SNOOKER_BALLS, 2.5, { brown: 0.53, pink: 0.41 }, 2).id).toBe('brown');
  });

  it('a set with one ball of each id has no alike balls to compare with', () => {
    const set = POOL_BALLS;
    const one = guess(set, { '3': 0.6, '7': 0.4 });
    const balls = [{ lightness: 1 }, { lightness: 1 }, { lightness: 1 }, { lightness: 3 }];
    expect(tintOrShade(balls, [one, one, one, one], set)).toEqual([one, one, one, one]);
  });
});
