// The match reducer: frames won, breaks, alternating break-off (WPBSA 3.3), concession.
import { describe, expect, it } from 'vitest';
import {
  applyMatch,
  newMatch,
  type MatchAction,
  type MatchState,
} from '../../src/games/snooker/rules/index.ts';
import { b, shot, table } from './helpers.ts';

const stroke = (s: ReturnType<typeof shot>): MatchAction => ({ type: 'stroke', shot: s });

/** The breaker places the cue ball, pots a red and a black, then misses; the other player concedes. */
const shortFrame = (m: MatchState): MatchState => {
  const cue = b('cue', 800, 700);
  const rest = m.frame.balls;
  const steps: MatchAction[] = [
    stroke(
      shot({
        firstContact: ['red'],
        potted: ['red'],
        after: [cue, ...rest.filter((x) => x.id !== 'red'), ...rest.filter((x) => x.id === 'red').slice(1)],
      }),
    ),
    stroke(shot({ nominated: 'black', firstContact: ['black'], potted: ['black'] })),
    stroke(shot({ firstContact: ['red'] })),
    stroke({ ...shot(), concede: true }),
  ];
  return steps.reduce((s, a) => applyMatch(s, a, { table }), m);
};

describe('the match (WPBSA 3.3)', () => {
  it('3.3: the frame starts with the breaker in hand on a red', () => {
    const m = newMatch(3, 1, { table });
    expect([m.frame.striker, m.frame.on, m.frame.cueInHand, m.frame.balls.length]).toEqual([
      1,
      'red',
      true,
      21,
    ]);
  });

  it('3.3: the break-off alternates frame by frame, frames won are counted, the match ends at a majority', () => {
    let m = newMatch(3, 0, { table });
    m = shortFrame(m);
    expect([m.framesWon, m.frameNumber, m.breaker, m.frame.striker, m.over]).toEqual([
      [1, 0],
      2,
      1,
      1,
      false,
    ]);
    m = shortFrame(m);
    expect([m.framesWon, m.frameNumber, m.breaker, m.over]).toEqual([[1, 1], 3, 0, false]);
    m = shortFrame(m);
    expect([m.framesWon, m.over, m.winner]).toEqual([[2, 1], true, 0]);
  });

  it('2.8: breaks are recorded when they end, and the highest break per player kept', () => {
    const m = shortFrame(newMatch(3, 0, { table }));
    expect(m.breaks).toEqual([{ player: 0, points: 8, frame: 1 }]);
    expect(m.highestBreak).toEqual([8, 0]);
  });

  it('a match conceded ends it; nothing applies after', () => {
    const m = applyMatch(newMatch(5, 0, { table }), { type: 'concedeMatch', player: 0 });
    expect([m.over, m.winner]).toEqual([true, 1]);
    expect(applyMatch(m, stroke(shot()), { table })).toBe(m);
  });
});
