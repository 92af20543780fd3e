// Ball on and scoring through the frame (WPBSA 2.11, 3.3, 3.12), as a table of named cases.
import { describe, expect, it } from 'vitest';
import type { FrameState, On, Shot } from '../../src/games/snooker/rules/index.ts';
import { b, coloursFrom, frame, onSpot, openCue, play, shot, someReds, SPOTS } from './helpers.ts';

interface Case {
  readonly name: string;
  readonly state: FrameState;
  readonly shot: Shot;
  readonly scored: number;
  readonly striker: 0 | 1;
  readonly on: On;
  readonly respotted?: readonly string[];
}

const reds = someReds();
const lastRed = [b('red', 300, 2400)];

const cases: Case[] = [
  {
    name: '3.3: a red potted scores 1 and the striker is on a colour',
    state: frame(),
    shot: shot({ firstContact: ['red'], potted: ['red'] }),
    scored: 1,
    striker: 0,
    on: 'colour',
  },
  {
    name: '3.3: two reds potted in one stroke score 1 each',
    state: frame(),
    shot: shot({ firstContact: ['red'], potted: ['red', 'red'] }),
    scored: 2,
    striker: 0,
    on: 'colour',
  },
  {
    name: '3.6: two reds struck simultaneously is fair, and the red potted counts',
    state: frame(),
    shot: shot({ firstContact: ['red', 'red'], potted: ['red'] }),
    scored: 1,
    striker: 0,
    on: 'colour',
  },
  {
    name: '3.3: a red struck but not potted ends the turn; the opponent is on a red',
    state: frame(),
    shot: shot({ firstContact: ['red'] }),
    scored: 0,
    striker: 1,
    on: 'red',
  },
  {
    name: '3.3: the nominated colour potted after a red scores its value and is re-spotted; on a red again',
    state: frame({ on: 'colour' }),
    shot: shot({ nominated: 'black', firstContact: ['black'], potted: ['black'] }),
    scored: 7,
    striker: 0,
    on: 'red',
    respotted: ['black'],
  },
  {
    name: '3.3: with no nomination the first colour hit is taken as nominated (docs/formats.md §4)',
    state: frame({ on: 'colour' }),
    shot: shot({ firstContact: ['pink'], potted: ['pink'] }),
    scored: 6,
    striker: 0,
    on: 'red',
    respotted: ['pink'],
  },
  {
    name: '3.3: a colour hit after a red but not potted ends the turn; the opponent is on a red',
    state: frame({ on: 'colour' }),
    shot: shot({ nominated: 'blue', firstContact: ['blue'] }),
    scored: 0,
    striker: 1,
    on: 'red',
  },
  {
    name: '3.3: the last red potted: the striker is still on any colour',
    state: frame({ balls: [openCue(), ...lastRed, ...coloursFrom('yellow')] }),
    shot: shot({ firstContact: ['red'], potted: ['red'] }),
    scored: 1,
    striker: 0,
    on: 'colour',
  },
  {
    name: '3.3: the colour after the last red is re-spotted and the sequence starts at yellow',
    state: frame({ on: 'colour', balls: [openCue(), ...coloursFrom('yellow')] }),
    shot: shot({ nominated: 'black', firstContact: ['black'], potted: ['black'] }),
    scored: 7,
    striker: 0,
    on: 'yellow',
    respotted: ['black'],
  },
  {
    name: '3.3: missing the colour after the last red: the opponent starts the sequence at yellow',
    state: frame({ on: 'colour', balls: [openCue(), ...coloursFrom('yellow')] }),
    shot: shot({ nominated: 'pink', firstContact: ['pink'] }),
    scored: 0,
    striker: 1,
    on: 'yellow',
  },
  {
    name: '3.3: in sequence, the yellow potted stays down and the striker is on the green',
    state: frame({ on: 'yellow', balls: [openCue(), ...coloursFrom('yellow')] }),
    shot: shot({ firstContact: ['yellow'], potted: ['yellow'] }),
    scored: 2,
    striker: 0,
    on: 'green',
  },
  {
    name: '3.3: in sequence, the pink potted leaves the black on',
    state: frame({ on: 'pink', balls: [openCue(), ...coloursFrom('pink')] }),
    shot: shot({ firstContact: ['pink'], potted: ['pink'] }),
    scored: 6,
    striker: 0,
    on: 'black',
  },
  {
    name: '3.12(c): a free ball potted when on a red scores 1, is re-spotted, and a colour is on',
    state: frame({ freeBall: true }),
    shot: shot({ nominated: 'blue', firstContact: ['blue'], potted: ['blue'] }),
    scored: 1,
    striker: 0,
    on: 'colour',
    respotted: ['blue'],
  },
  {
    name: '3.12(e): a free ball potted together with a red: each counts as a red',
    state: frame({ freeBall: true }),
    shot: shot({ nominated: 'green', firstContact: ['green'], potted: ['green', 'red'] }),
    scored: 2,
    striker: 0,
    on: 'colour',
    respotted: ['green'],
  },
  {
    name: '3.12(d): a free ball hit first and a red potted off it: the red counts',
    state: frame({ freeBall: true }),
    shot: shot({ nominated: 'yellow', firstContact: ['yellow'], potted: ['red'] }),
    scored: 1,
    striker: 0,
    on: 'colour',
  },
  {
    name: '3.12(b)(i): a free ball struck simultaneously with a red is fair',
    state: frame({ freeBall: true }),
    shot: shot({ nominated: 'yellow', firstContact: ['yellow', 'red'], potted: ['red'] }),
    scored: 1,
    striker: 0,
    on: 'colour',
  },
  {
    name: '3.12(c): a free ball potted when on the yellow scores 2 (the yellow’s value) and is re-spotted',
    state: frame({ on: 'yellow', freeBall: true, balls: [openCue(), ...coloursFrom('yellow')] }),
    shot: shot({ nominated: 'pink', firstContact: ['pink'], potted: ['pink'] }),
    scored: 2,
    striker: 0,
    on: 'yellow',
    respotted: ['pink'],
  },
  {
    name: '3.12(e): free ball and the colour on potted together: only the ball on scores, it stays down',
    state: frame({ on: 'yellow', freeBall: true, balls: [openCue(), ...coloursFrom('yellow')] }),
    shot: shot({ nominated: 'green', firstContact: ['green'], potted: ['green', 'yellow'] }),
    scored: 2,
    striker: 0,
    on: 'green',
    respotted: ['green'],
  },
  {
    name: '2.13: with a free ball the striker may still play the ball on itself',
    state: frame({ freeBall: true }),
    shot: shot({ firstContact: ['red'], potted: ['red'] }),
    scored: 1,
    striker: 0,
    on: 'colour',
  },
  {
    name: '3.3: a safety on a red (hit, nothing potted) is fair and passes the turn',
    state: frame({ striker: 1 }),
    shot: shot({ firstContact: ['red'], after: [b('cue', 889, 300), ...reds, ...coloursFrom('yellow')] }),
    scored: 0,
    striker: 0,
    on: 'red',
  },
];

describe('ball on and scoring (WPBSA 2.11, 3.3, 3.12)', () => {
  it.each(cases)('$name', (c) => {
    const { ruling, state } = play(c.state, c.shot);
    expect(ruling.foul).toBeNull();
    expect(ruling.scored).toBe(c.scored);
    const scores = [...c.state.scores];
    scores[c.state.striker] = (scores[c.state.striker] ?? 0) + c.scored;
    expect(ruling.scores).toEqual(scores);
    expect(ruling.next.striker).toBe(c.striker);
    expect(ruling.next.on).toBe(c.on);
    expect(state.on).toBe(c.on);
    expect(ruling.respots.map((r) => r.id)).toEqual(c.respotted ?? []);
    for (const r of ruling.respots) expect([r.x, r.y]).toEqual([SPOTS[r.id].x, SPOTS[r.id].y]);
  });

  it('2.8: the break accumulates while the striker scores and ends with the turn', () => {
    let s = frame({ highestBreak: [0, 12] });
    s = play(s, shot({ firstContact: ['red'], potted: ['red'] })).state;
    s = play(s, shot({ nominated: 'black', firstContact: ['black'], potted: ['black'] })).state;
    expect([s.break, s.highestBreak]).toEqual([8, [8, 12]]);
    const end = play(s, shot({ firstContact: ['red'] }));
    expect(end.ruling.break).toBe(0);
    expect([end.state.break, end.state.highestBreak, end.state.striker]).toEqual([0, [8, 12], 1]);
  });

  it('3.7: a colour potted from its spot goes back on that spot', () => {
    const { state } = play(frame({ on: 'colour' }), shot({ firstContact: ['yellow'], potted: ['yellow'] }));
    expect(state.balls.filter((x) => x.id === 'yellow')).toEqual([onSpot('yellow')]);
  });
});
