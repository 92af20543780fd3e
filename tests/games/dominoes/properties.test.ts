// Properties of the round reducer and `referee rule` over random legal rounds (fast-check, seeded):
// random deals, a random first player, each player putting down a random one of his moves (or
// passing where he has none, and, in some rounds, now and then passing falsely), played to the end.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TOTAL_PIPS,
  TILES_PER_NUMBER,
  hasPip,
  pipsIn,
  playRound,
  rule,
  type Player,
  type Round,
} from '../../../src/games/dominoes/index.ts';
import { prng, randomDeal, randomRound, ruled, type RandomRound } from './helpers.ts';

const roundArb = fc
  .record({
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    first: fc.constantFrom<Player>(0, 1, 2, 3),
    falsePass: fc.constantFrom(0, 0, 0.05, 0.2),
  })
  .map(({ seed, first, falsePass }): RandomRound & { first: Player; falsePass: number } => {
    const rand = prng(seed);
    return { ...randomRound(randomDeal(rand), first, rand, falsePass), first, falsePass };
  });

const play = (r: RandomRound, upTo = r.moves.length): Round => {
  const round = playRound(r.hands, r.moves.slice(0, upTo));
  if (!round.ok) throw new Error(`a legal round was refused: ${round.error.field}: ${round.error.message}`);
  return round.value;
};

const json = (r: RandomRound, scores: [number, number] = [0, 0], upTo = r.moves.length) => ({
  game: 'dominoes',
  match: { scores, target: 200 },
  round: { hands: r.hands, moves: r.moves.slice(0, upTo) },
});

/** The seed's fish: all seven tiles of a number are down and both ends show it. */
const seedFish = (round: Round): boolean => {
  const ends = round.ends;
  if (!ends || ends[0] !== ends[1]) return false;
  return round.down.filter((d) => hasPip(d.tile, ends[0])).length === TILES_PER_NUMBER;
};

describe('properties of random legal rounds', () => {
  it('§9 "168 pips in all": pips in hands + pips on the chain = 168 after every move', () => {
    fc.assert(
      fc.property(roundArb, (r) => {
        for (let k = 0; k <= r.moves.length; k++) {
          const round = play(r, k);
          const inHand = round.hands.reduce((s, hand) => s + pipsIn(hand), 0);
          const onChain = pipsIn(round.down.map((d) => d.tile));
          expect(inHand + onChain).toBe(TOTAL_PIPS);
          const out = ruled(json(r, [0, 0], k));
          expect(out.pips[0] + out.pips[1]).toBe(inHand);
        }
      }),
      { seed: 20261202, numRuns: 40 },
    );
  });

  it('§9 exactly one of "domino" and "blocked" at the end, and nothing before it', () => {
    fc.assert(
      fc.property(roundArb, (r) => {
        const end = ruled(json(r));
        expect(['domino', 'blocked']).toContain(end.over);
        expect(end.next).toBeNull();
        expect(end.clock).toBeNull();
        const round = play(r);
        const emptied = round.hands.filter((hand) => hand.length === 0).length;
        expect(end.over === 'domino').toBe(emptied === 1);
        expect(end.over === 'blocked').toBe(emptied === 0);
        for (let k = 0; k < r.moves.length; k++) expect(ruled(json(r, [0, 0], k)).over).toBeNull();
      }),
      { seed: 9, numRuns: 80 },
    );
  });

  it('§9 "blocked … (with a double-six set: all seven tiles of a number are down and both ends show it)"', () => {
    fc.assert(
      fc.property(roundArb, (r) => {
        const round = play(r);
        if (round.over === 'blocked') expect(seedFish(round)).toBe(true);
        // A domino on the seventh tile of a number with both ends showing it is still a domino.
        if (seedFish(round)) expect(round.over).not.toBeNull();
        for (let k = 0; k < r.moves.length; k++) expect(seedFish(play(r, k))).toBe(false);
      }),
      { seed: 7, numRuns: 80 },
    );
  });

  it('§9 scoring: the winner scores every pip still in hand; a fish goes to fewer pips; eggs and annulled score 0', () => {
    fc.assert(
      fc.property(roundArb, (r) => {
        const out = ruled(json(r));
        const all = out.pips[0] + out.pips[1];
        if (out.annulled || out.eggs) {
          expect(out.winner).toBeNull();
          expect(out.points).toBe(0);
        } else {
          expect(out.winner).not.toBeNull();
          expect(out.points).toBe(all);
        }
        if (out.over === 'blocked' && !out.annulled && out.winner !== null)
          expect(out.pips[out.winner]).toBeLessThan(out.pips[out.winner === 0 ? 1 : 0]);
        expect(out.eggs).toBe(out.over === 'blocked' && out.pips[0] === out.pips[1]);
        expect(out.annulled).toBe(out.violations.length > 0);
        expect(out.blockedBy !== null).toBe(out.over === 'blocked');
      }),
      { seed: 168, numRuns: 100 },
    );
  });

  it('scores never go down: after every move of a round, and over a match of rounds', () => {
    fc.assert(
      fc.property(fc.array(roundArb, { minLength: 1, maxLength: 8 }), (rounds) => {
        let scores: [number, number] = [0, 0];
        for (const r of rounds) {
          for (let k = 0; k <= r.moves.length; k++) {
            const s = ruled(json(r, scores, k)).scores;
            expect(s[0]).toBeGreaterThanOrEqual(scores[0]);
            expect(s[1]).toBeGreaterThanOrEqual(scores[1]);
          }
          const end = ruled(json(r, scores));
          expect(end.matchOver).toBe(Math.max(...end.scores) >= 200);
          scores = end.scores;
        }
      }),
      { seed: 200, numRuns: 25 },
    );
  });

  it('replaying the same moves gives the same output, through JSON or not', () => {
    fc.assert(
      fc.property(roundArb, fc.nat(), (r, cut) => {
        const k = cut % (r.moves.length + 1);
        const once = rule(json(r, [3, 4], k));
        expect(rule(json(r, [3, 4], k))).toStrictEqual(once);
        expect(rule(JSON.parse(JSON.stringify(json(r, [3, 4], k))))).toStrictEqual(once);
      }),
      { seed: 11, numRuns: 80 },
    );
  });

  it('§9 clock: 20, 5 or 60 while the round goes on; a false pass only where the player held a fitting tile', () => {
    fc.assert(
      fc.property(roundArb, (r) => {
        for (let k = 1; k < r.moves.length; k++) {
          const out = ruled(json(r, [0, 0], k));
          expect([5, 20, 60]).toContain(out.clock);
          expect(out.next).toBe((r.first + k) % 4);
        }
        const round = play(r);
        if (r.falsePass === 0) expect(round.violations).toEqual([]);
        for (const v of round.violations) {
          const { hands, ends } = play(r, v.move);
          const fitting = hands[v.player].filter(
            (t) => ends === null || hasPip(t, ends[0]) || hasPip(t, ends[1]),
          );
          expect(fitting.length).toBeGreaterThan(0);
        }
      }),
      { seed: 5, numRuns: 40 },
    );
  });
});
