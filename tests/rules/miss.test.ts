// Points remaining, snookers required, and the miss with its three-miss rule (WPBSA 3.14).
import { describe, expect, it } from 'vitest';
import {
  openingBalls,
  pointsRemaining,
  snookersRequired,
  type On,
} from '../../src/games/snooker/rules/index.ts';
import type { SnookerBallId } from '../../src/games/snooker/equipment.ts';
import { b, coloursFrom, frame, openCue, play, shot, someReds } from './helpers.ts';

const ids = (balls: readonly { id: SnookerBallId }[]): SnookerBallId[] => balls.map((x) => x.id);

describe('points remaining', () => {
  const cases: Array<{ name: string; ids: SnookerBallId[]; on: On; respotted?: boolean; points: number }> = [
    { name: 'a full rack on a red: 15 × 8 + 27 = 147', ids: ids(openingBalls()), on: 'red', points: 147 },
    {
      name: 'fourteen reds with a colour on (a red just potted): 14 × 8 + 27 + 7 = 146',
      ids: ids(openingBalls()).slice(0, -1),
      on: 'colour',
      points: 146,
    },
    {
      name: 'the colour after the last red: 7 + 27 = 34',
      ids: ids(coloursFrom('yellow')),
      on: 'colour',
      points: 34,
    },
    { name: 'on the yellow: all the colours, 27', ids: ids(coloursFrom('yellow')), on: 'yellow', points: 27 },
    { name: 'on the pink: 6 + 7 = 13', ids: ids(coloursFrom('pink')), on: 'pink', points: 13 },
    { name: 'a re-spotted black: 7', ids: ['black'], on: 'black', respotted: true, points: 7 },
  ];
  it.each(cases)('3.14 (snookers required): $name', (c) => {
    expect(pointsRemaining(c.ids, c.on, c.respotted ?? false)).toBe(c.points);
  });

  it('snookers required: 60 behind with 51 left needs three 4-point snookers; the leader none', () => {
    expect(snookersRequired([0, 60], 0, 51)).toBe(3);
    expect(snookersRequired([0, 60], 1, 51)).toBe(0);
  });
  it('snookers required: a deficit equal to the points left can still be tied (re-spotted black): none', () => {
    expect(snookersRequired([0, 13], 0, 13)).toBe(0);
    expect(snookersRequired([0, 14], 0, 13, 6)).toBe(1);
  });
});

describe('the miss (WPBSA 3.14)', () => {
  it('3.14: failing to hit any ball on, with nobody needing snookers: a miss may be called', () => {
    const { ruling } = play(frame(), shot());
    expect(ruling.missCandidate).toBe(true);
    expect(ruling.reasons.join(' ')).toContain('3.14');
  });

  it('3.14: hitting a ball not on first is also a failure to hit the ball on', () => {
    expect(play(frame(), shot({ firstContact: ['pink'] })).ruling.missCandidate).toBe(true);
  });

  it('3.14: a foul after hitting the ball on (an in-off) is never a miss', () => {
    expect(play(frame(), shot({ firstContact: ['red'], potted: ['cue'] })).ruling.missCandidate).toBe(false);
  });

  it('3.14: no miss when the striker needed snookers before the stroke', () => {
    // Three reds and the colours: 51 left; 60 behind.
    expect(play(frame({ scores: [0, 60] }), shot()).ruling.missCandidate).toBe(false);
  });

  it('3.14: no miss when the penalty leaves the offender needing snookers', () => {
    // 48 behind with 51 left; the 4 away make it 52.
    const { ruling } = play(frame({ scores: [0, 48] }), shot());
    expect(ruling.snookersRequired[0]).toBeGreaterThan(0);
    expect(ruling.missCandidate).toBe(false);
  });

  it('3.14: a miss offers the replay state: balls as they were, the offender to play again, the penalty counted', () => {
    const s = frame({ scores: [10, 20] });
    const { ruling } = play(
      s,
      shot({ after: [b('cue', 1000, 2000), ...someReds(), ...coloursFrom('yellow')] }),
    );
    expect(ruling.missReplay?.balls).toEqual(s.balls);
    expect(ruling.missReplay?.striker).toBe(0);
    expect(ruling.missReplay?.scores).toEqual([10, 24]);
    expect(ruling.missReplay?.consecutiveMisses).toBe(1);
  });

  it('3.14(c): the second miss from one position with a full ball open warns of the third', () => {
    const { ruling } = play(frame({ consecutiveMisses: 1 }), shot());
    expect([ruling.missCandidate, ruling.threeMissWarning, ruling.missForfeit]).toEqual([true, true, false]);
    expect(ruling.missReplay?.consecutiveMisses).toBe(2);
  });

  it('3.14(c)(i): a further miss with a full ball open is a miss regardless of the scores', () => {
    const { ruling } = play(frame({ consecutiveMisses: 1, scores: [0, 60] }), shot());
    expect(ruling.missCandidate).toBe(true);
  });

  it('3.14(c)(ii): the third miss from one position with a full ball open loses the frame if called', () => {
    const { ruling } = play(frame({ consecutiveMisses: 2 }), shot());
    expect([ruling.missCandidate, ruling.missForfeit]).toEqual([true, true]);
  });

  it('3.14(c): misses while snookered (no full ball open) do not count towards three', () => {
    const balls = [
      b('cue', 889, 1000),
      b('red', 889, 2300),
      b('blue', 889, 1500),
      b('pink', 300, 2676.75),
      ...coloursFrom('yellow').filter((c) => c.id !== 'blue' && c.id !== 'pink'),
    ];
    const { ruling } = play(frame({ balls, consecutiveMisses: 1 }), shot());
    expect(ruling.missCandidate).toBe(true);
    expect(ruling.threeMissWarning).toBe(false);
    expect(ruling.missReplay?.consecutiveMisses).toBe(0);
  });

  it('3.14: a legal stroke is never a miss and resets the count', () => {
    const { ruling, state } = play(
      frame({ consecutiveMisses: 2, balls: [openCue(), ...someReds(), ...coloursFrom('yellow')] }),
      shot({ firstContact: ['red'] }),
    );
    expect(ruling.missCandidate).toBe(false);
    expect(state.consecutiveMisses).toBe(0);
  });
});
