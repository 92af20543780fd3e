// Checking `referee rule` input for black-ball (docs/formats.md §8, §4 "An input that is not valid …"):
// the contract's example, the defaults, and every way an input can be wrong, each named by its field.
import { describe, expect, it } from 'vitest';
import {
  bedOf,
  makeBall,
  makeState,
  openingFrame,
  parseFrameState,
  parseRuleInput,
  rule,
} from '../../../src/games/blackball/index.ts';
import {
  BLACK_ON_SPOT,
  CUE_BALL,
  contractExample,
  contractExampleOutput,
  input,
  ruled,
  table,
} from './helpers.ts';

describe('the contract example (docs/formats.md §8), verbatim', () => {
  it('rules exactly as the contract prints it: the 3 potted on an open table, solids to player 0, who plays on', () => {
    const out = ruled(contractExample());
    expect(out).toMatchObject(contractExampleOutput);
    const { state, ...ruling } = out;
    expect(ruling).toEqual(contractExampleOutput);
    expect(state).toEqual({
      striker: 0,
      break: false,
      groups: ['solids', 'stripes'],
      freeKick: false,
      cueInHand: false,
      fouls: [0, 0],
      snookered: false,
      balls: [
        { id: 'cue', x: 635, y: 300 },
        { id: '8', x: 635, y: 1905 },
      ],
    });
  });

  it('judgement: the 3 is not listed in state.balls, yet potted; a ball the shot names is taken to have been on the table', () => {
    const parsed = parseRuleInput(contractExample());
    expect(parsed.ok).toBe(true);
  });

  it('the output state feeds back in: player 0 on the black (no solid listed) pots it and wins', () => {
    const first = ruled(contractExample());
    const second = ruled({
      game: 'blackball',
      state: first.state,
      shot: { firstContact: ['8'], potted: ['8'] },
    });
    expect(second).toMatchObject({ foul: null, lossOfFrame: null, frameOver: true, winner: 0 });
  });

  it('without `table` the bed is pool-9ft; the same ruling on a named pool-7ft bed', () => {
    const noTable: Record<string, unknown> = { ...contractExample() };
    delete noTable.table;
    expect(ruled(noTable)).toMatchObject(contractExampleOutput);
    const seven = { ...contractExample(), table: 'pool-7ft' };
    expect(ruled(seven)).toMatchObject(contractExampleOutput);
    const custom = {
      ...contractExample(),
      table: { game: 'blackball', width: 1270, length: 2540, ball: 57.15 },
    };
    expect(ruled(custom)).toMatchObject(contractExampleOutput);
  });

  it('the state and shot fields the contract does not mark as needed take defaults', () => {
    const out = ruled({
      game: 'blackball',
      state: { striker: 1, balls: [CUE_BALL, BLACK_ON_SPOT] },
      shot: { firstContact: ['10'], potted: ['10'] },
    });
    expect(out).toMatchObject({ foul: null, groups: ['solids', 'stripes'], next: { striker: 1 } });
  });

  it('unknown extra fields are stripped, as in the snooker schema', () => {
    const json = contractExample() as Record<string, unknown>;
    const out = ruled({
      ...json,
      comment: 'hello',
      state: { ...(json.state as object), colour: 'red' },
      shot: { ...(json.shot as object), nominated: '3' },
    });
    expect(out).toMatchObject(contractExampleOutput);
    expect(out.state).not.toHaveProperty('colour');
  });
});

describe('invalid input names the field', () => {
  const balls = table();
  const cases: Array<{ name: string; input: unknown; field: string | undefined; code?: string }> = [
    {
      name: 'an unknown ball id',
      input: input({ balls: [...balls.slice(0, 3), { id: '16', x: 100, y: 2000 }] }),
      field: 'state.balls[3].id',
    },
    {
      name: 'a snooker ball id',
      input: input({ balls: [...balls, { id: 'red', x: 100, y: 2000 }] }),
      field: 'state.balls[16].id',
    },
    {
      name: 'a ball off the bed',
      input: input({ balls: [...balls.slice(0, 3), { id: '9', x: -40, y: 2000 }] }),
      field: 'state.balls[3]',
      code: 'IMPOSSIBLE_STATE',
    },
    {
      name: 'a ball pushed into the cushion (centre nearer than a radius, past the 0.5 mm allowed)',
      input: input({ balls: [CUE_BALL, { id: '9', x: 27, y: 2000 }] }),
      field: 'state.balls[1]',
      code: 'IMPOSSIBLE_STATE',
    },
    {
      name: 'a ball beyond the foot cushion of a 7 ft bed',
      input: input({ balls: [CUE_BALL, { id: '9', x: 300, y: 2000 }] }, {}, { table: 'pool-7ft' }),
      field: 'state.balls[1]',
      code: 'IMPOSSIBLE_STATE',
    },
    {
      name: 'two balls overlapping',
      input: input({ balls: [CUE_BALL, BLACK_ON_SPOT, { id: '9', x: 635 + 40, y: 1905 }] }),
      field: 'state.balls[2]',
      code: 'IMPOSSIBLE_STATE',
    },
    {
      name: 'the same numbered ball twice',
      input: input({ balls: [CUE_BALL, { id: '5', x: 300, y: 1000 }, { id: '5', x: 600, y: 1000 }] }),
      field: 'state.balls[2].id',
      code: 'IMPOSSIBLE_STATE',
    },
    {
      name: 'two cue balls',
      input: input({ balls: [CUE_BALL, { id: 'cue', x: 300, y: 1000 }] }),
      field: 'state.balls[1].id',
      code: 'IMPOSSIBLE_STATE',
    },
    {
      name: 'groups that are one group twice',
      input: input({ groups: ['solids', 'solids'] }),
      field: 'state.groups',
    },
    {
      name: 'groups with an unknown group',
      input: input({ groups: ['solids', 'spots'] }),
      field: 'state.groups[1]',
    },
    { name: 'groups not a pair', input: input({ groups: ['solids'] }), field: 'state.groups' },
    {
      name: 'a group assigned while the state says break (seed 2.6)',
      input: input({ break: true, groups: ['solids', 'stripes'] }),
      field: 'state.groups',
      code: 'IMPOSSIBLE_STATE',
    },
    {
      name: 'a free kick on the break',
      input: input({ break: true, freeKick: true }),
      field: 'state.freeKick',
      code: 'IMPOSSIBLE_STATE',
    },
    {
      name: 'the cue ball in hand but placed outside the cabin (seed 2.8)',
      input: input({ cueInHand: true, balls: [{ id: 'cue', x: 635, y: 600 }, BLACK_ON_SPOT] }),
      field: 'state.balls[0]',
      code: 'IMPOSSIBLE_STATE',
    },
    {
      name: 'the cue ball in hand, listed second, beyond the head line',
      input: input({ cueInHand: true, balls: [BLACK_ON_SPOT, { id: 'cue', x: 635, y: 509 }] }),
      field: 'state.balls[1]',
      code: 'IMPOSSIBLE_STATE',
    },
    {
      name: 'three consecutive fouls already (the frame would be over, seed 3.5)',
      input: input({ fouls: [0, 3] }),
      field: 'state.fouls[1]',
      code: 'IMPOSSIBLE_STATE',
    },
    { name: 'a negative foul count', input: input({ fouls: [-1, 0] }), field: 'state.fouls[0]' },
    { name: 'a striker who is not 0 or 1', input: input({ striker: 2 }), field: 'state.striker' },
    { name: 'a break that is not a boolean', input: input({ break: 'yes' }), field: 'state.break' },
    { name: 'no balls', input: input({ balls: undefined }), field: 'state.balls' },
    {
      name: 'a winner while the frame is not over',
      input: input({ winner: 1 }),
      field: 'state.winner',
      code: 'IMPOSSIBLE_STATE',
    },
    {
      name: 'a stroke after the frame is over',
      input: input({ frameOver: true, winner: 1 }),
      field: 'state.frameOver',
      code: 'IMPOSSIBLE_STATE',
    },
    { name: 'an unknown potted id', input: input({}, { potted: ['0'] }), field: 'shot.potted[0]' },
    {
      name: 'the cue ball as the first contact',
      input: input({}, { firstContact: ['cue'] }),
      field: 'shot.firstContact[0]',
    },
    {
      name: 'the cue ball crossing the centre line',
      input: input({}, { crossedCentre: ['1', 'cue'] }),
      field: 'shot.crossedCentre[1]',
    },
    {
      name: 'the same ball potted twice',
      input: input({}, { firstContact: ['1'], potted: ['1', '1'] }),
      field: 'shot.potted[1]',
      code: 'IMPOSSIBLE_STATE',
    },
    {
      name: 'a ball both potted and off the table',
      input: input({}, { firstContact: ['1'], potted: ['2'], offTable: ['3', '2'] }),
      field: 'shot.offTable[1]',
      code: 'IMPOSSIBLE_STATE',
    },
    {
      name: 'the same ball twice over the centre line',
      input: input({}, { firstContact: ['1'], crossedCentre: ['4', '4'] }),
      field: 'shot.crossedCentre[1]',
      code: 'IMPOSSIBLE_STATE',
    },
    {
      name: 'the same ball twice as first contact',
      input: input({}, { firstContact: ['1', '1'] }),
      field: 'shot.firstContact[1]',
      code: 'IMPOSSIBLE_STATE',
    },
    { name: 'no firstContact', input: input({}, { firstContact: undefined }), field: 'shot.firstContact' },
    { name: 'an unknown referee foul', input: input({}, { fouls: ['rudeness'] }), field: 'shot.fouls[0]' },
    {
      name: 'a snooker-only referee foul',
      input: input({}, { fouls: ['push', 'noFootOnFloor'] }),
      field: 'shot.fouls[1]',
    },
    {
      name: 'shot.after listing a potted ball',
      input: input({}, { firstContact: ['1'], potted: ['1'], after: table() }),
      field: 'shot.after',
      code: 'IMPOSSIBLE_STATE',
    },
    {
      name: 'shot.after leaving a ball out',
      input: input({}, { firstContact: ['1'], after: table().slice(0, -1) }),
      field: 'shot.after',
      code: 'IMPOSSIBLE_STATE',
    },
    {
      name: 'shot.after listing the cue ball that was potted',
      input: input({}, { firstContact: ['1'], potted: ['cue'], after: table() }),
      field: 'shot.after',
      code: 'IMPOSSIBLE_STATE',
    },
    {
      name: 'shot.after with two balls overlapping',
      input: input(
        {},
        { firstContact: ['1'], after: [...table().slice(0, -1), { id: '8', x: 185 + 20, y: 900 }] },
      ),
      field: 'shot.after[15]',
      code: 'IMPOSSIBLE_STATE',
    },
    {
      name: 'shot.after with a ball off the bed',
      input: input(
        {},
        { firstContact: ['1'], after: [...table().slice(0, -1), { id: '8', x: 635, y: 2600 }] },
      ),
      field: 'shot.after[15]',
      code: 'IMPOSSIBLE_STATE',
    },
    { name: 'table: not a known bed', input: input({}, {}, { table: 'pool-10ft' }), field: 'table' },
    { name: 'table: the snooker bed', input: input({}, {}, { table: 'snooker' }), field: 'table' },
    {
      name: 'table: a custom bed without its ball',
      input: input({}, {}, { table: { width: 1000, length: 2000 } }),
      field: 'table',
    },
    {
      name: 'table: a custom bed of another game',
      input: input({}, {}, { table: { game: 'dominoes', width: 900, length: 900, ball: 57.15 } }),
      field: 'table',
    },
    { name: 'another game', input: { ...input(), game: 'snooker' }, field: 'game' },
    { name: 'no game (it must be "blackball")', input: { ...input(), game: undefined }, field: 'game' },
    { name: 'no state at all', input: { game: 'blackball', shot: { firstContact: [] } }, field: 'state' },
    { name: 'no shot at all', input: { game: 'blackball', state: input().state }, field: 'shot' },
    { name: 'not an object', input: 'blackball', field: undefined },
  ];
  it.each(cases)('$name → $field', (c) => {
    const r = rule(c.input);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.field).toBe(c.field);
    expect(r.error.code).toBe(c.code ?? 'INVALID_INPUT');
    expect(r.error.message.length).toBeGreaterThan(0);
  });
  it('a missing striker is told what a striker is (0 or 1), not only "invalid input"', () => {
    const r = rule(input({ striker: undefined }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.field).toBe('state.striker');
    expect(r.error.message).toMatch(/0\|1/);
  });

  it('balls measured up to 0.5 mm closer than touching are accepted as touching', () => {
    const r = rule(input({ balls: [CUE_BALL, BLACK_ON_SPOT, { id: '9', x: 635 + 57.15 - 0.45, y: 1905 }] }));
    expect(r.ok).toBe(true);
  });

  it('a ball up to 0.5 mm into the cushion is accepted as against it', () => {
    const r = rule(input({ balls: [CUE_BALL, { id: '9', x: 57.15 / 2 - 0.45, y: 2000 }] }));
    expect(r.ok).toBe(true);
  });

  it('the cue ball in hand may be left out of state.balls, or placed anywhere in the cabin, the head line included (seed 4.12)', () => {
    expect(
      rule(input({ cueInHand: true, balls: table().slice(1) }, { firstContact: ['1'], potted: ['1'] })).ok,
    ).toBe(true);
    expect(rule(input({ cueInHand: true, balls: [{ id: 'cue', x: 100, y: 508 }, BLACK_ON_SPOT] })).ok).toBe(
      true,
    );
  });

  it('judgement: a ball the shot names that state.balls leaves out must still be placed by shot.after if it stays', () => {
    const r = rule(
      input({ balls: [CUE_BALL, BLACK_ON_SPOT] }, { firstContact: ['3'], after: [CUE_BALL, BLACK_ON_SPOT] }),
    );
    expect(!r.ok && r.error.field).toBe('shot.after');
    const placed = rule(
      input(
        { balls: [CUE_BALL, BLACK_ON_SPOT] },
        { firstContact: ['3'], after: [CUE_BALL, BLACK_ON_SPOT, { id: '3', x: 400, y: 1500 }] },
      ),
    );
    expect(placed.ok).toBe(true);
  });

  it('a state on its own parses with errors named from `state`', () => {
    const r = parseFrameState({ striker: 0, balls: [{ id: 'cue', x: 0, y: 0 }] }, bedOf('pool-8ft'));
    expect(!r.ok && r.error.field).toBe('state.balls[0]');
  });
});

describe('option listedBallsOnly: state.balls taken as the complete list (off by default, for the contract example)', () => {
  const named: Array<{ name: string; shot: Record<string, unknown>; field: string }> = [
    {
      name: 'a potted ball not listed',
      shot: { firstContact: ['1'], potted: ['1', '3'] },
      field: 'shot.potted[1]',
    },
    { name: 'a first contact not listed', shot: { firstContact: ['3'] }, field: 'shot.firstContact[0]' },
    {
      name: 'a ball over the centre line not listed',
      shot: { firstContact: ['1'], crossedCentre: ['2', '3'] },
      field: 'shot.crossedCentre[1]',
    },
    {
      name: 'a ball off the table not listed',
      shot: { firstContact: ['1'], offTable: ['3'] },
      field: 'shot.offTable[0]',
    },
  ];
  const listed = [CUE_BALL, { id: '1', x: 400, y: 1200 }, { id: '2', x: 800, y: 1200 }, BLACK_ON_SPOT];
  it.each(named)('$name → $field', (c) => {
    const json = input({ balls: listed }, c.shot);
    expect(rule(json).ok).toBe(true);
    const r = rule(json, { listedBallsOnly: true });
    expect(!r.ok && [r.error.code, r.error.field]).toEqual(['IMPOSSIBLE_STATE', c.field]);
  });

  it('the cue ball potted is always allowed: it is on the table (or in hand) for every stroke', () => {
    const r = rule(
      input({ cueInHand: true, balls: listed.slice(1) }, { firstContact: ['1'], potted: ['cue'] }),
      {
        listedBallsOnly: true,
      },
    );
    expect(r.ok).toBe(true);
  });

  it('the contract example is refused under it (the 3 is not listed), and ruled without it', () => {
    expect(rule(contractExample(), { listedBallsOnly: true }).ok).toBe(false);
    expect(rule(contractExample()).ok).toBe(true);
  });
});

describe('openingFrame: a new frame, as a re-rack leaves it (seed 2.4, 2.5)', () => {
  it('the rack, the cue ball in hand, the break, the table open; it feeds `referee rule`', () => {
    const s = openingFrame(1, bedOf('pool-8ft'));
    expect(s).toMatchObject({ striker: 1, break: true, cueInHand: true, groups: null, freeKick: false });
    const rack = s.balls.map(makeBall);
    const out = ruled({
      game: 'blackball',
      table: 'pool-8ft',
      state: makeState(s),
      // The black on the break (seed 2.5(c)); the cue ball came to rest in the cabin.
      shot: {
        firstContact: ['1'],
        potted: ['8'],
        after: [{ id: 'cue', x: 584, y: 200 }, ...rack.filter((b) => b.id !== '8')],
      },
    });
    expect(out).toMatchObject({ rerack: true, next: { striker: 1, break: true, cueInHand: true } });
    expect(out.state).toEqual(makeState(s));
  });
});
