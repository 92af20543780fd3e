// The referee's penalties (seed «Штрафные санкции» and the offences it names), as a reducer over the
// match: each case a sequence of actions and what the match is left with.
import { describe, expect, it } from 'vitest';
import {
  applyPenalty,
  newPenaltyState,
  parsePenaltyAction,
  type PenaltyAction,
  type PenaltyState,
} from '../../../src/games/dominoes/index.ts';

const run = (
  actions: readonly PenaltyAction[],
  start: PenaltyState = newPenaltyState({ penalty: 50 }, [100, 100]),
) => actions.reduce(applyPenalty, start);

interface Case {
  readonly name: string;
  readonly actions: PenaltyAction[];
  readonly scores: [number, number];
  readonly matchOver: boolean;
  readonly matchWinner: 0 | 1 | null;
  readonly yellows?: [number, number, number, number];
  readonly expelled?: [boolean, boolean, boolean, boolean];
  readonly last?: string;
}

const cases: Case[] = [
  {
    name: 'seed «превышение отведенных промежутков времени … устное предупреждение»: a first overrun is a warning, no points',
    actions: [{ type: 'clock', player: 1 }],
    scores: [100, 100],
    matchOver: false,
    matchWinner: null,
    last: 'warning',
  },
  {
    name: 'seed «В случае повторного подобного нарушения на пару … налагается штраф»: a second overrun by the pair costs it the penalty',
    actions: [
      { type: 'clock', player: 1 },
      { type: 'clock', player: 3 },
    ],
    scores: [100, 50],
    matchOver: false,
    matchWinner: null,
    last: 'points',
  },
  {
    name: "the other pair's first overrun is still only a warning",
    actions: [
      { type: 'clock', player: 1 },
      { type: 'clock', player: 0 },
    ],
    scores: [100, 100],
    matchOver: false,
    matchWinner: null,
    last: 'warning',
  },
  {
    name: 'seed «Желтая Карточка означает предупреждение»: a yellow costs nothing',
    actions: [{ type: 'card', player: 2, card: 'yellow' }],
    scores: [100, 100],
    matchOver: false,
    matchWinner: null,
    yellows: [0, 0, 1, 0],
    last: 'card',
  },
  {
    name: 'seed «Красная Карточка … приравнивается к двум Желтым … признание пары – нарушителя проигравшей»: a second yellow loses the pair the match',
    actions: [
      { type: 'card', player: 2, card: 'yellow' },
      { type: 'card', player: 2, card: 'yellow' },
    ],
    scores: [100, 200],
    matchOver: true,
    matchWinner: 1,
    yellows: [0, 0, 2, 0],
    last: 'forfeit',
  },
  {
    name: 'a yellow to each partner is not a red: cards count per player',
    actions: [
      { type: 'card', player: 1, card: 'yellow' },
      { type: 'card', player: 3, card: 'yellow' },
    ],
    scores: [100, 100],
    matchOver: false,
    matchWinner: null,
    yellows: [0, 1, 0, 1],
  },
  {
    name: 'seed a red card: the pair loses, the other recorded the maximum (the target, 200)',
    actions: [{ type: 'card', player: 3, card: 'red' }],
    scores: [200, 100],
    matchOver: true,
    matchWinner: 0,
    expelled: [false, false, false, false],
    last: 'forfeit',
  },
  {
    name: 'seed «Черная Карточка … приравнивается … к одной Красной Карточке и одной Желтой … ведет к удалению»: red then yellow is expulsion',
    actions: [
      { type: 'card', player: 3, card: 'red' },
      { type: 'card', player: 3, card: 'yellow' },
    ],
    scores: [200, 100],
    matchOver: true,
    matchWinner: 0,
    yellows: [0, 0, 0, 3],
    expelled: [false, false, false, true],
    last: 'expelled',
  },
  {
    name: 'seed «к трем Желтым Карточкам»: three yellows are a black',
    actions: [
      { type: 'card', player: 0, card: 'yellow' },
      { type: 'card', player: 0, card: 'yellow' },
      { type: 'card', player: 0, card: 'yellow' },
    ],
    scores: [100, 200],
    matchOver: true,
    matchWinner: 1,
    expelled: [true, false, false, false],
    last: 'expelled',
  },
  {
    name: 'seed «немедленно предъявляется Черная карточка»: a black card straight away: the pair loses and the player is expelled',
    actions: [{ type: 'card', player: 1, card: 'black' }],
    scores: [200, 100],
    matchOver: true,
    matchWinner: 0,
    expelled: [false, true, false, false],
    last: 'expelled',
  },
  {
    name: 'seed «списание с пары-нарушителя … количества очков (40 – 80)»: a point penalty of the configured size',
    actions: [{ type: 'points', team: 0 }],
    scores: [50, 100],
    matchOver: false,
    matchWinner: null,
    last: 'points',
  },
  {
    name: 'seed «опоздала на начало игры на срок до пяти минут штрафуется»: five minutes late costs the penalty',
    actions: [{ type: 'late', team: 1, minutes: 5 }],
    scores: [100, 50],
    matchOver: false,
    matchWinner: null,
    last: 'points',
  },
  {
    name: 'seed «по истечению пяти минут … не явились … записывается максимальное количество баллов … (200)»: more than five minutes late loses the match',
    actions: [{ type: 'late', team: 1, minutes: 6 }],
    scores: [200, 100],
    matchOver: true,
    matchWinner: 0,
    last: 'forfeit',
  },
  {
    name: 'seed false pass «а) … На пару-нарушителя накладывается штраф»: points off the offending pair',
    actions: [{ type: 'falsePass', player: 3, preventedBlock: false }],
    scores: [100, 50],
    matchOver: false,
    matchWinner: null,
    last: 'points',
  },
  {
    name: 'seed false pass «б) … с целью предотвратить положение закрытия/блокировки … Красной карточки»: the pair loses the match',
    actions: [{ type: 'falsePass', player: 3, preventedBlock: true }],
    scores: [200, 100],
    matchOver: true,
    matchWinner: 0,
    yellows: [0, 0, 0, 2],
    last: 'forfeit',
  },
  {
    name: "a round's points to its winner, reaching the target: the match is over",
    actions: [{ type: 'round', winner: 0, points: 100 }],
    scores: [200, 100],
    matchOver: true,
    matchWinner: 0,
    last: 'round',
  },
  {
    name: 'eggs or an annulled round: nothing to anyone',
    actions: [{ type: 'round', winner: null, points: 0 }],
    scores: [100, 100],
    matchOver: false,
    matchWinner: null,
  },
  {
    name: 'once the match is over the score stands: a later penalty is logged, no points move',
    actions: [
      { type: 'card', player: 1, card: 'red' },
      { type: 'points', team: 0 },
    ],
    scores: [200, 100],
    matchOver: true,
    matchWinner: 0,
  },
];

describe("seed «Штрафные санкции»: the referee's penalties", () => {
  it.each(cases)('$name', ({ actions, scores, matchOver, matchWinner, yellows, expelled, last }) => {
    const s = run(actions);
    expect(s.scores).toEqual(scores);
    expect(s.matchOver).toBe(matchOver);
    expect(s.matchWinner).toBe(matchWinner);
    if (yellows) expect(s.yellows).toEqual(yellows);
    if (expelled) expect(s.expelled).toEqual(expelled);
    if (last) expect(s.events[s.events.length - 1]?.kind).toBe(last);
  });

  it('the penalty is configured, 40 … 80; 40 where not given', () => {
    expect(newPenaltyState().config).toEqual({ target: 200, penalty: 40 });
    expect(run([{ type: 'points', team: 1 }], newPenaltyState({ penalty: 80 }, [0, 0])).scores).toEqual([
      0, -80,
    ]);
    expect(() => newPenaltyState({ penalty: 30 })).toThrow();
    expect(() => newPenaltyState({ penalty: 90 })).toThrow();
  });

  it('pure: an action leaves the state it was given as it was', () => {
    const s = newPenaltyState();
    const copy = structuredClone(s);
    applyPenalty(s, { type: 'card', player: 0, card: 'red' });
    expect(s).toStrictEqual(copy);
  });

  interface Parse {
    readonly name: string;
    readonly json: unknown;
    readonly field: string | null;
  }
  const parses: Parse[] = [
    { name: 'a card', json: { type: 'card', player: 2, card: 'yellow' }, field: null },
    {
      name: 'a false pass, preventedBlock left out (false)',
      json: { type: 'falsePass', player: 1 },
      field: null,
    },
    {
      name: 'a card of no colour the seed has',
      json: { type: 'card', player: 2, card: 'green' },
      field: 'action.card',
    },
    { name: 'player 5', json: { type: 'clock', player: 5 }, field: 'action.player' },
    { name: 'team 2', json: { type: 'points', team: 2 }, field: 'action.team' },
    { name: 'an action the seed does not have', json: { type: 'dance' }, field: 'action.type' },
  ];
  it.each(parses)('parsePenaltyAction: $name', ({ json, field }) => {
    const r = parsePenaltyAction(json);
    if (field === null) expect(r.ok).toBe(true);
    else expect(!r.ok && r.error.field).toBe(field);
  });
});
