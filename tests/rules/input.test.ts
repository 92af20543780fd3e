// Checking `referee rule` input (docs/formats.md §4): the contract's example, and every way an input can
// be wrong, each named by its field.
import { describe, expect, it } from 'vitest';
import { rule } from '../../src/games/snooker/rules/index.ts';
import { contractExample } from './helpers.ts';

const full = (): Array<{ id: string; x: number; y: number }> => [
  { id: 'cue', x: 400, y: 1500 },
  { id: 'red', x: 300, y: 2400 },
  { id: 'yellow', x: 1181, y: 737 },
  { id: 'pink', x: 889, y: 2676.75 },
  { id: 'black', x: 889, y: 3245 },
];

const input = (state: Record<string, unknown> = {}, shot: Record<string, unknown> = {}) => ({
  game: 'snooker',
  state: {
    scores: [0, 0],
    striker: 0,
    on: 'red',
    freeBall: false,
    respottedBlack: false,
    balls: full(),
    ...state,
  },
  shot: { firstContact: ['red'], potted: [], offTable: [], fouls: [], ...shot },
});

describe('the contract example (docs/formats.md §4)', () => {
  it('rules exactly as the contract shows: a red potted, 1 scored, on a colour', () => {
    const r = rule(contractExample());
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toMatchObject({
      foul: null,
      scored: 1,
      scores: [1, 0],
      respots: [],
      next: { striker: 0, on: 'colour', freeBall: false, cueInHand: false, respottedBlack: false },
      missCandidate: false,
      frameOver: false,
      winner: null,
    });
    expect(r.value.state).toMatchObject({
      scores: [1, 0],
      striker: 0,
      on: 'colour',
      balls: [{ id: 'cue', x: 700, y: 2500 }],
    });
  });

  it('the output state is a valid input state: strokes chain', () => {
    const first = rule(input({}, { potted: ['red'] }));
    if (!first.ok) throw new Error(first.error.message);
    const second = rule({
      game: 'snooker',
      state: first.value.state,
      shot: { nominated: 'black', firstContact: ['black'], potted: ['black'] },
    });
    if (!second.ok) throw new Error(second.error.message);
    expect([second.value.scored, second.value.scores]).toEqual([7, [8, 0]]);
  });

  it('an input without any extension (no freeBall, after, fouls, game) still works', () => {
    const r = rule({
      state: { scores: [0, 0], striker: 1, on: 'red', balls: full() },
      shot: { firstContact: [] },
    });
    expect(r.ok && r.value.foul?.points).toBe(4);
  });
});

describe('invalid input names the field', () => {
  const cases: Array<{ name: string; input: unknown; field: string | undefined }> = [
    {
      name: 'an unknown ball id',
      input: input({ balls: [...full(), { id: 'purple', x: 500, y: 500 }] }),
      field: 'state.balls[5].id',
    },
    {
      name: 'two balls overlapping',
      input: input({ balls: [...full(), { id: 'green', x: 1181 + 30, y: 737 }] }),
      field: 'state.balls[5]',
    },
    {
      name: 'a ball off the bed',
      input: input({ balls: [...full(), { id: 'green', x: -40, y: 737 }] }),
      field: 'state.balls[5]',
    },
    {
      name: 'a ball pushed into the cushion',
      input: input({ balls: [...full(), { id: 'green', x: 10, y: 737 }] }),
      field: 'state.balls[5]',
    },
    {
      name: 'more than fifteen reds',
      input: input({
        balls: [
          ...full(),
          ...Array.from({ length: 15 }, (_, i) => ({ id: 'red', x: 100 + 100 * i, y: 1000 })),
        ],
      }),
      field: 'state.balls[19]',
    },
    {
      name: 'two yellows',
      input: input({ balls: [...full(), { id: 'yellow', x: 1000, y: 1000 }] }),
      field: 'state.balls[5]',
    },
    {
      name: 'two cue balls',
      input: input({ balls: [...full(), { id: 'cue', x: 1000, y: 1000 }] }),
      field: 'state.balls[5]',
    },
    {
      name: 'no cue ball and the cue ball not in hand',
      input: input({ balls: full().slice(1) }),
      field: 'state.balls',
    },
    {
      name: 'on the pink with the yellow on the table',
      input: input({ on: 'pink', balls: full().filter((x) => x.id !== 'red') }),
      field: 'state.on',
    },
    {
      name: 'on a red with no reds',
      input: input({ balls: full().filter((x) => x.id !== 'red') }),
      field: 'state.on',
    },
    {
      name: 'on a colour with no colours',
      input: input({ on: 'colour', balls: full().slice(0, 2) }),
      field: 'state.on',
    },
    { name: 'on the yellow with reds on the table', input: input({ on: 'yellow' }), field: 'state.on' },
    { name: 'an unknown value of on', input: input({ on: 'purple' }), field: 'state.on' },
    {
      name: 'a re-spotted black with other balls on',
      input: input({ on: 'red', respottedBlack: true }),
      field: 'state.respottedBlack',
    },
    { name: 'a negative score', input: input({ scores: [-4, 0] }), field: 'state.scores[0]' },
    { name: 'a striker who is not 0 or 1', input: input({ striker: 2 }), field: 'state.striker' },
    {
      name: 'a first contact with a ball not on the table',
      input: input({}, { firstContact: ['green'] }),
      field: 'shot.firstContact[0]',
    },
    {
      name: 'a potted ball that was not on the table',
      input: input({}, { firstContact: ['red'], potted: ['red', 'blue'] }),
      field: 'shot.potted[1]',
    },
    {
      name: 'two reds potted with one on the table',
      input: input({}, { potted: ['red', 'red'] }),
      field: 'shot.potted[1]',
    },
    {
      name: 'a ball forced off that was not there',
      input: input({}, { offTable: ['brown'] }),
      field: 'shot.offTable[0]',
    },
    { name: 'an unknown referee foul', input: input({}, { fouls: ['rudeness'] }), field: 'shot.fouls[0]' },
    { name: 'no firstContact', input: input({}, { firstContact: undefined }), field: 'shot.firstContact' },
    {
      name: 'rest positions that do not match the balls left',
      input: input({}, { potted: ['red'], after: full() }),
      field: 'shot.after',
    },
    {
      name: 'rest positions with two balls overlapping',
      input: input({}, { after: full().map((x) => (x.id === 'pink' ? { ...x, y: 3245 - 30 } : x)) }),
      field: 'shot.after[4]',
    },
    {
      name: 'a nominated colour not on the table (after a red)',
      input: input({ on: 'colour' }, { nominated: 'blue', firstContact: ['yellow'] }),
      field: 'shot.nominated',
    },
    { name: 'another game', input: { ...input(), game: 'pool' }, field: 'game' },
    { name: 'no state at all', input: { shot: {} }, field: 'state' },
    { name: 'not an object', input: 'snooker', field: undefined },
  ];
  it.each(cases)('$name → $field', (c) => {
    const r = rule(c.input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.field).toBe(c.field);
  });

  it('balls measured up to 0.5 mm closer than touching are accepted as touching', () => {
    const r = rule(input({ balls: [...full(), { id: 'green', x: 1181 - 52.1, y: 737 }] }));
    expect(r.ok).toBe(true);
  });
});
