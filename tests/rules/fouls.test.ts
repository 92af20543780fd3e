// Fouls and penalties (WPBSA 3.10 (a)–(d), 3.6, 3.12(b), 3.5), as a table of named cases.
import { describe, expect, it } from 'vitest';
import type { FrameState, Shot } from '../../src/games/snooker/rules/index.ts';
import { b, coloursFrom, frame, onSpot, openCue, play, shot, SPOTS } from './helpers.ts';

interface Case {
  readonly name: string;
  readonly state: FrameState;
  readonly shot: Shot;
  readonly points: number;
  readonly reason: string;
}

const inSequence = (on: 'yellow' | 'green' | 'blue' | 'pink' | 'black'): FrameState =>
  frame({ on, balls: [openCue(), ...coloursFrom(on)] });

const cases: Case[] = [
  {
    name: '3.10(a): missing every ball when on a red costs the minimum, 4',
    state: frame(),
    shot: shot(),
    points: 4,
    reason: 'missed all',
  },
  {
    name: '3.10(a): missing every ball when on the pink costs its value, 6',
    state: inSequence('pink'),
    shot: shot(),
    points: 6,
    reason: 'missed all',
  },
  {
    name: '3.10(a): missing the black when it is the ball on costs 7',
    state: inSequence('black'),
    shot: shot(),
    points: 7,
    reason: 'missed all',
  },
  {
    name: '3.10(a): an in-off when on a red costs 4',
    state: frame(),
    shot: shot({ firstContact: ['red'], potted: ['cue'] }),
    points: 4,
    reason: 'entered a pocket',
  },
  {
    name: '3.10(a): an in-off off the nominated black costs 7',
    state: frame({ on: 'colour' }),
    shot: shot({ nominated: 'black', firstContact: ['black'], potted: ['cue'] }),
    points: 7,
    reason: 'entered a pocket',
  },
  {
    name: '3.10(b): hitting the blue first when on a red costs 5',
    state: frame(),
    shot: shot({ firstContact: ['blue'] }),
    points: 5,
    reason: 'first hit the blue',
  },
  {
    name: '3.10(b): hitting the yellow first when on a red costs the minimum, 4',
    state: frame(),
    shot: shot({ firstContact: ['yellow'] }),
    points: 4,
    reason: 'first hit the yellow',
  },
  {
    name: '3.10(b): a red and the pink potted together when on a red costs 6',
    state: frame(),
    shot: shot({ firstContact: ['red'], potted: ['red', 'pink'] }),
    points: 6,
    reason: 'potting pink, not on',
  },
  {
    name: '3.10(b): potting a red when on the nominated green costs 4',
    state: frame({ on: 'colour' }),
    shot: shot({ nominated: 'green', firstContact: ['green'], potted: ['red'] }),
    points: 4,
    reason: 'potting red',
  },
  {
    name: '3.10(b): potting a red when on the nominated black costs 7',
    state: frame({ on: 'colour' }),
    shot: shot({ nominated: 'black', firstContact: ['black'], potted: ['red', 'black'] }),
    points: 7,
    reason: 'potting red',
  },
  {
    name: '3.10(b): hitting the black first when the green was nominated costs 7',
    state: frame({ on: 'colour' }),
    shot: shot({ nominated: 'green', firstContact: ['black'] }),
    points: 7,
    reason: 'first hit the black',
  },
  {
    name: '3.10(b): in sequence, on the yellow, potting the green costs 4',
    state: inSequence('yellow'),
    shot: shot({ firstContact: ['yellow'], potted: ['green'] }),
    points: 4,
    reason: 'potting green',
  },
  {
    name: '3.10(b): in sequence, on the blue, potting the pink costs 6',
    state: inSequence('blue'),
    shot: shot({ firstContact: ['blue'], potted: ['blue', 'pink'] }),
    points: 6,
    reason: 'potting pink, not on',
  },
  {
    name: '3.10(b): the black forced off the table when on a red costs 7',
    state: frame(),
    shot: shot({ firstContact: ['red'], offTable: ['black'] }),
    points: 7,
    reason: 'off the table',
  },
  {
    name: '3.10(a): the cue ball forced off the table when on a red costs 4',
    state: frame(),
    shot: shot({ firstContact: ['red'], offTable: ['cue'] }),
    points: 4,
    reason: 'cue ball was forced off',
  },
  {
    name: '3.6, 3.10(c): a red and the black struck simultaneously costs 7',
    state: frame(),
    shot: shot({ firstContact: ['red', 'black'] }),
    points: 7,
    reason: 'simultaneously',
  },
  {
    name: '3.6, 3.10(c): the pink and the black struck together with the pink nominated costs 7',
    state: frame({ on: 'colour' }),
    shot: shot({ nominated: 'pink', firstContact: ['pink', 'black'] }),
    points: 7,
    reason: 'simultaneously',
  },
  {
    name: '3.10(c): the yellow and green struck together when on a red costs 4',
    state: frame(),
    shot: shot({ firstContact: ['yellow', 'green'] }),
    points: 4,
    reason: 'simultaneously',
  },
  {
    name: '3.10(d): playing at a red when on a colour (reds in successive strokes) costs 7',
    state: frame({ on: 'colour' }),
    shot: shot({ nominated: 'yellow', firstContact: ['red'] }),
    points: 7,
    reason: 'reds in successive strokes',
  },
  {
    name: '3.10(d): potting a red after a red without nominating costs 7',
    state: frame({ on: 'colour' }),
    shot: shot({ firstContact: ['red'], potted: ['red'] }),
    points: 7,
    reason: 'reds in successive strokes',
  },
  {
    name: '3.10(d): missing everything on a colour before nominating one costs 7',
    state: frame({ on: 'colour' }),
    shot: shot(),
    points: 7,
    reason: 'before nominating',
  },
  {
    name: '3.10(d): using a ball other than the white as the cue ball costs 7',
    state: frame(),
    shot: shot({ firstContact: ['red'], fouls: ['wrongCueBall'] }),
    points: 7,
    reason: 'other than the white',
  },
  {
    name: '3.10(d): failing to declare the ball on when asked costs 7',
    state: frame(),
    shot: shot({ firstContact: ['red'], fouls: ['noNomination'] }),
    points: 7,
    reason: 'declare',
  },
  {
    name: '3.10(b): a push stroke on a red costs 4',
    state: frame(),
    shot: shot({ firstContact: ['red'], fouls: ['push'] }),
    points: 4,
    reason: 'push',
  },
  {
    name: '3.10(b): a push stroke on the black costs 7',
    state: inSequence('black'),
    shot: shot({ firstContact: ['black'], fouls: ['push'] }),
    points: 7,
    reason: 'push',
  },
  {
    name: '3.10(a): a jump shot when on the blue costs 5',
    state: inSequence('blue'),
    shot: shot({ firstContact: ['blue'], fouls: ['jump'] }),
    points: 5,
    reason: 'jump',
  },
  {
    name: '3.10(a): striking the cue ball twice when on a red costs 4',
    state: frame(),
    shot: shot({ firstContact: ['red'], fouls: ['doubleHit'] }),
    points: 4,
    reason: 'more than once',
  },
  {
    name: '3.10(a): striking while balls move when on the pink costs 6',
    state: inSequence('pink'),
    shot: shot({ firstContact: ['pink'], fouls: ['ballsMoving'] }),
    points: 6,
    reason: 'still moving',
  },
  {
    name: '3.10(a): no foot on the floor when on a red costs 4',
    state: frame(),
    shot: shot({ firstContact: ['red'], fouls: ['noFootOnFloor'] }),
    points: 4,
    reason: 'foot on the floor',
  },
  {
    name: '3.10(b): touching the black with the sleeve when on a red costs 7',
    state: frame(),
    shot: shot({ firstContact: ['red'], fouls: ['touchedBall'], touched: ['black'] }),
    points: 7,
    reason: 'touching a ball',
  },
  {
    name: '3.10(b): touching a ball not named, when on a red, costs the ball on’s value, 4',
    state: frame(),
    shot: shot({ firstContact: ['red'], fouls: ['touchedBall'] }),
    points: 4,
    reason: 'touching a ball',
  },
  {
    name: '3.10: several fouls in one stroke (in-off, black potted) cost only the highest, 7',
    state: frame(),
    shot: shot({ firstContact: ['red'], potted: ['cue', 'black'] }),
    points: 7,
    reason: 'entered a pocket',
  },
  {
    name: '3.12(b)(i): with a free ball nominated, hitting a red first is a foul',
    state: frame({ freeBall: true }),
    shot: shot({ nominated: 'blue', firstContact: ['red'] }),
    points: 4,
    reason: 'did not first hit the free ball',
  },
  {
    name: '3.12(b)(i): free ball black nominated on the pink, the pink hit first: 6',
    state: frame({ on: 'pink', freeBall: true, balls: [openCue(), onSpot('pink'), onSpot('black')] }),
    shot: shot({ nominated: 'black', firstContact: ['pink'] }),
    points: 6,
    reason: 'did not first hit the free ball',
  },
  {
    name: '2.13: a free ball (the black) in-off costs the value of the ball on, 4, not 7',
    state: frame({ freeBall: true }),
    shot: shot({ nominated: 'black', firstContact: ['black'], potted: ['black', 'cue'] }),
    points: 4,
    reason: 'entered a pocket',
  },
  {
    name: '3.5: playing from in hand with the cue ball outside the D costs 4',
    state: frame({
      cueInHand: true,
      balls: [b('cue', 889, 800), b('red', 300, 2400), ...coloursFrom('yellow')],
    }),
    shot: shot({ firstContact: ['red'] }),
    points: 4,
    reason: 'outside the D',
  },
];

describe('fouls and penalties (WPBSA 3.10)', () => {
  it.each(cases)('$name', (c) => {
    const { ruling, state } = play(c.state, c.shot);
    expect(ruling.foul?.points).toBe(c.points);
    expect(ruling.foul?.reasons.join('; ')).toContain(c.reason);
    expect(ruling.scored).toBe(0);
    const opponent = c.state.striker === 0 ? 1 : 0;
    expect(ruling.scores[opponent]).toBe(c.state.scores[opponent] + c.points);
    expect(ruling.scores[c.state.striker]).toBe(c.state.scores[c.state.striker]);
    expect(ruling.next.striker).toBe(opponent);
    expect(state.break).toBe(0);
  });

  it('3.10: nothing is scored on a foul stroke; the red potted stays down, the colour goes back', () => {
    const { ruling, state } = play(frame(), shot({ firstContact: ['red'], potted: ['red', 'blue'] }));
    expect(ruling.scored).toBe(0);
    expect(ruling.respots).toEqual([{ id: 'blue', x: SPOTS.blue.x, y: SPOTS.blue.y }]);
    expect(state.balls.filter((x) => x.id === 'red')).toHaveLength(2);
    expect(ruling.next.on).toBe('red');
  });

  it('3.5: after an in-off the incoming striker has the cue ball in hand', () => {
    const { ruling, state } = play(frame(), shot({ firstContact: ['red'], potted: ['cue'] }));
    expect(ruling.next.cueInHand).toBe(true);
    expect(state.cueInHand).toBe(true);
    expect(state.balls.some((x) => x.id === 'cue')).toBe(false);
  });

  it('3.3: a foul on the colour after the last red leaves the opponent on the yellow', () => {
    const { ruling } = play(frame({ on: 'colour', balls: [openCue(), ...coloursFrom('yellow')] }), shot());
    expect([ruling.foul?.points, ruling.next.on]).toEqual([7, 'yellow']);
  });

  it('3.3: the last red potted on a foul stays down; the opponent starts on the yellow', () => {
    const s = frame({ on: 'colour', balls: [openCue(), b('red', 300, 2400), ...coloursFrom('yellow')] });
    const { ruling } = play(s, shot({ nominated: 'blue', firstContact: ['blue'], potted: ['red'] }));
    expect([ruling.foul?.points, ruling.next.on]).toEqual([5, 'yellow']);
  });
});
