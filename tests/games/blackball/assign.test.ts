// The classifier's guesses under pool's set (docs/formats.md §8: one cue ball and one of each number,
// seed 2.2): assignIdentities takes the capacity from the ball set, so no number is given twice.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POOL_BALLS } from '../../../src/games/blackball/table.ts';
import { assignIdentities, type ClassifiedBall } from '../../../src/vision/classify/index.ts';

const IDS = POOL_BALLS.ids;

/** A ball the classifier thinks is `guesses` (id → probability), the rest shared out evenly. */
const ball = (guesses: Readonly<Record<string, number>>): ClassifiedBall => {
  const given = Object.values(guesses).reduce((s, p) => s + p, 0);
  const others = IDS.filter((id) => guesses[id] === undefined);
  const probabilities = Object.fromEntries(IDS.map((id) => [id, guesses[id] ?? (1 - given) / others.length]));
  const id = IDS.reduce((a, b) => ((probabilities[b] ?? 0) > (probabilities[a] ?? 0) ? b : a));
  return { id, confidence: probabilities[id] ?? 0, probabilities };
};

describe('assignIdentities on a pool set', () => {
  it('every id has room for one ball', () => {
    expect(IDS).toHaveLength(16);
    for (const id of IDS) expect(POOL_BALLS.capacity[id]).toBe(1);
  });

  it('two balls that both look like the 3: the likelier is the 3, the other its next guess (the 7)', () => {
    const out = assignIdentities([ball({ '3': 0.7, '7': 0.25 }), ball({ '3': 0.9, '11': 0.05 })], POOL_BALLS);
    expect(out.map((b) => b.id)).toEqual(['7', '3']);
  });

  it('sixteen balls of any guesses: each id given once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.double({ min: 0.001, max: 1, noNaN: true }), { minLength: 16, maxLength: 16 }), {
          minLength: 16,
          maxLength: 16,
        }),
        (rows) => {
          const balls = rows.map((r) => {
            const sum = r.reduce((s, p) => s + p, 0);
            const probabilities = Object.fromEntries(IDS.map((id, k) => [id, (r[k] as number) / sum]));
            return { id: 'cue', confidence: 0, probabilities };
          });
          const out = assignIdentities(balls, POOL_BALLS);
          expect(new Set(out.map((b) => b.id)).size).toBe(16);
        },
      ),
      { numRuns: 50 },
    );
  });
});
