// `referee rule` for dominoes (docs/formats.md §9), sentence by sentence: the contract's example, how a
// round ends and what it scores, the match, false passes. Each case names the sentence (or the seed
// passage) it checks. The pips each case expects are worked out here from the hands and the moves,
// apart from the engine.
import { describe, expect, it } from 'vitest';
import { rule } from '../../../src/games/dominoes/index.ts';
import {
  EXAMPLE_HANDS,
  EXAMPLE_MOVES,
  leftInHand,
  mv,
  pips,
  record,
  ruled,
  type JsonMove,
  type JsonTile,
} from './helpers.ts';
import { DOMINO, DOMINO_THAT_BLOCKS, EGGS, FALSE_PASS_DOMINO, FISH } from './rounds.ts';

/** The pips still in each team's hands, [team 0, team 1], counted apart from the engine. */
const teamPips = (hands: readonly JsonTile[][], moves: readonly JsonMove[]): [number, number] => {
  const left = hands.map((hand) => pips(leftInHand(hand, moves)));
  return [(left[0] ?? 0) + (left[2] ?? 0), (left[1] ?? 0) + (left[3] ?? 0)];
};

const OUTPUT_FIELDS = [
  'ends',
  'next',
  'clock',
  'over',
  'blockedBy',
  'eggs',
  'winner',
  'points',
  'pips',
  'scores',
  'violations',
  'annulled',
  'matchOver',
  'matchWinner',
];

describe('§9 the contract’s example', () => {
  it('§9 example: the input as given (hands completed) gives exactly the example output', () => {
    expect(ruled(record(EXAMPLE_HANDS, EXAMPLE_MOVES))).toStrictEqual({
      ends: [6, 3],
      next: 3,
      clock: 20,
      over: null,
      blockedBy: null,
      eggs: false,
      winner: null,
      points: 0,
      pips: [70, 77],
      scores: [0, 0],
      violations: [],
      annulled: false,
      matchOver: false,
      matchWinner: null,
    });
  });

  it('§9 output: exactly the contract’s fields, in its order', () => {
    expect(Object.keys(ruled(record(EXAMPLE_HANDS, EXAMPLE_MOVES)))).toEqual(OUTPUT_FIELDS);
  });

  it('§9 output: JSON in, JSON out (the ruling survives a round trip through JSON)', () => {
    const out = ruled(JSON.parse(JSON.stringify(record(EXAMPLE_HANDS, EXAMPLE_MOVES))));
    expect(JSON.parse(JSON.stringify(out))).toStrictEqual(out);
  });
});

describe('§9 the chain: "The first tile starts the chain as given: [a, b] makes the ends [a, b] (left, right)"', () => {
  interface Case {
    readonly name: string;
    readonly moves: JsonMove[];
    readonly ends: [number, number];
  }
  const cases: Case[] = [
    { name: '[6, 6] first: ends [6, 6]', moves: mv('0 66'), ends: [6, 6] },
    { name: '[6, 5] first: ends [6, 5]', moves: mv('0 65'), ends: [6, 5] },
    {
      name: '[5, 6] first (the same tile, halves the other way): ends [5, 6]',
      moves: [{ player: 0, tile: [5, 6] }],
      ends: [5, 6],
    },
    {
      name: '"A later tile goes on end left or right": [6, 3] on the left of [6, 6]',
      moves: mv('0 66', '1 63 l'),
      ends: [3, 6],
    },
    {
      name: '"A later tile goes on end left or right": [6, 3] on the right of [6, 6]',
      moves: mv('0 66', '1 63 r'),
      ends: [6, 3],
    },
    {
      name: 'the matching half goes against the end, whichever way the tile is written: [3, 6] on the right',
      moves: [
        { player: 0, tile: [6, 6] },
        { player: 1, tile: [3, 6], end: 'right' },
      ],
      ends: [6, 3],
    },
    {
      name: '"end may be left out where the tile fits one end only": [6, 5] then [5, 5]',
      moves: mv('0 65', '1 55'),
      ends: [6, 5],
    },
    {
      name: '"end may be left out where the tile fits one end only": [6, 5] then [6, 3] goes left',
      moves: mv('0 65', '1 63'),
      ends: [3, 5],
    },
    {
      name: '"… or both ends show the same number": [6, 3] on [6, 6] without end',
      moves: mv('0 66', '1 63'),
      ends: [6, 3],
    },
    { name: 'a pass leaves the ends as they were', moves: mv('0 66', '1 63 r', '2 pass'), ends: [6, 3] },
  ];
  const hands = [
    ['66', '65', '55', '41', '30', '22', '10'],
    ['16', '26', '33', '34', '35', '36', '46'],
    ['45', '44', '25', '24', '04', '02', '00'],
    ['05', '06', '11', '12', '13', '15', '23'],
  ].map((hand) => hand.map((t): JsonTile => [Number(t[0]), Number(t[1])]));
  // Player 1 needs [5, 5] for one case: swap it with his [3, 3] (player 0 plays [6, 5] or [6, 6] first).
  const withDouble5 = [
    hands[0]?.map((t): JsonTile => (t[0] === 5 && t[1] === 5 ? [3, 3] : t)) ?? [],
    hands[1]?.map((t): JsonTile => (t[0] === 3 && t[1] === 3 ? [5, 5] : t)) ?? [],
    hands[2] ?? [],
    hands[3] ?? [],
  ];
  it.each(cases)('$name', ({ moves, ends }) => {
    expect(ruled(record(withDouble5, moves)).ends).toEqual(ends);
  });
});

describe('§9 a round not over: "moves may stop before the round ends: the output then says who plays next and their clock"', () => {
  it('§9 "With no moves yet, next is null and clock 20"; no tile down: ends null', () => {
    const out = ruled(record(EXAMPLE_HANDS, []));
    expect(out).toMatchObject({ ends: null, next: null, clock: 20, over: null, winner: null, points: 0 });
    expect(out.pips).toEqual(teamPips(EXAMPLE_HANDS, []));
    expect(out.pips[0] + out.pips[1]).toBe(168);
  });

  it('§9 "play in turn, counter-clockwise: player 0, 1, 2, 3, 0, …": next after player 3 is player 0', () => {
    const out = ruled(record(EXAMPLE_HANDS, [...EXAMPLE_MOVES, ...mv('3 06 l')]));
    expect(out).toMatchObject({ ends: [0, 3], next: 0, over: null });
  });

  it('seed «Право первого хода достается тому, кто поднял фишку…»: any player may make the first move, and turns follow from him', () => {
    const moves = mv('2 44', '3 pass', '0 41 r');
    const out = ruled(record(EXAMPLE_HANDS, moves));
    expect(out).toMatchObject({ ends: [4, 1], next: 1, violations: [] });
  });

  it('§9 "pips: the pips still in each team\'s hands" while the round goes on', () => {
    const moves = [...EXAMPLE_MOVES, ...mv('3 06 l', '0 30 l')];
    expect(ruled(record(EXAMPLE_HANDS, moves)).pips).toEqual(teamPips(EXAMPLE_HANDS, moves));
  });

  it('§9 "match": may be left out; the scores are then [0, 0] and the target 200', () => {
    const out = ruled(record(EXAMPLE_HANDS, EXAMPLE_MOVES, undefined));
    expect(out).toMatchObject({ scores: [0, 0], matchOver: false });
  });

  it('§9 "moves": may be left out, as no moves yet', () => {
    const out = ruled({ game: 'dominoes', round: { hands: EXAMPLE_HANDS } });
    expect(out).toMatchObject({ ends: null, next: null, clock: 20 });
  });
});

describe('§9 how a round ends and what it scores', () => {
  interface Case {
    readonly name: string;
    readonly round: { hands: JsonTile[][]; moves: JsonMove[] };
    readonly over: 'domino' | 'blocked';
    readonly blockedBy: number | null;
    readonly eggs: boolean;
    readonly winner: 0 | 1 | null;
  }
  const cases: Case[] = [
    {
      name: '§9 "domino" when a player has played his last tile; his team is winner and scores the pips of every tile still in any hand (seed «Партия заканчивается выигрышем…»)',
      round: DOMINO,
      over: 'domino',
      blockedBy: null,
      eggs: false,
      winner: 0,
    },
    {
      name: '§9 "domino … (even if that tile also blocks the game)": the last tile closes the 0s and it is still a domino (seed «Раунд заканчивается, когда любой из игроков выкладывает последнюю фишку, независимо от того, что последует за этим – победа или закрытие/блокировка»)',
      round: DOMINO_THAT_BLOCKS,
      over: 'domino',
      blockedBy: null,
      eggs: false,
      winner: 1,
    },
    {
      name: '§9 "blocked" (the fish): all seven 1s down and both ends show 1; blockedBy who placed the closing tile; fewer pips in hand wins and scores all pips still in hand (seed «победившей считается пара с наименьшим количеством баллов»)',
      round: FISH,
      over: 'blocked',
      blockedBy: 2,
      eggs: false,
      winner: 0,
    },
    {
      name: '§9 "equal pips are eggs: a draw, points 0, winner null" (seed «так называемые «яйца» … блокировка признается сыгранной вничью»)',
      round: EGGS,
      over: 'blocked',
      blockedBy: 0,
      eggs: true,
      winner: null,
    },
  ];
  it.each(cases)('$name', ({ round, over, blockedBy, eggs, winner }) => {
    const out = ruled(record(round.hands, round.moves, { scores: [10, 20], target: 200 }));
    const inHand = teamPips(round.hands, round.moves);
    const all = inHand[0] + inHand[1];
    const points = winner === null ? 0 : all;
    expect(out).toStrictEqual({
      ends: out.ends,
      next: null,
      clock: null,
      over,
      blockedBy,
      eggs,
      winner,
      points,
      pips: inHand,
      scores: winner === 0 ? [10 + points, 20] : winner === 1 ? [10, 20 + points] : [10, 20],
      violations: [],
      annulled: false,
      matchOver: false,
      matchWinner: null,
    });
  });

  it('the fish, counted by hand: team 0 holds 41 pips, team 1 49; team 0 scores 90', () => {
    expect(ruled(record(FISH.hands, FISH.moves))).toMatchObject({
      pips: [41, 49],
      winner: 0,
      points: 90,
      ends: [1, 1],
    });
  });

  it('the domino that blocks: both ends show 0 and no tile left in any hand has a 0', () => {
    const out = ruled(record(DOMINO_THAT_BLOCKS.hands, DOMINO_THAT_BLOCKS.moves));
    expect(out.ends).toEqual([0, 0]);
    const left = DOMINO_THAT_BLOCKS.hands.flatMap((hand) => leftInHand(hand, DOMINO_THAT_BLOCKS.moves));
    expect(left.some((t) => t[0] === 0 || t[1] === 0)).toBe(false);
  });

  it('the round is not over one move before the fish: the closing tile is what ends it', () => {
    const out = ruled(record(FISH.hands, FISH.moves.slice(0, -1)));
    expect(out).toMatchObject({ over: null, next: 2, blockedBy: null, winner: null, points: 0 });
  });
});

describe('§9 false pass: "violations … for a pass made holding a tile that fitted. A false pass annuls the round"', () => {
  it('§9 a false pass in a finished round: reported, the round annulled: points 0, winner null, scores unchanged (seed «объявляет об аннулировании раунда»)', () => {
    const out = ruled(
      record(FALSE_PASS_DOMINO.hands, FALSE_PASS_DOMINO.moves, { scores: [150, 190], target: 200 }),
    );
    expect(out).toMatchObject({
      over: 'domino',
      violations: [{ move: 2, player: 3, kind: 'falsePass' }],
      annulled: true,
      winner: null,
      points: 0,
      scores: [150, 190],
      matchOver: false,
      matchWinner: null,
    });
    expect(out.pips).toEqual(teamPips(FALSE_PASS_DOMINO.hands, FALSE_PASS_DOMINO.moves));
  });

  it('§9 "a false pass is found from [the hands] afterwards": found while the round still goes on (seed «независимо от момента обнаружения нарушения»)', () => {
    const moves = [...EXAMPLE_MOVES, ...mv('3 pass')];
    const out = ruled(record(EXAMPLE_HANDS, moves));
    expect(out).toMatchObject({
      violations: [{ move: 3, player: 3, kind: 'falsePass' }],
      annulled: true,
      next: 0,
      over: null,
    });
  });

  it('§9 a forced pass (no tile fits) is no violation (seed «В случае если у игрока нет подходящей фишки … «пас»»)', () => {
    const out = ruled(record(EXAMPLE_HANDS, EXAMPLE_MOVES));
    expect(out).toMatchObject({ violations: [], annulled: false });
  });

  it('§9 every false pass is listed, in order, with its move index counted from 0', () => {
    const moves = [...EXAMPLE_MOVES, ...mv('3 pass', '0 pass')];
    expect(ruled(record(EXAMPLE_HANDS, moves)).violations).toEqual([
      { move: 3, player: 3, kind: 'falsePass' },
      { move: 4, player: 0, kind: 'falsePass' },
    ]);
  });

  it('a pass for the round’s first move is a false pass: while the table is empty any tile fits; the next player puts down the first tile', () => {
    const out = ruled(record(EXAMPLE_HANDS, mv('0 pass', '1 33')));
    expect(out).toMatchObject({
      violations: [{ move: 0, player: 0, kind: 'falsePass' }],
      ends: [3, 3],
      next: 2,
    });
  });

  it('§9 "The seed\'s penalty on top … referee rule does not apply it": the scores are the input\'s, untouched', () => {
    const out = ruled(
      record(FALSE_PASS_DOMINO.hands, FALSE_PASS_DOMINO.moves, { scores: [7, 9], target: 200 }),
    );
    expect(out.scores).toEqual([7, 9]);
  });
});

describe('§9 the match: "scores: the match after this round; matchOver when a team reaches target; matchWinner"', () => {
  interface Case {
    readonly name: string;
    readonly round: { hands: JsonTile[][]; moves: JsonMove[] };
    readonly match: { scores?: [number, number]; target?: number } | undefined;
    readonly scores: [number, number];
    readonly matchOver: boolean;
    readonly matchWinner: 0 | 1 | null;
  }
  // DOMINO: team 0 scores 37. FISH: team 0 scores 90. DOMINO_THAT_BLOCKS: team 1 scores 44.
  const cases: Case[] = [
    {
      name: 'short of the target: the match goes on',
      round: DOMINO,
      match: { scores: [100, 150], target: 200 },
      scores: [137, 150],
      matchOver: false,
      matchWinner: null,
    },
    {
      name: 'exactly the target: "reaches" — the match is over',
      round: DOMINO,
      match: { scores: [163, 150], target: 200 },
      scores: [200, 150],
      matchOver: true,
      matchWinner: 0,
    },
    {
      name: 'past the target with a fish (seed «Игра заканчивается, когда одна из пар набирает предусмотренное … количество баллов»)',
      round: FISH,
      match: { scores: [120, 199], target: 200 },
      scores: [210, 199],
      matchOver: true,
      matchWinner: 0,
    },
    {
      name: 'team 1 over the target',
      round: DOMINO_THAT_BLOCKS,
      match: { scores: [199, 160], target: 200 },
      scores: [199, 204],
      matchOver: true,
      matchWinner: 1,
    },
    {
      name: 'a target of its own: 100',
      round: DOMINO_THAT_BLOCKS,
      match: { scores: [0, 60], target: 100 },
      scores: [0, 104],
      matchOver: true,
      matchWinner: 1,
    },
    {
      name: "the target left out: 200 (the seed's World Championship figure, «двести баллов»)",
      round: DOMINO,
      match: { scores: [160, 0] },
      scores: [197, 0],
      matchOver: false,
      matchWinner: null,
    },
    {
      name: 'the scores left out: [0, 0]',
      round: FISH,
      match: { target: 90 },
      scores: [90, 0],
      matchOver: true,
      matchWinner: 0,
    },
    {
      name: 'eggs score nothing, even at 199: the match goes on',
      round: EGGS,
      match: { scores: [199, 199], target: 200 },
      scores: [199, 199],
      matchOver: false,
      matchWinner: null,
    },
    {
      name: 'an annulled round scores nothing, even where the domino would have won the match',
      round: FALSE_PASS_DOMINO,
      match: { scores: [0, 199], target: 200 },
      scores: [0, 199],
      matchOver: false,
      matchWinner: null,
    },
    {
      name: 'a round still going on scores nothing yet',
      round: { hands: FISH.hands, moves: FISH.moves.slice(0, 5) },
      match: { scores: [199, 0], target: 200 },
      scores: [199, 0],
      matchOver: false,
      matchWinner: null,
    },
  ];
  it.each(cases)('$name', ({ round, match, scores, matchOver, matchWinner }) => {
    expect(ruled(record(round.hands, round.moves, match))).toMatchObject({ scores, matchOver, matchWinner });
  });
});

describe('§9 the record is judged as a whole, the same every time', () => {
  it('the same record twice gives the same ruling', () => {
    const json = record(FISH.hands, FISH.moves);
    expect(rule(json)).toStrictEqual(rule(structuredClone(json)));
  });
});
