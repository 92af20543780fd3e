// How the engine rules (docs/formats.md §8, "How the engine rules, where the seed leaves room"), one
// table of named cases per sentence of that list, each naming the sentence and the seed section it
// checks. Every case goes through `rule`, the whole of `referee rule`, JSON in and JSON out.
import { describe, expect, it } from 'vitest';
import { openingRack, bedOf } from '../../../src/games/blackball/equipment.ts';
import {
  ALL,
  BLACK_ON_SPOT,
  CUE_BALL,
  SOLIDS_STRIPES,
  place,
  play,
  table,
  type JsonShot,
  type JsonState,
} from './helpers.ts';

interface Case {
  readonly name: string;
  readonly state?: JsonState;
  readonly shot: JsonShot;
  /** Matched against the output (toMatchObject). */
  readonly expect: Record<string, unknown>;
  /** A substring of one of the foul's reasons (and the seed section it cites). */
  readonly reason?: string;
}

const run = (cases: readonly Case[]) =>
  it.each(cases)('$name', (c) => {
    const out = play(c.state, c.shot);
    expect(out).toMatchObject(c.expect);
    if (c.reason !== undefined) expect(out.foul?.reasons.join(' | ')).toContain(c.reason);
    if (c.expect.foul === null) expect(out.foul).toBeNull();
  });

/** The opening: the rack, the cue ball in hand in the cabin. */
const BREAK: JsonState = { break: true, cueInHand: true, balls: [CUE_BALL, ...table().slice(1)] };
const GROUPS: JsonState = { groups: SOLIDS_STRIPES };
/** Player 0 (solids) has cleared his group: only stripes and the black left. */
const ON_BLACK: JsonState = {
  groups: SOLIDS_STRIPES,
  balls: table(['9', '10', '11', '12', '13', '14', '15']),
};
const legal = { foul: null, lossOfFrame: null, frameOver: false, winner: null };

describe('§8: "The break is a foul unless a ball is potted or at least two object balls crossed the centre line" (seed 2.5(b))', () => {
  run([
    {
      name: 'seed 2.5(b): nothing potted, one ball over the centre line: foul',
      state: BREAK,
      shot: { firstContact: ['1'], crossedCentre: ['2'] },
      expect: { foul: { reasons: [expect.stringContaining('seed 2.5(b)')] } },
    },
    {
      name: 'seed 2.5(b): nothing potted, no ball over the line: foul',
      state: BREAK,
      shot: { firstContact: ['1'] },
      expect: { foul: {}, next: { striker: 1, freeKick: true } },
      reason: 'centre line (seed 2.5(b))',
    },
    {
      name: 'seed 2.5(b): nothing potted, two balls over the line: legal, the turn passes (seed 2.7)',
      state: BREAK,
      shot: { firstContact: ['1'], crossedCentre: ['2', '9'] },
      expect: { ...legal, next: { striker: 1, break: false, freeKick: false, cueInHand: false } },
    },
    {
      name: 'seed 2.5(b): the black counts as an object ball crossing the line',
      state: BREAK,
      shot: { firstContact: ['1'], crossedCentre: ['8', '9'] },
      expect: legal,
    },
    {
      name: 'seed 2.5(b): one ball potted, none over the line: legal',
      state: BREAK,
      shot: { firstContact: ['1'], potted: ['4'] },
      expect: legal,
    },
  ]);
});

describe('§8: "A legal break that pots keeps the striker at the table; the table stays open after any break" (seed 2.5, 2.6, 2.7)', () => {
  run([
    {
      name: 'seed 2.7: a solid potted on the break: the striker plays again, the table open (2.6)',
      state: BREAK,
      shot: { firstContact: ['1'], potted: ['3'], crossedCentre: ['2', '9'] },
      expect: { ...legal, groups: null, next: { striker: 0, break: false, freeKick: false, groups: null } },
    },
    {
      name: 'seed 2.6: two stripes potted on the break: still open',
      state: { ...BREAK, striker: 1 },
      shot: { firstContact: ['1'], potted: ['9', '15'] },
      expect: { ...legal, groups: null, next: { striker: 1, groups: null } },
    },
    {
      name: 'seed 2.6: a solid and a stripe potted on the break: still open',
      state: BREAK,
      shot: { firstContact: ['1'], potted: ['2', '10'] },
      expect: { ...legal, groups: null, next: { striker: 0 } },
    },
    {
      name: 'seed 2.6: a foul break that pots (the cue ball in too): still open',
      state: BREAK,
      shot: { firstContact: ['1'], potted: ['2', 'cue'] },
      expect: { groups: null, next: { striker: 1, groups: null } },
      reason: 'seed 3.1',
    },
  ]);
});

describe('§8: "a foul break gives the opponent a free kick (no re-break)" (seed 2.11, 2.1)', () => {
  run([
    {
      name: 'seed 2.11: a foul break: the opponent, free kick, no break, the cue ball where it lies',
      state: BREAK,
      shot: { firstContact: ['1'] },
      expect: {
        rerack: false,
        next: { striker: 1, break: false, freeKick: true, cueInHand: false, groups: null, fouls: [1, 0] },
        state: { striker: 1, break: false, freeKick: true, cueInHand: false },
      },
    },
    {
      name: 'seed 2.11, 3.1: the cue ball potted on the break: the opponent has it in hand too',
      state: BREAK,
      shot: { firstContact: ['1'], crossedCentre: ['2', '3'], potted: ['cue'] },
      expect: { next: { striker: 1, break: false, freeKick: true, cueInHand: true } },
      reason: 'the cue ball was potted (seed 3.1',
    },
  ]);
});

describe('§8 output `rerack`: the black on the break (seed 2.5(c))', () => {
  it('seed 2.5(c): the black potted on the break: re-rack, the same player breaks again, no loss', () => {
    const out = play(BREAK, { firstContact: ['1'], potted: ['8'] });
    expect(out).toMatchObject({
      foul: null,
      lossOfFrame: null,
      rerack: true,
      groups: null,
      respots: [],
      frameOver: false,
      winner: null,
      next: { striker: 0, break: true, freeKick: false, cueInHand: true, groups: null, fouls: [0, 0] },
    });
    const rack = openingRack(bedOf()).map((b) => ({ id: b.id, x: b.x, y: b.y }));
    expect(out.state).toEqual({
      striker: 0,
      break: true,
      groups: null,
      freeKick: false,
      cueInHand: true,
      fouls: [0, 0],
      snookered: false,
      balls: rack,
    });
  });

  run([
    {
      name: 'seed 2.5(c): the black and the cue ball potted on the break: re-rack still, no loss (2.12(a) is "not the break"); the foul is named and counted',
      state: { ...BREAK, striker: 1 },
      shot: { firstContact: ['1'], potted: ['8', 'cue'] },
      expect: {
        rerack: true,
        lossOfFrame: null,
        frameOver: false,
        next: { striker: 1, break: true, cueInHand: true, freeKick: false, fouls: [0, 1] },
      },
      reason: 'seed 3.1',
    },
    {
      name: 'seed 2.5(c), judgement: the black forced off the table on the break is a re-rack as well',
      state: BREAK,
      shot: { firstContact: ['1'], offTable: ['8'], crossedCentre: ['2', '3'] },
      expect: { rerack: true, lossOfFrame: null, next: { striker: 0, break: true } },
    },
    {
      name: 'seed 3.5 over 2.5(c): a third consecutive foul loses the frame even with the black down on the break',
      state: { ...BREAK, fouls: [2, 0] },
      shot: { firstContact: ['1'], potted: ['8', 'cue'] },
      expect: { rerack: false, lossOfFrame: { player: 0 }, frameOver: true, winner: 1 },
    },
  ]);
});

describe('§8: "On an open table the balls on are every object ball but the black" (seed 2.1, 2.6, 3.2)', () => {
  run([
    {
      name: 'seed 3.2: open table, a solid first: legal',
      shot: { firstContact: ['7'] },
      expect: { ...legal, next: { striker: 1 } },
    },
    {
      name: 'seed 3.2: open table, a stripe first: legal',
      shot: { firstContact: ['12'] },
      expect: legal,
    },
    {
      name: 'seed 3.2: open table, the black first: foul',
      shot: { firstContact: ['8'] },
      expect: { foul: {}, next: { striker: 1, freeKick: true } },
      reason: 'first touched the 8, not a ball on (seed 3.2',
    },
  ]);
});

describe('§8: "A legal stroke (not a break, not a free kick) that pots balls of one group only gives the striker that group; balls of both groups leave the table open" (seed 2.6)', () => {
  run([
    {
      name: 'seed 2.6: player 0 pots a solid: solids to him, stripes to player 1',
      shot: { firstContact: ['3'], potted: ['3'] },
      expect: {
        ...legal,
        groups: ['solids', 'stripes'],
        next: { striker: 0, groups: ['solids', 'stripes'] },
      },
    },
    {
      name: 'seed 2.6: player 1 pots two stripes: stripes to him, solids to player 0',
      state: { striker: 1 },
      shot: { firstContact: ['11'], potted: ['11', '14'] },
      expect: { groups: ['solids', 'stripes'], next: { striker: 1 } },
    },
    {
      name: 'seed 2.6: player 1 pots a solid: groups [stripes, solids]',
      state: { striker: 1 },
      shot: { firstContact: ['2'], potted: ['2'] },
      expect: { groups: ['stripes', 'solids'], state: { groups: ['stripes', 'solids'] } },
    },
    {
      name: 'seed 2.6: a solid and a stripe potted: the table stays open, the striker stays (2.7)',
      shot: { firstContact: ['3'], potted: ['3', '9'] },
      expect: { ...legal, groups: null, next: { striker: 0, groups: null } },
    },
    {
      name: 'seed 2.6: a pot on a free kick gives no group: still open, the striker stays',
      state: { freeKick: true },
      shot: { firstContact: ['3'], potted: ['3'] },
      expect: { ...legal, groups: null, next: { striker: 0, freeKick: false } },
    },
    {
      name: 'seed 2.6: a pot on a foul stroke gives no group',
      shot: { firstContact: ['3'], potted: ['3', 'cue'] },
      expect: { groups: null, next: { striker: 1, freeKick: true, cueInHand: true } },
    },
    {
      name: 'seed 2.6: an object ball forced off the table is not potted: no group, the turn passes',
      shot: { firstContact: ['3'], offTable: ['3'] },
      expect: { ...legal, groups: null, next: { striker: 1 } },
    },
  ]);
});

describe('§8: "A legal pot keeps the striker at the table" (seed 2.7)', () => {
  run([
    {
      name: 'seed 2.7: open table, a stripe potted: the striker stays',
      shot: { firstContact: ['13'], potted: ['13'] },
      expect: { next: { striker: 0, freeKick: false, cueInHand: false } },
    },
    {
      name: 'seed 2.7: with groups, his own ball potted: he stays',
      state: GROUPS,
      shot: { firstContact: ['4'], potted: ['4'] },
      expect: { ...legal, groups: SOLIDS_STRIPES, next: { striker: 0 } },
    },
    {
      name: "seed 2.7, 2.11: his own and an opponent's ball potted: legal, he stays",
      state: GROUPS,
      shot: { firstContact: ['4'], potted: ['4', '12'] },
      expect: { ...legal, next: { striker: 0 } },
    },
    {
      name: 'seed 2.7: a free kick that pots his own ball: he stays, the free kick is spent',
      state: { ...GROUPS, striker: 1, freeKick: true },
      shot: { firstContact: ['2'], potted: ['10'] },
      expect: { ...legal, next: { striker: 1, freeKick: false } },
    },
  ]);
});

describe('seed 2.7: "If he fails to legally pocket a ball but does not commit a foul, the incoming player shoots from where the cue ball was"', () => {
  run([
    {
      name: 'seed 2.7: a safety with a cushion: the opponent, no free kick, no ball in hand',
      state: GROUPS,
      shot: { firstContact: ['5'] },
      expect: { ...legal, next: { striker: 1, freeKick: false, cueInHand: false } },
    },
    {
      name: 'seed 2.7: the turn passes from player 1 to player 0',
      state: { ...GROUPS, striker: 1 },
      shot: { firstContact: ['15'] },
      expect: { next: { striker: 0 }, state: { striker: 0 } },
    },
  ]);
});

describe('§8: "With groups, the balls on are the striker\'s group; once none of it is on the table (before the stroke), the black" (seed 2.1, 3.2)', () => {
  run([
    {
      name: "seed 3.2: solids, an opponent's stripe first: foul",
      state: GROUPS,
      shot: { firstContact: ['9'] },
      expect: { foul: {}, next: { striker: 1, freeKick: true } },
      reason: 'first touched the 9, not a ball on (seed 3.2',
    },
    {
      name: 'seed 3.2: solids, the black first while solids are left: foul',
      state: GROUPS,
      shot: { firstContact: ['8'] },
      expect: { foul: {} },
      reason: 'not a ball on',
    },
    {
      name: 'seed 3.2: the last solid on the table is still on: legal',
      state: { ...GROUPS, balls: table(['7', '9', '10']) },
      shot: { firstContact: ['7'] },
      expect: legal,
    },
    {
      name: 'seed 3.2: the group cleared: the black first is legal',
      state: ON_BLACK,
      shot: { firstContact: ['8'] },
      expect: { ...legal, next: { striker: 1 } },
    },
    {
      name: "seed 3.2: the group cleared: an opponent's ball first is a foul",
      state: ON_BLACK,
      shot: { firstContact: ['9'] },
      expect: { foul: {} },
      reason: 'first touched the 9',
    },
    {
      name: "Regulation X: a simultaneous contact with a ball on and one not on goes in the striker's favour",
      state: GROUPS,
      shot: { firstContact: ['9', '2'] },
      expect: legal,
    },
  ]);
});

describe('§8 fouls: "the cue ball potted or off" (seed 3.1, 2.11)', () => {
  run([
    {
      name: 'seed 3.1: the cue ball potted after a legal contact and pot: foul, opponent in hand with a free kick',
      state: GROUPS,
      shot: { firstContact: ['1'], potted: ['1', 'cue'] },
      expect: {
        lossOfFrame: null,
        next: { striker: 1, freeKick: true, cueInHand: true, fouls: [1, 0] },
        state: { cueInHand: true, freeKick: true },
      },
      reason: 'the cue ball was potted (seed 3.1',
    },
    {
      name: 'seed 3.1: the cue ball forced off the table: foul, in hand',
      state: GROUPS,
      shot: { firstContact: ['1'], offTable: ['cue'] },
      expect: { next: { striker: 1, freeKick: true, cueInHand: true } },
      reason: 'the cue ball left the table',
    },
  ]);

  it('seed 3.1, §8: after the cue ball is potted, the next state has no cue ball and cueInHand', () => {
    const out = play(GROUPS, { firstContact: ['1'], potted: ['cue'] });
    const balls = (out.state as { balls: { id: string }[] }).balls;
    expect(balls.some((b) => b.id === 'cue')).toBe(false);
    expect(out.state).toMatchObject({ cueInHand: true, striker: 1 });
  });
});

describe('§8 fouls: "no ball touched" (seed 3.2, 2.11)', () => {
  run([
    {
      name: 'seed 3.2: a complete miss: foul, free kick, cue ball where it lies',
      state: GROUPS,
      shot: { firstContact: [], cushionAfterContact: false },
      expect: { next: { striker: 1, freeKick: true, cueInHand: false } },
      reason: 'touched no ball',
    },
    {
      name: 'seed 2.1: a complete miss is a foul on a free kick too (only 3.2\'s "which ball first" is lifted)',
      state: { ...GROUPS, freeKick: true },
      shot: { firstContact: [] },
      expect: { foul: {} },
      reason: 'touched no ball',
    },
    {
      name: 'seed 2.10: a complete miss is a foul when snookered too',
      state: { ...GROUPS, snookered: true },
      shot: { firstContact: [] },
      expect: { foul: {} },
      reason: 'touched no ball',
    },
  ]);
});

describe('§8 fouls: "first contact not a ball on (unless a free kick)" (seed 3.2, 2.1)', () => {
  run([
    {
      name: "seed 2.1: a free kick lifts 3.2: an opponent's ball first is legal",
      state: { ...GROUPS, freeKick: true },
      shot: { firstContact: ['12'] },
      expect: { ...legal, next: { striker: 1, freeKick: false } },
    },
    {
      name: 'seed 2.1: a free kick lifts 3.2: the black first while the group is on is legal',
      state: { ...GROUPS, freeKick: true },
      shot: { firstContact: ['8'] },
      expect: legal,
    },
    {
      name: 'seed 2.1: a free kick on an open table: the black first is legal',
      state: { freeKick: true },
      shot: { firstContact: ['8'] },
      expect: legal,
    },
  ]);
});

describe('§8 fouls: "nothing potted and no cushion after contact (unless snookered)" (seed 3.3, 2.10)', () => {
  run([
    {
      name: 'seed 3.3: nothing potted, no cushion after the contact: foul',
      state: GROUPS,
      shot: { firstContact: ['1'], cushionAfterContact: false },
      expect: { foul: {}, next: { striker: 1, freeKick: true } },
      reason: 'no ball touched a cushion after the contact (seed 3.3',
    },
    {
      name: 'seed 2.10: snookered (announced): no cushion after the contact is no foul',
      state: { ...GROUPS, snookered: true },
      shot: { firstContact: ['1'], cushionAfterContact: false },
      expect: { ...legal, next: { striker: 1 } },
    },
    {
      name: 'seed 3.3: a ball potted, no cushion: legal (3.3 asks for a cushion only when nothing is potted)',
      state: GROUPS,
      shot: { firstContact: ['1'], potted: ['1'], cushionAfterContact: false },
      expect: { ...legal, next: { striker: 0 } },
    },
    {
      name: 'seed 3.3: on the break too: two balls over the line but no cushion and nothing potted is a foul',
      state: BREAK,
      shot: { firstContact: ['1'], crossedCentre: ['2', '3'], cushionAfterContact: false },
      expect: { foul: {} },
      reason: 'seed 3.3',
    },
    {
      name: 'extension default: cushionAfterContact absent claims no 3.3 foul',
      state: GROUPS,
      shot: { firstContact: ['1'], cushionAfterContact: undefined },
      expect: legal,
    },
  ]);
});

describe('§8 fouls: "an opponent\'s ball potted and none of the striker\'s own (groups set)" (seed 2.11)', () => {
  run([
    {
      name: 'seed 2.11: solids pots only a stripe: foul',
      state: GROUPS,
      shot: { firstContact: ['1'], potted: ['9'] },
      expect: { foul: {}, groups: SOLIDS_STRIPES, next: { striker: 1, freeKick: true, cueInHand: false } },
      reason: "an opponent's ball (9) potted and none of the striker's solids (seed 2.11)",
    },
    {
      name: 'seed 2.11: stripes (player 1) pots only a solid: foul',
      state: { ...GROUPS, striker: 1 },
      shot: { firstContact: ['9'], potted: ['2', '3'] },
      expect: { foul: {}, next: { striker: 0, freeKick: true } },
      reason: "opponent's ball (2, 3)",
    },
    {
      name: "seed 2.11: his own with the opponent's: legal",
      state: GROUPS,
      shot: { firstContact: ['1'], potted: ['1', '9'] },
      expect: legal,
    },
    {
      name: 'seed 2.11: open table: both groups potted is no foul (groups not set)',
      shot: { firstContact: ['1'], potted: ['9', '1'] },
      expect: legal,
    },
    {
      name: "seed 2.11: a free kick does not lift it: an opponent's ball only is a foul",
      state: { ...GROUPS, freeKick: true },
      shot: { firstContact: ['9'], potted: ['9'] },
      expect: { foul: {} },
      reason: "opponent's ball",
    },
  ]);
});

describe('§8 fouls: "any shot.fouls entry" (seed 2.9, 2.12, 3)', () => {
  const cases: Array<[string, string]> = [
    ['push', 'seed 3'],
    ['doubleHit', 'seed 3'],
    ['jump', 'seed 3'],
    ['ballsMoving', 'seed 3'],
    ['touchedBall', 'seed 3'],
    ['playedIntoTouching', 'seed 2.9'],
  ];
  it.each(cases)('%s: a foul citing %s, the opponent has a free kick', (f, section) => {
    const out = play(GROUPS, { firstContact: ['1'], potted: ['1'], fouls: [f] });
    expect(out.foul?.reasons.join(' ')).toContain(section);
    expect(out).toMatchObject({
      lossOfFrame: null,
      frameOver: false,
      next: { striker: 1, freeKick: true, fouls: [1, 0] },
    });
  });

  it('seed 3.5: several fouls in one stroke count as one', () => {
    const out = play(GROUPS, { firstContact: ['9'], potted: ['cue'], fouls: ['push', 'jump'] });
    expect(out.foul?.reasons.length).toBe(4);
    expect(out.next.fouls).toEqual([1, 0]);
  });
});

describe('§8 loss of frame: "the black potted on a stroke that is a foul (not the break), or while the striker\'s group still had balls on the table before the stroke (or the table was open)" (seed 2.12(a), (b))', () => {
  run([
    {
      name: 'seed 2.12(a): on the black, the black and the cue ball potted: loss',
      state: ON_BLACK,
      shot: { firstContact: ['8'], potted: ['8', 'cue'] },
      expect: {
        lossOfFrame: { player: 0, reason: expect.stringContaining('2.12(a)') },
        frameOver: true,
        winner: 1,
      },
    },
    {
      name: "seed 2.12(a): on the black, an opponent's ball first, then the black: loss",
      state: ON_BLACK,
      shot: { firstContact: ['9'], potted: ['8'] },
      expect: { lossOfFrame: { player: 0, reason: expect.stringContaining('2.12(a)') }, winner: 1 },
    },
    {
      name: 'seed 3.3: the black potted with no cushion after the contact is a pot, not "nothing potted": a win',
      state: ON_BLACK,
      shot: { firstContact: ['8'], potted: ['8'], cushionAfterContact: false },
      expect: { lossOfFrame: null, winner: 0 },
    },
    {
      name: 'seed 2.12(b): solids left, a solid hit first and the black dropped: loss (no foul)',
      state: GROUPS,
      shot: { firstContact: ['1'], potted: ['8'] },
      expect: {
        foul: null,
        lossOfFrame: { player: 0, reason: expect.stringContaining('2.12(b)') },
        frameOver: true,
        winner: 1,
      },
    },
    {
      name: 'seed 2.12(b): the last solid and the black potted in one stroke: the group was on the table before it: loss',
      state: { ...GROUPS, balls: table(['7', '9']) },
      shot: { firstContact: ['7'], potted: ['7', '8'] },
      expect: { lossOfFrame: { player: 0, reason: expect.stringContaining('2.12(b)') }, winner: 1 },
    },
    {
      name: 'seed 2.12(b): player 1 (stripes) pots the black with stripes left: player 0 wins',
      state: { ...GROUPS, striker: 1 },
      shot: { firstContact: ['10'], potted: ['8'] },
      expect: { lossOfFrame: { player: 1 }, frameOver: true, winner: 0 },
    },
    {
      name: 'seed 2.12(b): the black potted on an open table (not the break): loss',
      shot: { firstContact: ['3'], potted: ['3', '8'] },
      expect: {
        lossOfFrame: { player: 0, reason: expect.stringContaining('open') },
        winner: 1,
        groups: null,
      },
    },
    {
      name: 'seed 2.12(b): the black potted on an open table on a free kick: loss',
      state: { freeKick: true, striker: 1 },
      shot: { firstContact: ['8'], potted: ['8'] },
      expect: { lossOfFrame: { player: 1 }, winner: 0 },
    },
    {
      name: 'judgement: the black forced off the table (not the break) is taken as potted illegally: loss',
      state: ON_BLACK,
      shot: { firstContact: ['8'], offTable: ['8'] },
      expect: { lossOfFrame: { player: 0, reason: expect.stringContaining('off the table') }, winner: 1 },
    },
  ]);
});

describe('§8 loss of frame: "intentionalWrongBall or noAttempt" (seed 2.12(c), (d))', () => {
  run([
    {
      name: 'seed 2.12(c): an intentional wrong ball: loss, the foul named too',
      state: GROUPS,
      shot: { firstContact: ['9'], fouls: ['intentionalWrongBall'] },
      expect: {
        foul: { reasons: expect.arrayContaining([expect.stringContaining('2.12(c)')]) },
        lossOfFrame: { player: 0, reason: expect.stringContaining('2.12(c)') },
        frameOver: true,
        winner: 1,
      },
    },
    {
      name: 'seed 2.12(d): no attempt to hit a ball on: loss',
      state: { ...GROUPS, striker: 1 },
      shot: { firstContact: [], fouls: ['noAttempt'] },
      expect: { lossOfFrame: { player: 1, reason: expect.stringContaining('2.12(d)') }, winner: 0 },
    },
    {
      name: 'seed 2.12(c): on a free kick as well (the loss is for intent, not for 3.2)',
      state: { ...GROUPS, freeKick: true },
      shot: { firstContact: ['9'], fouls: ['intentionalWrongBall'] },
      expect: { lossOfFrame: { player: 0 }, winner: 1 },
    },
  ]);
});

describe('§8 loss of frame: "a third consecutive foul" (seed 3.5)', () => {
  run([
    {
      name: 'seed 3.5: a third consecutive foul loses the frame',
      state: { ...GROUPS, fouls: [2, 0] },
      shot: { firstContact: ['9'] },
      expect: {
        foul: {},
        lossOfFrame: { player: 0, reason: expect.stringContaining('3.5') },
        frameOver: true,
        winner: 1,
        next: { fouls: [3, 0] },
        state: { frameOver: true, winner: 1 },
      },
    },
    {
      name: "seed 3.5: the opponent's two fouls are his own: a foul by player 0 is only his first",
      state: { ...GROUPS, fouls: [0, 2] },
      shot: { firstContact: ['9'] },
      expect: { lossOfFrame: null, warning: false, next: { fouls: [1, 2] } },
    },
    {
      name: 'seed 3.5: a legal stroke at two fouls saves the frame and resets the count',
      state: { ...GROUPS, fouls: [2, 1] },
      shot: { firstContact: ['1'] },
      expect: { ...legal, next: { fouls: [0, 1] } },
    },
  ]);
});

describe('§8: "The black potted legally, the group cleared before the stroke: the striker wins" (seed 2, 2.7)', () => {
  run([
    {
      name: 'seed 2: solids cleared, the black potted: player 0 wins',
      state: ON_BLACK,
      shot: { firstContact: ['8'], potted: ['8'] },
      expect: {
        foul: null,
        lossOfFrame: null,
        rerack: false,
        frameOver: true,
        winner: 0,
        state: { frameOver: true, winner: 0 },
      },
    },
    {
      name: 'seed 2: stripes cleared, player 1 pots the black off a free kick: he wins',
      state: {
        groups: SOLIDS_STRIPES,
        striker: 1,
        freeKick: true,
        balls: table(['1', '2']),
      },
      shot: { firstContact: ['8'], potted: ['8'] },
      expect: { frameOver: true, winner: 1, lossOfFrame: null },
    },
    {
      name: "seed 2: the black potted legally with an opponent's ball: a foul (2.11), so a loss (2.12(a))",
      state: ON_BLACK,
      shot: { firstContact: ['8'], potted: ['8', '9'] },
      expect: { winner: 1, lossOfFrame: { player: 0, reason: expect.stringContaining('2.12(a)') } },
    },
  ]);
});

describe('§8: "A legal stroke resets the striker\'s foul count; a foul adds one to the offender\'s" (seed 3.5); output `warning`', () => {
  run([
    {
      name: 'seed 3.5: a first foul: [1, 0], no warning',
      state: GROUPS,
      shot: { firstContact: ['9'] },
      expect: { warning: false, next: { fouls: [1, 0] }, state: { fouls: [1, 0] } },
    },
    {
      name: 'seed 3.5: a second consecutive foul: [2, 0], the offender is warned',
      state: { ...GROUPS, fouls: [1, 0] },
      shot: { firstContact: ['9'] },
      expect: { warning: true, lossOfFrame: null, next: { fouls: [2, 0] } },
    },
    {
      name: "seed 3.5: player 1's second: [0, 2], warned",
      state: { ...GROUPS, striker: 1, fouls: [0, 1] },
      shot: { firstContact: [] },
      expect: { warning: true, next: { fouls: [0, 2], striker: 0 } },
    },
    {
      name: "seed 3.5: a legal pot resets the striker's count only",
      state: { ...GROUPS, fouls: [1, 2] },
      shot: { firstContact: ['1'], potted: ['1'] },
      expect: { warning: false, next: { fouls: [0, 2] } },
    },
    {
      name: 'seed 3.5: a legal safety resets it as well',
      state: { ...GROUPS, fouls: [1, 0] },
      shot: { firstContact: ['1'] },
      expect: { next: { fouls: [0, 0] } },
    },
  ]);
});

describe('§8 output `next.freeKick` and `next.cueInHand` (seed 2.1, 2.8, 2.11)', () => {
  run([
    {
      name: 'seed 2.11: after a foul with the cue ball on the table: free kick, not in hand',
      state: GROUPS,
      shot: { firstContact: ['9'] },
      expect: { next: { freeKick: true, cueInHand: false }, state: { freeKick: true, cueInHand: false } },
    },
    {
      name: 'seed 2.8: after the cue ball went in: free kick and in hand in the cabin',
      state: GROUPS,
      shot: { firstContact: ['1'], potted: ['cue'] },
      expect: { next: { freeKick: true, cueInHand: true } },
    },
    {
      name: 'seed 2.1: a free kick is one stroke: after it, no free kick',
      state: {
        ...GROUPS,
        freeKick: true,
        cueInHand: true,
        balls: [{ id: 'cue', x: 635, y: 400 }, ...table().slice(1)],
      },
      shot: { firstContact: ['1'] },
      expect: { next: { freeKick: false, cueInHand: false }, state: { freeKick: false, cueInHand: false } },
    },
    {
      name: 'seed 2.10: snookered is announced for one stroke: the next state has it off',
      state: { ...GROUPS, snookered: true },
      shot: { firstContact: ['1'], cushionAfterContact: false },
      expect: { state: { snookered: false } },
    },
  ]);
});

/** The cue ball in hand placed in the cabin with the 1 also in the cabin (y < L/5 = 508). */
const IN_HAND_CABIN_BALL: JsonState = {
  ...GROUPS,
  freeKick: true,
  cueInHand: true,
  balls: [
    { id: 'cue', x: 300, y: 200 },
    { id: '1', x: 900, y: 400 },
    ...table()
      .slice(1)
      .filter((b) => b.id !== '1'),
  ],
};

describe('extension `shot.cabinContact` (seed 3.4: from the cabin, a first contact in the cabin is a foul unless the cue ball crossed the head line first)', () => {
  run([
    {
      name: 'seed 3.4: in hand, first touched a ball in the cabin before the cue ball crossed the head line: foul',
      state: IN_HAND_CABIN_BALL,
      shot: { firstContact: ['1'], cabinContact: true },
      expect: { foul: {}, next: { striker: 1, freeKick: true } },
      reason: '(seed 3.4)',
    },
    {
      name: 'seed 3.4: in hand, the cue ball crossed the head line before it came back to the ball: legal',
      state: IN_HAND_CABIN_BALL,
      shot: { firstContact: ['1'], cabinContact: false },
      expect: legal,
    },
    {
      name: 'seed 3.4: the cue ball not in hand (played from where it lay): no 3.4 foul',
      state: { ...IN_HAND_CABIN_BALL, cueInHand: false },
      shot: { firstContact: ['1'], cabinContact: true },
      expect: legal,
    },
    {
      name: '§8 as written: a shot without the extension is ruled as the contract says',
      state: IN_HAND_CABIN_BALL,
      shot: { firstContact: ['1'] },
      expect: legal,
    },
  ]);
});

describe('extension `shot.cueInCabin` (seed 2.8, 2.5(a): a cue ball in hand is played from the cabin)', () => {
  run([
    {
      name: 'seed 2.8: in hand, struck from outside the cabin: foul',
      state: { ...GROUPS, freeKick: true, cueInHand: true },
      shot: { firstContact: ['1'], cueInCabin: false },
      expect: { foul: {}, next: { striker: 1, freeKick: true } },
      reason: 'outside the cabin (seed 2.8',
    },
    {
      name: 'seed 2.8: in hand, struck from inside the cabin: legal',
      state: { ...GROUPS, freeKick: true, cueInHand: true },
      shot: { firstContact: ['1'], cueInCabin: true },
      expect: legal,
    },
    {
      name: 'seed 2.7: not in hand, the cue ball may be anywhere: legal',
      state: GROUPS,
      shot: { firstContact: ['1'], cueInCabin: false },
      expect: legal,
    },
    {
      name: 'seed 2.5(a): the break from outside the cabin: foul',
      state: BREAK,
      shot: { firstContact: ['1'], potted: ['2'], cueInCabin: false },
      expect: { foul: {} },
      reason: '2.5(a)',
    },
  ]);
});

describe('§8 output `respots` and `state.balls`', () => {
  it('nothing is respotted in black-ball: object balls potted or off stay down', () => {
    const out = play(GROUPS, { firstContact: ['1'], potted: ['1'], offTable: ['9'] });
    expect(out.respots).toEqual([]);
    const ids = (out.state as { balls: { id: string }[] }).balls.map((b) => b.id);
    expect(ids).not.toContain('1');
    expect(ids).not.toContain('9');
    expect(ids).toHaveLength(16 - 2);
  });

  it('shot.after gives where the balls came to rest', () => {
    const after = [{ id: 'cue', x: 300, y: 1200 }, ...place(ALL.filter((id) => id !== '1')), BLACK_ON_SPOT];
    const out = play(GROUPS, { firstContact: ['1'], potted: ['1'], after });
    expect((out.state as { balls: unknown[] }).balls).toEqual(after);
  });

  it('without shot.after, the balls stay where they were, less those potted or off', () => {
    const out = play(GROUPS, { firstContact: ['1'], potted: ['2'] });
    expect((out.state as { balls: unknown[] }).balls).toEqual(table().filter((b) => b.id !== '2'));
  });

  it('the output has exactly the fields of §8, in its order', () => {
    const out = play(GROUPS, { firstContact: ['1'] });
    expect(Object.keys(out)).toEqual([
      'foul',
      'lossOfFrame',
      'rerack',
      'groups',
      'warning',
      'respots',
      'next',
      'frameOver',
      'winner',
      'state',
    ]);
    expect(Object.keys(out.next)).toEqual(['striker', 'break', 'freeKick', 'cueInHand', 'groups', 'fouls']);
    expect(Object.keys(out.state)).toEqual([
      'striker',
      'break',
      'groups',
      'freeKick',
      'cueInHand',
      'fouls',
      'snookered',
      'balls',
    ]);
  });
});
