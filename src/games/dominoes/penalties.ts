// The referee's penalties (the seed's «Штрафные санкции» and the offences that lead to them) as a pure
// reducer over the match: `applyPenalty(state, action) → state`. The program proposes nothing here:
// every action is the referee's decision, entered in the service; this says what it does to the match.
//
// seed: «Желтая Карточка означает предупреждение за несерьезное нарушение. Красная Карточка означает
// наказание за серьезное нарушение, приравнивается к двум Желтым Карточкам и влечет за собой признание
// пары – нарушителя проигравшей. Черная Карточка означает наказание за очень серьезное нарушение,
// приравнивается к трем Желтым Карточкам или к одной Красной Карточке и одной Желтой Карточке и ведет к
// удалению с соревнований.»
// seed: «Кроме того на нарушителей накладывается штраф, выражающийся в списании с пары-нарушителя
// определенного регламентом соревнований количества очков (40 – 80)».
import { z } from 'zod';
import { type Result } from '../../core/errors.ts';
import { parseWith } from '../../core/schema.ts';
import { otherTeam, playerSchema, teamOf, teamSchema, type Player, type Team } from './players.ts';
import { addPoints, DEFAULT_TARGET, matchWinner, type Scores } from './rules/score.ts';

/** seed: «(40 – 80)». */
export const MIN_POINT_PENALTY = 40;
export const MAX_POINT_PENALTY = 80;
/** seed: «опоздала на начало игры на срок до пяти минут» / «по истечению пяти минут … не явились». */
export const LATE_MINUTES = 5;

export type Card = 'yellow' | 'red' | 'black';

/** A card counted in yellows: red = two yellows, black = three (seed: «приравнивается к …»). */
export const CARD_WEIGHT: Readonly<Record<Card, number>> = { yellow: 1, red: 2, black: 3 };

export const penaltyConfigSchema = z.object({
  /** Points that win the match, and the «максимальное количество баллов» a forfeit records. */
  target: z.number().int().positive().default(DEFAULT_TARGET),
  /** The points a penalty takes off a pair, as the competition's regulations set it (40 – 80). */
  penalty: z.number().int().min(MIN_POINT_PENALTY).max(MAX_POINT_PENALTY).default(MIN_POINT_PENALTY),
});

export type PenaltyConfig = z.output<typeof penaltyConfigSchema>;

export const penaltyActionSchema = z.discriminatedUnion('type', [
  /** A round's result, as `referee rule` gave it: `points` to `winner` (none to nobody). */
  z.object({ type: z.literal('round'), winner: teamSchema.nullable(), points: z.number().int().min(0) }),
  /** The player took longer than the clock allowed (20 s, 60 s or 5 s). */
  z.object({ type: z.literal('clock'), player: playerSchema }),
  /** A card shown to a player, for any offence the referee judges. */
  z.object({ type: z.literal('card'), player: playerSchema, card: z.enum(['yellow', 'red', 'black']) }),
  /** Points off a pair, for an offence the seed punishes with «штраф». */
  z.object({ type: z.literal('points'), team: teamSchema }),
  /** A pair (one or both players) late at the start: minutes after the start. */
  z.object({ type: z.literal('late'), team: teamSchema, minutes: z.number().positive() }),
  /** A false pass found (the round is annulled by `referee rule`); `preventedBlock` as the referee judges. */
  z.object({
    type: z.literal('falsePass'),
    player: playerSchema,
    preventedBlock: z.boolean().default(false),
  }),
]);

export type PenaltyAction = z.output<typeof penaltyActionSchema>;

/** What an action did, each with the seed passage it rests on. */
export interface PenaltyEvent {
  readonly kind: 'round' | 'warning' | 'points' | 'card' | 'forfeit' | 'expelled';
  readonly team: Team;
  readonly player?: Player;
  /** The points added (round) or taken off (points). */
  readonly points?: number;
  /** The card as it counts, after the yellows before it (a second yellow counts as a red). */
  readonly card?: Card;
  readonly reason: string;
}

export interface PenaltyState {
  readonly config: PenaltyConfig;
  readonly scores: Scores;
  /** Each pair has had its warning for the clock. */
  readonly clockWarned: readonly [boolean, boolean];
  /** Each player's cards, in yellows. */
  readonly yellows: readonly [number, number, number, number];
  /** Each player sent off the competition (a black card, or its worth in cards). */
  readonly expelled: readonly [boolean, boolean, boolean, boolean];
  /** The pair declared the loser (a red card or its worth, a no-show); null if none. */
  readonly forfeited: Team | null;
  readonly matchOver: boolean;
  readonly matchWinner: Team | null;
  readonly events: readonly PenaltyEvent[];
}

export const newPenaltyState = (
  config: Partial<PenaltyConfig> = {},
  scores: Scores = [0, 0],
): PenaltyState => {
  const full = penaltyConfigSchema.parse(config);
  const winner = matchWinner(scores, full.target);
  return {
    config: full,
    scores,
    clockWarned: [false, false],
    yellows: [0, 0, 0, 0],
    expelled: [false, false, false, false],
    forfeited: null,
    matchOver: winner !== null,
    matchWinner: winner,
    events: [],
  };
};

const log = (s: PenaltyState, e: PenaltyEvent): PenaltyState => ({ ...s, events: [...s.events, e] });

/** Points change the score only while the match goes on. */
const score = (s: PenaltyState, team: Team, points: number): PenaltyState => {
  if (s.matchOver) return s;
  const scores = addPoints(s.scores, team, points);
  const winner = matchWinner(scores, s.config.target);
  return { ...s, scores, matchOver: winner !== null, matchWinner: winner };
};

/** Points off a pair: seed «штраф, выражающийся в списании с пары-нарушителя … количества очков». */
const pointsOff = (s: PenaltyState, team: Team, reason: string, player?: Player): PenaltyState =>
  log(score(s, team, -s.config.penalty), {
    kind: 'points',
    team,
    ...(player === undefined ? {} : { player }),
    points: s.config.penalty,
    reason,
  });

/**
 * The pair loses the match and the other is recorded the maximum (seed: «пара-нарушитель объявляется
 * проигравшей в партии, на соперников записывается максимальное количество очков»; «на счет пары,
 * признанной победившей, записывается максимальное количество баллов, предусмотренное регламентом
 * соревнований (200)»), here the target.
 */
const forfeit = (s: PenaltyState, team: Team, reason: string): PenaltyState => {
  if (s.matchOver) return log(s, { kind: 'forfeit', team, reason: `${reason} (the match was already over)` });
  const winner = otherTeam(team);
  const scores: Scores =
    winner === 0
      ? [Math.max(s.scores[0], s.config.target), s.scores[1]]
      : [s.scores[0], Math.max(s.scores[1], s.config.target)];
  return log(
    { ...s, scores, forfeited: team, matchOver: true, matchWinner: winner },
    { kind: 'forfeit', team, reason },
  );
};

const cardAsCounted = (yellows: number): Card => (yellows >= 3 ? 'black' : yellows >= 2 ? 'red' : 'yellow');

const showCard = (s: PenaltyState, player: Player, card: Card, why: string): PenaltyState => {
  const team = teamOf(player);
  const total = s.yellows[player] + CARD_WEIGHT[card];
  const counted = cardAsCounted(total);
  const yellows = s.yellows.map((y, p) => (p === player ? total : y)) as unknown as PenaltyState['yellows'];
  let next = log({ ...s, yellows }, { kind: 'card', team, player, card: counted, reason: why });
  if (counted === 'yellow') return next;
  if (s.forfeited !== team)
    next = forfeit(next, team, 'seed: a red card «влечет за собой признание пары – нарушителя проигравшей»');
  if (counted === 'black' && !s.expelled[player]) {
    const expelled = next.expelled.map((e, p) => e || p === player) as unknown as PenaltyState['expelled'];
    next = log(
      { ...next, expelled },
      { kind: 'expelled', team, player, reason: 'seed: a black card «ведет к удалению с соревнований»' },
    );
  }
  return next;
};

/** Apply one referee action to the match. Pure. */
export const applyPenalty = (s: PenaltyState, action: PenaltyAction): PenaltyState => {
  switch (action.type) {
    case 'round': {
      if (action.winner === null) return s;
      return log(score(s, action.winner, action.points), {
        kind: 'round',
        team: action.winner,
        points: action.points,
        reason: 'the round’s points to its winner',
      });
    }
    case 'clock': {
      // seed: «Любое необоснованное превышение отведенных промежутков времени … влечет за собой устное
      // предупреждение игроку со стороны Судьи. В случае повторного подобного нарушения на пару,
      // нарушившую правила, налагается штраф».
      const team = teamOf(action.player);
      if (s.clockWarned[team])
        return pointsOff(
          s,
          team,
          'seed: a repeated overrun of the clock: «на пару … налагается штраф»',
          action.player,
        );
      const clockWarned: PenaltyState['clockWarned'] =
        team === 0 ? [true, s.clockWarned[1]] : [s.clockWarned[0], true];
      return log(
        { ...s, clockWarned },
        {
          kind: 'warning',
          team,
          player: action.player,
          reason: 'seed: a first overrun of the clock: «устное предупреждение»',
        },
      );
    }
    case 'card':
      return showCard(s, action.player, action.card, `a ${action.card} card shown by the referee`);
    case 'points':
      return pointsOff(s, action.team, 'a penalty the referee imposed: «списание с пары-нарушителя … очков»');
    case 'late':
      // seed: «Пара, которая умышленно или неумышленно опоздала на начало игры на срок до пяти минут
      // штрафуется»; «Пара также считается выигравшей, если по истечению пяти минут … не явились».
      return action.minutes <= LATE_MINUTES
        ? pointsOff(s, action.team, `late by ${action.minutes} min, up to five: «штрафуется»`)
        : forfeit(s, action.team, `late by more than five minutes: the other pair «считается выигравшей»`);
    case 'falsePass':
      // seed: «а) … объявляет об аннулировании раунда. На пару-нарушителя накладывается штраф.
      // б) Если нарушение происходит с целью предотвратить положение закрытия/блокировки, … штрафует
      // нарушителя предъявлением Красной карточки».
      return action.preventedBlock
        ? showCard(s, action.player, 'red', 'seed: a false pass to prevent a block: «Красной карточки»')
        : pointsOff(
            s,
            teamOf(action.player),
            'seed: a false pass: «На пару-нарушителя накладывается штраф»',
            action.player,
          );
  }
};

/** An action from JSON; errors name the field under `field`. */
export const parsePenaltyAction = (json: unknown, field = 'action'): Result<PenaltyAction> =>
  parseWith(penaltyActionSchema, json, 'INVALID_INPUT', field);
