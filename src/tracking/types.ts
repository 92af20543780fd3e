// The data that flows through tracking: detections in, tracks per frame, strokes out. Positions in
// table millimetres (docs/formats.md §1), times in milliseconds from the source's first frame.
import type { BallId } from '../equipment/pieces.ts';
import type { PocketId } from '../equipment/bed.ts';
import type { Mm, PointMm } from '../core/units.ts';

/** One ball as vision reports it for one frame (docs/formats.md §3). */
export interface Detection {
  readonly id: BallId;
  readonly x: Mm;
  readonly y: Mm;
  readonly confidence: number;
}

/** Everything vision found in one frame. */
export interface FrameDetections {
  /** Milliseconds from the source's first frame. */
  readonly t: number;
  readonly balls: readonly Detection[];
}

/**
 * Where a track stands: on the table and seen; hidden (not seen, kept alive at its last place or
 * where its motion takes it: a cue, an arm or a hand over it, or a missed detection); potted into a
 * pocket; or off the table.
 */
export type TrackStatus = 'table' | 'hidden' | 'potted' | 'offTable';

/** One ball's track in one frame, as the tracker sees it after the frame. */
export interface TrackView {
  /** Unique name: `cue`, `red1` … `red15`, the colours by their id. */
  readonly track: string;
  readonly id: BallId;
  readonly status: TrackStatus;
  /** Best estimate: the rest position when at rest, else the detection, else the prediction. */
  readonly x: Mm;
  readonly y: Mm;
  /** The detection assigned to this track in this frame, if any. */
  readonly observed?: PointMm;
  readonly atRest: boolean;
  /** Velocity (mm/s) from the latest samples; zero at rest. */
  readonly vx: number;
  readonly vy: number;
  /** When it came to rest (estimated stop), while at rest. */
  readonly restSince?: number;
  /** When it left its last rest position (the first moving sample's time), while moving. */
  readonly departedAt?: number;
  /** Where it last lay, while moving. */
  readonly from?: PointMm;
  /** The pocket it went into, once potted (or while it is thought to be going in). */
  readonly pocket?: PocketId;
  /** A pot or a fall off the table not yet confirmed: the ball vanished where it could go in. */
  readonly pending?: 'pot' | 'offTable';
  /** When it was last seen. */
  readonly lastSeen: number;
  /** Estimated time it crossed into the pocket (or left the bed), once gone or going. */
  readonly goneAt?: number;
}

/** All tracks after one frame. */
export interface TrackedFrame {
  readonly t: number;
  readonly tracks: readonly TrackView[];
  /** The camera rang (camera-shake.ts): the balls at rest seen near their places were held there. */
  readonly ringing?: boolean;
}

/** A ball at rest: a track and where it lies. */
export interface RestingBall {
  readonly track: string;
  readonly id: BallId;
  readonly x: Mm;
  readonly y: Mm;
}

/** What happened in a stroke, in the order it happened (times in ms from the source's first frame). */
export type StrokeEvent =
  | {
      readonly t: number;
      readonly type: 'contact';
      /** Ball ids as docs/formats.md §7 gives them, and their tracks. */
      readonly a: string;
      readonly b: string;
      readonly ta: string;
      readonly tb: string;
    }
  | { readonly t: number; readonly type: 'cushion'; readonly ball: string; readonly track: string }
  | {
      readonly t: number;
      readonly type: 'pot';
      readonly ball: string;
      readonly track: string;
      readonly pocket: PocketId;
    }
  | { readonly t: number; readonly type: 'offTable'; readonly ball: string; readonly track: string };

/** One stroke as the referee saw it: the `shot` line of docs/formats.md §5, plus optional detail. */
export interface Shot {
  readonly index: number;
  readonly start: number;
  readonly end: number;
  /** The ball(s) the cue ball touched first; two ids when they cannot be told apart; [] for none. */
  readonly firstContact: BallId[];
  readonly potted: { readonly id: BallId; readonly pocket: PocketId }[];
  readonly offTable: BallId[];
  /** Contacts (with the ids of the two balls), cushions, pots and falls, by time. */
  readonly events: StrokeEvent[];
  /** Where the balls lay before the stroke. */
  readonly before: RestingBall[];
  /** Where the balls on the table lie after the stroke (a hidden ball at its last place). */
  readonly rest: RestingBall[];
  /** Pairs of balls left touching (WPBSA Section 2, "Touching Ball"), by track. */
  readonly touching: [string, string][];
}
