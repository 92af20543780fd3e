// What a round scores and where it leaves the match (docs/formats.md §9).
// seed: «В случае, когда партия заканчивается выигрышем, победившая пара записывает себе количество
// баллов своих не сыгранных фишек, а также не сыгранных фишек проигравшей пары, то есть суммируются
// баллы всех не выставленных фишек, оставшихся на руках.»
// seed: «В случае, когда партия заканчивается закрытием или блокировкой («рыбой»), победившей
// считается пара с наименьшим количеством баллов на оставшихся на руках не сыгранных фишках. Это пара
// записывает себе количество баллов своих не сыгранных фишек, а также не сыгранных фишек проигравшей
// пары … В случае, когда обе пары имеют одинаковое количество баллов на не сыгранных фишках (так
// называемые «яйца»), блокировка признается сыгранной вничью. В колонке пары, сделавшей рыбу,
// записывается нуль».
// seed: «Пара – соперник запрашивает присутствие Судьи, который объявляет об аннулировании раунда.»
import { playersOf, teamOf, type Player, type Team } from '../players.ts';
import { pipsIn } from '../tiles.ts';
import type { Over, Round, Violation } from './round.ts';

/** seed: «На Чемпионатах Мира необходимым количеством считается двести баллов». */
export const DEFAULT_TARGET = 200;

export type Scores = readonly [number, number];

export interface RoundScore {
  readonly over: Over | null;
  /** Who placed the closing tile of the fish; null otherwise (a domino included). */
  readonly blockedBy: Player | null;
  /** A fish with equal pips in hand: a draw. */
  readonly eggs: boolean;
  readonly winner: Team | null;
  readonly points: number;
  /** The pips still in each team's hands, [team 0, team 1]. */
  readonly pips: Scores;
  readonly violations: readonly Violation[];
  /** A false pass was found: the round counts for nothing. */
  readonly annulled: boolean;
}

export interface MatchScore {
  readonly scores: Scores;
  readonly matchOver: boolean;
  readonly matchWinner: Team | null;
}

/** The pips in a team's hands. */
export const teamPips = (round: Round, team: Team): number =>
  playersOf(team).reduce<number>((sum, p) => sum + pipsIn(round.hands[p]), 0);

/** The round's result as it stands (a round still going on scores nothing yet). */
export const scoreRound = (round: Round): RoundScore => {
  const pips: Scores = [teamPips(round, 0), teamPips(round, 1)];
  const all = pips[0] + pips[1];
  const annulled = round.violations.length > 0;
  const blocked = round.over === 'blocked';
  const eggs = blocked && pips[0] === pips[1];
  let winner: Team | null = null;
  if (round.over === 'domino' && round.closedBy !== null) winner = teamOf(round.closedBy);
  else if (blocked && !eggs) winner = pips[0] < pips[1] ? 0 : 1;
  if (annulled) winner = null;
  return {
    over: round.over,
    blockedBy: blocked ? round.closedBy : null,
    eggs,
    winner,
    points: winner === null ? 0 : all,
    pips,
    violations: round.violations,
    annulled,
  };
};

/**
 * The match is over when a team reaches the target; never on a tie (seed: «ни при каких
 * обстоятельствах партия не может завершиться вничью с равным количеством баллов … назначается
 * дополнительный раунд»), which only scores given already past the target can make.
 */
export const matchWinner = (scores: Scores, target: number): Team | null => {
  if (Math.max(scores[0], scores[1]) < target || scores[0] === scores[1]) return null;
  return scores[0] > scores[1] ? 0 : 1;
};

export const matchOver = (scores: Scores, target: number): boolean => matchWinner(scores, target) !== null;

/** The scores with `points` added to a team's (taken off, where negative). */
export const addPoints = (scores: Scores, team: Team, points: number): Scores =>
  team === 0 ? [scores[0] + points, scores[1]] : [scores[0], scores[1] + points];

/** The match after a round: its points to the winner, if any. */
export const settleRound = (scores: Scores, target: number, round: RoundScore): MatchScore => {
  const after = round.winner === null ? scores : addPoints(scores, round.winner, round.points);
  return { scores: after, matchOver: matchOver(after, target), matchWinner: matchWinner(after, target) };
};
