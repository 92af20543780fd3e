// The match reducer: frames won, breaks, and the alternating break-off (WPBSA 3.3: the player to
// play first alternates each frame; 2.3: a match is an agreed number of frames).
import { type Table } from '../../../equipment/index.ts';
import { snookerTable } from '../equipment.ts';
import { applyStroke, type Ruling } from './frame.ts';
import { openingFrame } from './opening.ts';
import type { FrameState, Shot } from './state.ts';
import { opponent, type Player } from './values.ts';

export interface CompletedBreak {
  readonly player: Player;
  readonly points: number;
  /** 1 for the first frame of the match. */
  readonly frame: number;
}

export interface MatchState {
  /** Frames in the match; the first to more than half wins. */
  readonly bestOf: number;
  readonly framesWon: readonly [number, number];
  /** 1 for the first frame. */
  readonly frameNumber: number;
  /** Who broke off the current frame. */
  readonly breaker: Player;
  readonly frame: FrameState;
  /** Highest break of the match, per player. */
  readonly highestBreak: readonly [number, number];
  /** Every break that has ended, in order. */
  readonly breaks: readonly CompletedBreak[];
  /** The ruling on the last stroke, for views. */
  readonly lastRuling: Ruling | null;
  readonly over: boolean;
  readonly winner: Player | null;
}

export type MatchAction =
  | { readonly type: 'stroke'; readonly shot: Shot }
  /** A player concedes the whole match. */
  | { readonly type: 'concedeMatch'; readonly player: Player };

export interface MatchOptions {
  readonly table?: Table;
}

export const newMatch = (bestOf: number, firstBreaker: Player, options: MatchOptions = {}): MatchState => ({
  bestOf,
  framesWon: [0, 0],
  frameNumber: 1,
  breaker: firstBreaker,
  frame: openingFrame(firstBreaker, options.table ?? snookerTable()),
  highestBreak: [0, 0],
  breaks: [],
  lastRuling: null,
  over: false,
  winner: null,
});

const framesToWin = (bestOf: number): number => Math.floor(bestOf / 2) + 1;

/** Apply one action to the match: a stroke in the current frame, or a concession. Pure. */
export const applyMatch = (
  match: MatchState,
  action: MatchAction,
  options: MatchOptions = {},
): MatchState => {
  if (match.over) return match;
  if (action.type === 'concedeMatch') return { ...match, over: true, winner: opponent(action.player) };
  const table = options.table ?? snookerTable();
  const before = match.frame;
  const { ruling, state } = applyStroke(before, action.shot, { table });
  // A break ends when the striker leaves the table or the frame (or its black) is decided.
  const continues = ruling.scored > 0 && !ruling.frameOver && !state.respottedBlack;
  const ended = continues ? 0 : ruling.scored > 0 ? ruling.break : before.break;
  const breaks =
    ended > 0
      ? [...match.breaks, { player: before.striker, points: ended, frame: match.frameNumber }]
      : match.breaks;
  const highestBreak: [number, number] = [
    Math.max(match.highestBreak[0], ruling.highestBreak[0]),
    Math.max(match.highestBreak[1], ruling.highestBreak[1]),
  ];
  if (!ruling.frameOver || ruling.winner === null)
    return { ...match, frame: state, highestBreak, breaks, lastRuling: ruling };
  const framesWon: [number, number] = [match.framesWon[0], match.framesWon[1]];
  framesWon[ruling.winner] += 1;
  if (framesWon[ruling.winner] >= framesToWin(match.bestOf))
    return {
      ...match,
      frame: state,
      framesWon,
      highestBreak,
      breaks,
      lastRuling: ruling,
      over: true,
      winner: ruling.winner,
    };
  const breaker = opponent(match.breaker);
  return {
    ...match,
    framesWon,
    frameNumber: match.frameNumber + 1,
    breaker,
    frame: openingFrame(breaker, table),
    highestBreak,
    breaks,
    lastRuling: ruling,
  };
};
