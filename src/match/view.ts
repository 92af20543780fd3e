// What every game's views share: pieces as the camera sees them now, their paths through the last
// move, the source's health, and the envelope the server pushes round the game's own view.
import type { BallId } from '../equipment/pieces.ts';

export interface BallView {
  readonly id: BallId;
  /** The tracker's name for this ball (`red1` … `red15`, `cue`, the colours), where known. */
  readonly track?: string;
  readonly x: number;
  readonly y: number;
}

export interface TrailView {
  readonly track: string;
  readonly id: BallId;
  /** Positions through the last stroke, [x, y] mm, start to rest. */
  readonly points: readonly (readonly [number, number])[];
}

/** The frame source as the views are told of it: what it is, and whether frames are coming. */
export interface SourceInfo {
  readonly description: string;
  readonly dropped: number;
  readonly live: boolean;
}

/**
 * Whether the calibration still fits the picture (a knocked camera): `moved` raises the referee's
 * alert, `fits` clears it, `unknown` (a dark room, no cushions to see) leaves it as it was said.
 */
export interface CameraCheckView {
  readonly state: 'fits' | 'moved' | 'unknown';
  /** One line for people. */
  readonly text: string;
  /** How far the cushions lie from where the calibration puts them, px (the second-worst cushion). */
  readonly offsetPx?: number;
  /** When the check was made (ms since 1970). */
  readonly at: number;
}

/**
 * Whether the balls' names can be trusted (the pipeline's NamesWatch): `unsure` raises the referee's
 * alert (the cue ball seldom recognised, no ball set learned), `sure` clears it.
 */
export interface NamesCheckView {
  readonly state: 'sure' | 'unsure';
  /** One line for people. */
  readonly text: string;
  /** When it was last changed (ms since 1970). */
  readonly at: number;
}

/** What the last Undo would take back, in words, and the log entry it is. */
export interface UndoView {
  readonly seq: number;
  readonly what: string;
  /** The move it concerns, where it concerns one. */
  readonly move?: number;
}

/** The envelope of every pushed view: the game's own fields, and these. */
export interface CoreView {
  readonly game: string;
  readonly players: readonly string[];
  readonly source: SourceInfo;
  /** What Undo takes back now (null: nothing to undo). */
  readonly undo: UndoView | null;
  /** Every decision in force Undo could take back, oldest first. */
  readonly undoable: readonly UndoView[];
  /** The server's clock when the view was made (ms since 1970), for pages that count time down. */
  readonly serverTime: number;
  /** The game's deadlines now past (a move clock run out): alerts for the referee, each with its time. */
  readonly overdue: readonly AlertAt[];
  /** Alerts from following play (a piece taken back, put down wrong), until the referee's next decision. */
  readonly seen: readonly AlertAt[];
}

/** An alert the server raised at a time (ms since 1970): `kind` for the page, `message` in words. */
export interface AlertAt {
  readonly kind: string;
  readonly message: string;
  readonly player?: number;
  readonly at: number;
}
