// Snookered (WPBSA 2.17), angled by a jaw (2.17(e)), in hand (2.17(a)), and the free ball (3.12).
import { describe, expect, it } from 'vitest';
import { isSnookered, sightOf } from '../../src/games/snooker/rules/index.ts';
import { pocketById } from '../../src/equipment/index.ts';
import { pointMm } from '../../src/core/units.ts';
import { b, coloursFrom, frame, onSpot, play, shot, table } from './helpers.ts';

const P = pointMm;

describe('snookered (WPBSA 2.17)', () => {
  const cases = [
    {
      name: '2.17: a red in plain view: not snookered',
      cue: P(889, 1000),
      on: [P(889, 2500)],
      notOn: [P(300, 1500)],
      snookered: false,
    },
    {
      name: '2.17: a colour (not on) straight between cue ball and the only red: snookered',
      cue: P(889, 1000),
      on: [P(889, 2500)],
      notOn: [P(889, 1500)],
      snookered: true,
    },
    {
      name: '2.17: one extreme edge obstructed (partially) is enough: snookered',
      cue: P(889, 1000),
      on: [P(889, 2000)],
      notOn: [P(929, 1500)],
      snookered: true,
    },
    {
      name: '2.17: a ball not on just clear of the corridor to either edge: not snookered',
      cue: P(889, 1000),
      on: [P(889, 2000)],
      notOn: [P(889 + 105.1, 1500)],
      snookered: false,
    },
    {
      name: '2.17: one red hidden, another red in view: not snookered',
      cue: P(889, 1000),
      on: [P(889, 2500), P(300, 2500)],
      notOn: [P(889, 1500)],
      snookered: false,
    },
    {
      name: '2.17: a ball on in the way of another ball on does not snooker (it is on)',
      cue: P(889, 1000),
      on: [P(889, 2500), P(889, 1500)],
      notOn: [],
      snookered: false,
    },
    {
      name: '2.17: a ball not on beyond the ball on does not snooker',
      cue: P(889, 1000),
      on: [P(889, 1500)],
      notOn: [P(889, 2000)],
      snookered: false,
    },
    {
      name: '2.17: every red hidden, each behind a different ball not on: snookered',
      cue: P(889, 1000),
      on: [P(889, 2500), P(300, 2500)],
      notOn: [P(889, 1500), P(600, 1750)],
      snookered: true,
    },
  ];
  it.each(cases)('$name', (c) => {
    expect(isSnookered(table, c.cue, { on: c.on, notOn: c.notOn })).toBe(c.snookered);
  });

  it('2.17(e): a cue ball in the jaws of a pocket, the jaw nearer than the blocking ball: angled, not snookered', () => {
    const bl = pocketById(table, 'BL');
    const cue = P(bl.mouthCentre.x - 5, bl.mouthCentre.y - 5);
    const red = P(700, 26.25);
    const yellow = P(400, 60);
    expect(sightOf(table, cue, red, [yellow]).kind).toBe('angled');
    expect(isSnookered(table, cue, { on: [red], notOn: [yellow] })).toBe(false);
    // The same blocking ball with the cue ball out of the jaws is a snooker.
    expect(isSnookered(table, P(200, 60), { on: [red], notOn: [yellow] })).toBe(true);
  });

  it('2.17(a): in hand, a red hidden behind the black from every point of the D: snookered', () => {
    const layout = { on: [P(889, 3302)], notOn: [P(889, 3245)] };
    expect(isSnookered(table, 'inHand', layout)).toBe(true);
  });

  it('2.17(a): in hand, a red seen only from the far corner of the D: not snookered', () => {
    // A wall of colours hides the red from most of the D; the D's left end still sees it.
    const layout = { on: [P(150, 2000)], notOn: [500, 600, 700, 800, 900].map((x) => P(x, 1400)) };
    expect(isSnookered(table, P(889, 737), layout)).toBe(true);
    expect(isSnookered(table, 'inHand', layout)).toBe(false);
  });
});

describe('free ball after a foul (WPBSA 3.12)', () => {
  it('3.12: a foul that leaves the incoming striker snookered gives a free ball', () => {
    const s = frame({
      balls: [
        b('cue', 889, 1200),
        b('red', 889, 2300),
        b('yellow', 889, 1700),
        ...coloursFrom('green').filter((c) => c.id !== 'blue'),
        b('blue', 300, 1784.5),
      ],
    });
    const { ruling, state } = play(s, shot({ firstContact: ['yellow'] }));
    expect(ruling.foul?.points).toBe(4);
    expect(ruling.next.freeBall).toBe(true);
    expect(state.freeBall).toBe(true);
    expect(ruling.reasons.join(' ')).toContain('free ball');
  });

  it('3.12: a foul that leaves a red in view gives no free ball', () => {
    const { ruling } = play(frame(), shot({ firstContact: ['yellow'] }));
    expect(ruling.next.freeBall).toBe(false);
  });

  it('2.17(e), 3.12: a cue ball left angled in the jaws after a foul gives no free ball', () => {
    const bl = pocketById(table, 'BL');
    const s = frame({
      balls: [b('cue', 889, 1200), b('red', 700, 26.25), b('yellow', 400, 60), ...coloursFrom('green')],
    });
    const after = [
      b('cue', bl.mouthCentre.x - 5, bl.mouthCentre.y - 5),
      b('red', 700, 26.25),
      b('yellow', 400, 60),
      ...coloursFrom('green'),
    ];
    const { ruling } = play(s, shot({ firstContact: ['yellow'], after }));
    expect(ruling.foul?.points).toBe(4);
    expect(ruling.next.freeBall).toBe(false);
  });

  it('3.12(b)(ii): after a non-scoring free-ball stroke, snookering the opponent on every red with the free ball is a foul', () => {
    const balls = [
      b('cue', 889, 1000),
      b('red', 889, 2300),
      b('blue', 700, 1700),
      ...coloursFrom('yellow').filter((c) => c.id !== 'blue'),
    ];
    const after = [
      b('cue', 889, 1000),
      b('red', 889, 2300),
      b('blue', 889, 1500),
      ...coloursFrom('yellow').filter((c) => c.id !== 'blue'),
    ];
    const { ruling } = play(
      frame({ freeBall: true, balls }),
      shot({ nominated: 'blue', firstContact: ['blue'], after }),
    );
    expect(ruling.foul?.points).toBe(4);
    expect(ruling.foul?.reasons.join(' ')).toContain('3.12(b)(ii)');
  });

  it('3.12(b)(ii): reds hidden by different balls, only one of them the free ball: no foul', () => {
    const others = coloursFrom('yellow').filter((c) => c.id !== 'blue' && c.id !== 'pink');
    const balls = [
      b('cue', 889, 1000),
      b('red', 889, 2300),
      b('red', 300, 2500),
      b('blue', 700, 1700),
      b('pink', 889, 2676.75),
      ...others,
    ];
    const after = [
      b('cue', 889, 1000),
      b('red', 889, 2300),
      b('red', 300, 2500),
      b('blue', 889, 1500),
      b('pink', 600, 1750),
      ...others,
    ];
    const { ruling } = play(
      frame({ freeBall: true, balls }),
      shot({ nominated: 'blue', firstContact: ['blue'], after }),
    );
    expect(ruling.foul).toBeNull();
    expect(ruling.next.striker).toBe(1);
  });

  it('3.12(b)(ii): snookering with the free ball is allowed when only the pink and black remain', () => {
    const balls = [b('cue', 889, 2000), onSpot('pink'), b('black', 600, 2300)];
    const after = [b('cue', 889, 2000), onSpot('pink'), b('black', 889, 2350)];
    const { ruling } = play(
      frame({ on: 'pink', freeBall: true, balls }),
      shot({ nominated: 'black', firstContact: ['black'], after }),
    );
    expect(ruling.foul).toBeNull();
    expect([ruling.next.striker, ruling.next.on]).toEqual([1, 'pink']);
  });

  it('3.12(f)-free: the free ball lasts one stroke; after it the state has no free ball', () => {
    const { state } = play(
      frame({ freeBall: true }),
      shot({ nominated: 'blue', firstContact: ['blue'], potted: ['blue'] }),
    );
    expect(state.freeBall).toBe(false);
  });
});
