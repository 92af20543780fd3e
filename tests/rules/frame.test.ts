// The end of the frame (WPBSA 3.4): the last black, the re-spotted black, concession; whole frames.
import { describe, expect, it } from 'vitest';
import {
  applyStroke,
  openingFrame,
  rule,
  type FrameState,
  type Shot,
} from '../../src/games/snooker/rules/index.ts';
import { b, coloursFrom, frame, onSpot, openCue, play, shot, SPOTS, table } from './helpers.ts';

const lastBlack = (scores: [number, number], striker: 0 | 1 = 0): FrameState =>
  frame({ on: 'black', scores, striker, balls: [openCue(), onSpot('black')] });

describe('end of frame (WPBSA 3.4)', () => {
  it('3.4: the last black potted by the player ahead ends the frame', () => {
    const { ruling, state } = play(lastBlack([60, 50]), shot({ firstContact: ['black'], potted: ['black'] }));
    expect([ruling.scored, ruling.frameOver, ruling.winner]).toEqual([7, true, 0]);
    expect([state.frameOver, state.winner]).toEqual([true, 0]);
  });

  it('3.4: a foul on the last black ends the frame, 7 to the opponent', () => {
    const { ruling } = play(lastBlack([60, 50]), shot({ firstContact: ['black'], potted: ['cue'] }));
    expect([ruling.foul?.points, ruling.scores, ruling.frameOver, ruling.winner]).toEqual([
      7,
      [60, 57],
      true,
      0,
    ]);
  });

  it('3.4: a foul on the last black that puts the opponent ahead wins it for the opponent', () => {
    const { ruling } = play(lastBlack([55, 50]), shot());
    expect([ruling.scores, ruling.winner]).toEqual([[55, 57], 1]);
  });

  it('3.4: scores level after the last black is potted: the black is re-spotted, cue ball in hand', () => {
    const { ruling, state } = play(
      lastBlack([50, 57]),
      shot({ firstContact: ['black'], potted: ['black'], lot: 1 }),
    );
    expect(ruling.frameOver).toBe(false);
    expect(ruling.respots).toEqual([{ id: 'black', x: SPOTS.black.x, y: SPOTS.black.y }]);
    expect(ruling.next).toEqual({
      striker: 1,
      on: 'black',
      freeBall: false,
      cueInHand: true,
      respottedBlack: true,
    });
    expect(state.balls).toEqual([onSpot('black')]);
    expect(state.respottedBlack).toBe(true);
    expect(ruling.drawLots).toBe(false);
  });

  it('3.4: a foul on the last black that levels the scores starts a re-spotted black; lots to be drawn', () => {
    const { ruling } = play(lastBlack([57, 50]), shot({ firstContact: ['black'], potted: ['cue'] }));
    expect([ruling.scores, ruling.frameOver, ruling.next.respottedBlack, ruling.drawLots]).toEqual([
      [57, 57],
      false,
      true,
      true,
    ]);
  });

  it('3.4: in a re-spotted black the first score wins the frame', () => {
    const s: FrameState = {
      ...lastBlack([57, 57], 1),
      respottedBlack: true,
      cueInHand: true,
      balls: [onSpot('black')],
    };
    const { ruling } = play(
      s,
      shot({ firstContact: ['black'], potted: ['black'], after: [b('cue', 889, 3000)] }),
    );
    expect([ruling.scores, ruling.frameOver, ruling.winner]).toEqual([[57, 64], true, 1]);
  });

  it('3.4: in a re-spotted black the first foul loses the frame', () => {
    const s: FrameState = {
      ...lastBlack([57, 57], 1),
      respottedBlack: true,
      cueInHand: true,
      balls: [b('cue', 889, 700), onSpot('black')],
    };
    const { ruling } = play(s, shot());
    expect([ruling.foul?.points, ruling.scores, ruling.winner]).toEqual([7, [64, 57], 0]);
  });

  it('3.4: in a re-spotted black a safety passes the turn and the black stays on', () => {
    const s: FrameState = {
      ...lastBlack([57, 57], 1),
      respottedBlack: true,
      cueInHand: true,
      balls: [b('cue', 889, 700), onSpot('black')],
    };
    const { ruling, state } = play(
      s,
      shot({ firstContact: ['black'], after: [b('cue', 889, 3500), b('black', 889, 3000)] }),
    );
    expect([ruling.frameOver, ruling.next.striker, state.respottedBlack, state.on]).toEqual([
      false,
      0,
      true,
      'black',
    ]);
  });

  it('3.4: the striker may concede; the frame goes to the opponent with the scores as they stand', () => {
    const { ruling, state } = play(frame({ scores: [10, 70], striker: 0 }), { ...shot(), concede: true });
    expect([ruling.frameOver, ruling.winner, ruling.scores, state.frameOver]).toEqual([
      true,
      1,
      [10, 70],
      true,
    ]);
  });

  it('3.4: no stroke can be ruled once the frame is over', () => {
    const over = play(lastBlack([60, 50]), shot({ firstContact: ['black'], potted: ['black'] })).state;
    const r = rule({ game: 'snooker', state: over, shot: { firstContact: [] } });
    expect(r.ok ? null : r.error.field).toBe('state.frameOver');
  });

  it('3.4: the pink potted in sequence with the black left leaves the frame on', () => {
    const { ruling } = play(
      frame({ on: 'pink', balls: [openCue(), ...coloursFrom('pink')] }),
      shot({ firstContact: ['pink'], potted: ['pink'] }),
    );
    expect([ruling.frameOver, ruling.next.on]).toEqual([false, 'black']);
  });
});

/** A clearance from the opening layout with positions as they lie: red–black fifteen times, then the colours. */
const clearance = (start: 'red' | 'freeBall'): Shot[] => {
  const strokes: Shot[] = [];
  if (start === 'freeBall') {
    strokes.push(shot({ nominated: 'blue', firstContact: ['blue'], potted: ['blue'] }));
    strokes.push(shot({ nominated: 'black', firstContact: ['black'], potted: ['black'] }));
  }
  for (let i = 0; i < 15; i++) {
    strokes.push(shot({ firstContact: ['red'], potted: ['red'] }));
    strokes.push(shot({ nominated: 'black', firstContact: ['black'], potted: ['black'] }));
  }
  for (const c of ['yellow', 'green', 'brown', 'blue', 'pink', 'black'] as const)
    strokes.push(shot({ firstContact: [c], potted: [c] }));
  return strokes;
};

describe('whole frames', () => {
  const start = (freeBall: boolean): FrameState => ({
    ...openingFrame(0, table),
    cueInHand: false,
    freeBall,
    balls: [b('cue', 400, 1500), ...openingFrame(0, table).balls],
  });

  it('a 147: fifteen reds with fifteen blacks, then the colours', () => {
    const end = clearance('red').reduce((s, sh) => applyStroke(s, sh, { table }).state, start(false));
    expect([end.scores, end.highestBreak, end.frameOver, end.winner]).toEqual([[147, 0], [147, 0], true, 0]);
  });

  it('3.12: a 155 break via a free ball at the start (free ball as a red, the black, then a 147)', () => {
    const end = clearance('freeBall').reduce((s, sh) => applyStroke(s, sh, { table }).state, start(true));
    expect([end.scores, end.highestBreak, end.frameOver, end.winner]).toEqual([[155, 0], [155, 0], true, 0]);
  });
});
