// What snooker's views see: one plain projection of the match, the same for every view (docs/design.md:
// "Views are projections of the same state"). The referee's page shows all of it with controls; the
// overlay and the player's page show parts. Pushed over /ws as `{ type: 'view', view }` whenever it
// changes; live ball positions go separately, as `{ type: 'balls', t, balls }`, many times a second.
import type { BallView, CoreView, TrailView } from '../../match/view.ts';
import type { RulingStatus } from '../ball-strokes.ts';
import type { SnookerBallId } from './balls.ts';

export type { BallView, RulingStatus, TrailView };

export interface RulingView {
  /** The stroke's number in the frame, from 0. */
  readonly stroke: number;
  /** The log entry that recorded the stroke (what Undo targets to take the stroke itself back). */
  readonly seq: number;
  readonly status: RulingStatus;
  readonly striker: 0 | 1;
  readonly firstContact: readonly string[];
  readonly potted: readonly string[];
  readonly foul: { readonly points: number; readonly reasons: readonly string[] } | null;
  readonly scored: number;
  readonly scores: readonly [number, number];
  readonly missCandidate: boolean;
  readonly freeBallNext: boolean;
  /** Who proposed or last changed it: `pipeline`, or the referee's name. */
  readonly by: string;
  /** When the stroke's last ball came to rest (ms since 1970), for a stroke the pipeline saw. */
  readonly endedAt?: number;
}

export interface RespotView {
  readonly id: SnookerBallId;
  /** Where the rules put it (docs/formats.md §4 `respots`). */
  readonly target: { readonly x: number; readonly y: number };
  /** Where the camera sees the ball now, if it does. */
  readonly measured?: { readonly x: number; readonly y: number };
  /** Distance from target to measured, mm. */
  readonly distance?: number;
  readonly confirmed: boolean;
}

export interface GhostView extends BallView {
  /** How far the ball now on the table is from where it stood, mm (when the camera sees it). */
  readonly distance?: number;
}

/** Snooker's part of the view; the core adds the game, the players, the source and Undo. */
export interface SnookerView {
  /** Balls are being re-spotted or replaced: the view measures them as the camera sees them move. */
  readonly followsLive: boolean;
  readonly framesWon: readonly [number, number];
  /** Frame number in the match, from 1. */
  readonly frame: number;
  readonly scores: readonly [number, number];
  readonly striker: 0 | 1;
  readonly on: string;
  readonly freeBall: boolean;
  readonly cueInHand: boolean;
  readonly respottedBlack: boolean;
  readonly break: number;
  readonly highestBreak: readonly [number, number];
  readonly pointsRemaining: number;
  /** Snookers the player behind needs (0 when they can still win on the balls left). */
  readonly snookersRequired: number;
  readonly frameOver: boolean;
  readonly winner: 0 | 1 | null;
  /** The nomination made for the coming stroke, if any. */
  readonly nominated: string | null;
  /** The frame's rulings so far, newest last. */
  readonly rulings: readonly RulingView[];
  /** The last stroke's ruling while it awaits the referee's confirmation. */
  readonly pending: RulingView | null;
  /** After a miss is called: where the balls stood before the stroke, to be put back. */
  readonly ghosts: readonly GhostView[];
  readonly respots: readonly RespotView[];
  readonly trails: readonly TrailView[];
  /** Balls on the table at rest, as the rules last saw them. */
  readonly balls: readonly BallView[];
}

/** The whole view a snooker page receives: two players. */
export type MatchView = Omit<CoreView, 'players'> &
  SnookerView & { readonly players: readonly [string, string] };
