// The dominoes referee: `rule` is the whole of `referee rule` for `"game": "dominoes"` (docs/formats.md §9)
// as a pure function: the record is parsed, its round replayed move by move, and the ruling given in
// the contract's shape and field order.
import { ok, type Result } from '../../../core/errors.ts';
import type { Player, Team } from '../players.ts';
import { clockFor } from './clock.ts';
import { parseRecord, type RoundRecord } from './record.ts';
import { playRound, type Over, type Round, type Violation } from './round.ts';
import { scoreRound, settleRound } from './score.ts';

export * from './chain.ts';
export * from './clock.ts';
export * from './record.ts';
export * from './round.ts';
export * from './score.ts';

/** The contract's output object (docs/formats.md §9), fields in its order. */
export interface RuleOutput {
  /** The open ends, [left, right]; null before the first tile. */
  readonly ends: [number, number] | null;
  /** Who is to move; null with no moves yet and once the round is over. */
  readonly next: Player | null;
  /** Seconds the seed allows `next`: 60, 5 or 20; null once the round is over. */
  readonly clock: number | null;
  readonly over: Over | null;
  readonly blockedBy: Player | null;
  readonly eggs: boolean;
  readonly winner: Team | null;
  readonly points: number;
  readonly pips: [number, number];
  readonly scores: [number, number];
  readonly violations: Violation[];
  readonly annulled: boolean;
  readonly matchOver: boolean;
  readonly matchWinner: Team | null;
}

/** The ruling on a round replayed from a record, with the match it belongs to. */
export const makeRuleOutput = (round: Round, match: RoundRecord['match']): RuleOutput => {
  const score = scoreRound(round);
  const settled = settleRound(match.scores, match.target, score);
  return {
    ends: round.ends ? [round.ends[0], round.ends[1]] : null,
    next: round.next,
    clock: clockFor(round),
    over: score.over,
    blockedBy: score.blockedBy,
    eggs: score.eggs,
    winner: score.winner,
    points: score.points,
    pips: [score.pips[0], score.pips[1]],
    scores: [settled.scores[0], settled.scores[1]],
    violations: score.violations.map((v) => ({ move: v.move, player: v.player, kind: v.kind })),
    annulled: score.annulled,
    matchOver: settled.matchOver,
    matchWinner: settled.matchWinner,
  };
};

/** The whole of `referee rule` for dominoes: validate the record, replay the round, rule on it. */
export const rule = (json: unknown): Result<RuleOutput> => {
  const record = parseRecord(json);
  if (!record.ok) return record;
  const round = playRound(record.value.hands, record.value.moves, undefined, {
    hands: 'round.hands',
    moves: 'round.moves',
  });
  if (!round.ok) return round;
  return ok(makeRuleOutput(round.value, record.value.match));
};
