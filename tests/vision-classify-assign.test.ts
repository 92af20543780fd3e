// assignIdentities: what the game allows (WPBSA Section 1, 2: one cue ball, fifteen reds, one of each
// colour) applied to the classifier's guesses, as the likeliest assignment of all the balls together.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SNOOKER_BALL_IDS,
  SNOOKER_BALLS,
  SNOOKER_CAPACITY,
  type SnookerBallId,
} from '../src/games/snooker/equipment.ts';
import { assignIdentities, type ClassifiedBall } from '../src/vision/classify/index.ts';

/** A ball the classifier thinks is `guesses` (id → probability), the rest shared out evenly. */
const ball = (guesses: Partial<Record<SnookerBallId, number>>): ClassifiedBall => {
  const given = Object.values(guesses).reduce((s, p) => s + p, 0);
  const others = SNOOKER_BALL_IDS.filter((id) => guesses[id] === undefined);
  const probabilities = Object.fromEntries(
    SNOOKER_BALL_IDS.map((id) => [id, guesses[id] ?? (1 - given) / others.length]),
  ) as Record<SnookerBallId, number>;
  const id = SNOOKER_BALL_IDS.reduce((a, b) => (probabilities[b] > probabilities[a] ? b : a));
  return { id, confidence: probabilities[id], probabilities };
};

const ids = (balls: readonly ClassifiedBall[]): string[] => balls.map((b) => b.id);

const counts = (balls: readonly ClassifiedBall[]): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const b of balls) out[b.id] = (out[b.id] ?? 0) + 1;
  return out;
};

describe('assignIdentities', () => {
  it('two pinks: the pinker is the pink, the other becomes what it most likely is otherwise', () => {
    const a = ball({ pink: 0.9, red: 0.05 });
    const b = ball({ pink: 0.6, red: 0.3, brown: 0.05 });
    const out = assignIdentities([a, b], SNOOKER_BALLS);
    expect(ids(out)).toEqual(['pink', 'red']);
    expect(out[1]?.confidence).toBe(0.3); // the classifier's probability of the id it now has
    expect(out[1]?.probabilities).toBe(b.probabilities);
  });

  it('two pinks the other way round: order does not decide, likelihood does', () => {
    const a = ball({ pink: 0.55, brown: 0.4 });
    const b = ball({ pink: 0.95 });
    expect(ids(assignIdentities([a, b], SNOOKER_BALLS))).toEqual(['brown', 'pink']);
  });

  it('the likeliest assignment of all balls together, not ball by ball', () => {
    // Greedy would give the first ball pink (0.6 > 0.55) and push the second to red (0.01):
    // together, pink for the second and brown for the first is far likelier.
    const a = ball({ pink: 0.6, brown: 0.38 });
    const b = ball({ pink: 0.55, red: 0.01 });
    expect(ids(assignIdentities([a, b], SNOOKER_BALLS))).toEqual(['brown', 'pink']);
  });

  it('sixteen reds: fifteen stay red, the least red-looking becomes its second choice', () => {
    const reds = Array.from({ length: 15 }, () => ball({ red: 0.97, pink: 0.02 }));
    const doubtful = ball({ red: 0.7, brown: 0.25 });
    const out = assignIdentities([...reds.slice(0, 7), doubtful, ...reds.slice(7)], SNOOKER_BALLS);
    expect(counts(out)).toEqual({ red: 15, brown: 1 });
    expect(out[7]?.id).toBe('brown');
  });

  it('no cue ball on the table: none is made up', () => {
    const out = assignIdentities(
      [ball({ red: 0.9 }), ball({ yellow: 0.8 }), ball({ black: 0.99 })],
      SNOOKER_BALLS,
    );
    expect(ids(out)).toEqual(['red', 'yellow', 'black']);
  });

  it('two cue balls: the whiter one is the cue ball', () => {
    const out = assignIdentities([ball({ cue: 0.8, yellow: 0.15 }), ball({ cue: 0.99 })], SNOOKER_BALLS);
    expect(ids(out)).toEqual(['yellow', 'cue']);
  });

  it('a full set classified right is left as it is', () => {
    const set = [
      ball({ cue: 0.99 }),
      ...Array.from({ length: 15 }, () => ball({ red: 0.99 })),
      ...(['yellow', 'green', 'brown', 'blue', 'pink', 'black'] as const).map((id) => ball({ [id]: 0.99 })),
    ];
    const out = assignIdentities(set, SNOOKER_BALLS);
    expect(ids(out)).toEqual(ids(set));
    out.forEach((b, i) => expect(b.confidence).toBe(set[i]?.confidence));
  });

  it('more balls than a set holds: every ball keeps a place in the answer, the set is still filled', () => {
    const set = Array.from({ length: 24 }, (_, i) => ball({ red: 0.9 - i * 0.01 }));
    const out = assignIdentities(set, SNOOKER_BALLS);
    expect(out).toHaveLength(24);
    expect(counts(out).red).toBeGreaterThanOrEqual(15);
  });

  it('no balls: no answer', () => {
    expect(assignIdentities([], SNOOKER_BALLS)).toEqual([]);
  });

  it('certainty is never overruled: a probability of exactly 1 keeps its id when the set allows', () => {
    expect(ids(assignIdentities([ball({ green: 1 }), ball({ blue: 1 })], SNOOKER_BALLS))).toEqual([
      'green',
      'blue',
    ]);
  });

  it('property: the answer keeps the order and length, obeys the set, and is at least as likely as greedy', () => {
    const probabilities = fc
      .array(fc.double({ min: 0.001, max: 1, noNaN: true }), { minLength: 8, maxLength: 8 })
      .map((w) => {
        const s = w.reduce((a, b) => a + b, 0);
        return Object.fromEntries(SNOOKER_BALL_IDS.map((id, i) => [id, (w[i] as number) / s])) as Record<
          SnookerBallId,
          number
        >;
      });
    fc.assert(
      fc.property(fc.array(probabilities, { minLength: 1, maxLength: 22 }), (tables) => {
        const balls = tables.map((p) => {
          const id = SNOOKER_BALL_IDS.reduce((a, b) => (p[b] > p[a] ? b : a));
          return { id, confidence: p[id], probabilities: p };
        });
        const out = assignIdentities(balls, SNOOKER_BALLS);
        expect(out).toHaveLength(balls.length);
        out.forEach((b, i) => expect(b.probabilities).toBe(balls[i]?.probabilities));
        for (const [id, n] of Object.entries(counts(out)))
          expect(n).toBeLessThanOrEqual(SNOOKER_CAPACITY[id as SnookerBallId]);
        // Greedy: most confident balls first, each to its likeliest id still free.
        const left = { ...SNOOKER_CAPACITY };
        let greedy = 0;
        for (const b of [...balls].sort((x, y) => y.confidence - x.confidence)) {
          const id = [...SNOOKER_BALL_IDS]
            .sort((x, y) => b.probabilities[y] - b.probabilities[x])
            .find((k) => left[k] > 0);
          if (!id) return;
          left[id]--;
          greedy += Math.log(b.probabilities[id]);
        }
        const total = out.reduce((s, b) => s + Math.log(b.probabilities[b.id] ?? 0), 0);
        expect(total).toBeGreaterThanOrEqual(greedy - 1e-4);
      }),
      { numRuns: 200 },
    );
  });
});
