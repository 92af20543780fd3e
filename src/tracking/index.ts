// Tracking: balls over time → tracks → strokes → what happened in each (issue 6). Small pure stages
// (motion, events) and temporal state with reset() (Tracker, StrokeSegmenter, StrokeFollower).
import type { Table } from '../equipment/bed.ts';
import { analyseStroke, DEFAULT_EVENTS, type EventOptions } from './events.ts';
import { DEFAULT_SEGMENTER, StrokeSegmenter, type SegmenterOptions, type StrokeRecord } from './segmenter.ts';
import { DEFAULT_TRACKER, Tracker, type TrackerOptions } from './tracker.ts';
import type { FrameDetections, Shot, TrackedFrame } from './types.ts';

export * from './types.ts';
export * from './motion.ts';
export * from './tracker.ts';
export * from './segmenter.ts';
export * from './events.ts';
export * from './synthetic.ts';
export * from './places.ts';
export * from './trails.ts';

/** What the log says of a stroke already under way when watching began (or that may have been, no contact seen). */
export const UNSEEN_START = 'a stroke was already under way when watching began: it is not ruled';

export interface FollowerOptions {
  readonly tracker: TrackerOptions;
  readonly segmenter: SegmenterOptions;
  readonly events: EventOptions;
}

export const DEFAULT_FOLLOWER: FollowerOptions = {
  tracker: DEFAULT_TRACKER,
  segmenter: DEFAULT_SEGMENTER,
  events: DEFAULT_EVENTS,
};

/** A stroke as it came out, with when it was recognised (the frame time that ended it). */
export interface FollowedShot {
  readonly shot: Shot;
  readonly recognisedAt: number;
  readonly record: StrokeRecord;
}

/** Detections in, shots out: the tracker, the segmenter and the event stage, one frame at a time. */
export class StrokeFollower {
  private readonly tracker: Tracker;
  private readonly segmenter: StrokeSegmenter;
  private count = 0;
  private unseen = 0;
  private latest: TrackedFrame | undefined;

  constructor(
    private readonly table: Table,
    private readonly options: FollowerOptions = DEFAULT_FOLLOWER,
  ) {
    this.tracker = new Tracker(table, options.tracker);
    this.segmenter = new StrokeSegmenter(options.segmenter);
  }

  reset(): void {
    this.tracker.reset();
    this.segmenter.reset();
    this.count = 0;
    this.unseen = 0;
    this.latest = undefined;
  }

  /** The tracks after the latest frame. */
  get tracks(): TrackedFrame | undefined {
    return this.latest;
  }

  get inStroke(): boolean {
    return this.segmenter.inStroke;
  }

  /** Strokes already under way when watching began, or that may have been, no contact seen: not followed. */
  get unseenStarts(): number {
    return this.segmenter.unseenStarts + this.unseen;
  }

  /** Feed one frame's detections; returns the stroke this frame ended, if any. */
  push(frame: FrameDetections): FollowedShot | undefined {
    this.latest = this.tracker.update(frame);
    const record = this.segmenter.push(this.latest);
    return record ? this.shot(record) : undefined;
  }

  /** The source has ended: the stroke in progress, if any. */
  flush(): FollowedShot | undefined {
    const record = this.segmenter.flush();
    return record ? this.shot(record) : undefined;
  }

  private shot(record: StrokeRecord): FollowedShot | undefined {
    const shot = analyseStroke(this.table, record, this.count, {
      events: this.options.events,
      departMm: this.options.tracker.motion.departMm,
    });
    // Pots found from the stroke as a whole (a ball struck out of sight) hold for the tracker too.
    for (const e of shot.events) if (e.type === 'pot') this.tracker.pot(e.track, e.pocket, e.t);
    // Watching began with the cue ball already moving and no contact seen: it may have been made
    // before the first frame. A referee who came in mid-stroke calls no miss: the stroke is not ruled.
    if (!record.startSeen && shot.firstContact.length === 0) {
      this.unseen += 1;
      return undefined;
    }
    this.count += 1;
    return { shot, recognisedAt: record.recognisedAt, record };
  }
}
