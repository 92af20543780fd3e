// Strokes out of the stream of tracked frames. A stroke starts when the cue ball leaves its rest
// fast enough to have been struck (a hand nudging it is not a stroke); it ends when every ball on the
// table has been at rest for `restMs`, or — after a pot — when everything visible is still and balls
// that were lying still vanish (a person taking balls off the table or out of the pockets).
// Watching may begin mid-stroke (a camera switched on, a video started in the middle, a live source's
// first frames lost while the detector warmed up). Balls in view from the first frame watched are of
// unknown past until seen lying still for `minStillMs`: the cue ball setting off while another such
// ball is moving is a stroke already under way, not followed; one setting off itself before it was
// seen lying still starts a stroke whose start was not seen (`startSeen`), perhaps struck before the
// first frame. (A ball that comes into view moving, from under the player's cue or arm, was struck
// there: its stroke is followed.)
import type { TrackedFrame, TrackView } from './types.ts';

export interface SegmenterOptions {
  /** Every ball at rest this long and the stroke is over (ms). */
  readonly restMs: number;
  /** After a pot, balls lying still vanishing with all else still this long: over (ms). */
  readonly removalRestMs: number;
  /** The cue ball must leave its rest at least this fast to have been struck (mm/s)… */
  readonly minStrikeSpeedMmS: number;
  /** …and get this far from where it lay (mm): a ball creeping its last millimetres was not struck. */
  readonly strikeMm: number;
  /** …and not have been moving for this long before (ms): a ball still settling is not struck again. */
  readonly minStillMs: number;
  /** Frames kept from before the stroke: where every ball lay, and the cue ball's last still samples… */
  readonly preRollMs: number;
  /**
   * …counted back from when the cue ball was last seen, while it is out of sight (it may be struck
   * unseen, under the player's arm or lost in its blur, and found again only after a cushion), but
   * no more than this (ms).
   */
  readonly maxPreRollMs: number;
  /** A stroke longer than this ends regardless (ms). */
  readonly maxStrokeMs: number;
}

// Rest for 250 ms: the rest test itself dates a stop about when the ball's last few millimetres of
// creep begin, so the `shot` line comes out about 300 ms after the true stop at most (issue 6 target).
export const DEFAULT_SEGMENTER: SegmenterOptions = {
  restMs: 250,
  removalRestMs: 100,
  minStrikeSpeedMmS: 150,
  strikeMm: 15,
  minStillMs: 250,
  preRollMs: 500,
  maxPreRollMs: 5000,
  maxStrokeMs: 120_000,
};

export type StrokeEnd = 'rest' | 'removal' | 'timeout' | 'flush';

/** Everything the event stage needs about one stroke. */
export interface StrokeRecord {
  /** When the cue ball was first seen away from its rest (the strike is a little before). */
  readonly departed: number;
  /** When the last ball stopped (the stroke's end). */
  readonly end: number;
  /** Every ball's track in the last frame before the cue ball moved. */
  readonly before: readonly TrackView[];
  /** The frames from before the strike (pre-roll) to the end. */
  readonly frames: readonly TrackedFrame[];
  readonly endedBy: StrokeEnd;
  /** The frame time at which the end was recognised (for latency). */
  readonly recognisedAt: number;
  /**
   * The cue ball was seen lying still before it moved, or came into view moving (struck out of sight);
   * false when it was moving from the first frame watched: the stroke may have begun before that.
   */
  readonly startSeen: boolean;
}

const onTable = (v: TrackView): boolean => v.status === 'table' || v.status === 'hidden';
const still = (v: TrackView): boolean => v.atRest && v.pending === undefined;

export class StrokeSegmenter {
  private history: TrackedFrame[] = [];
  private stroke:
    | { departed: number; before: readonly TrackView[]; frames: TrackedFrame[]; startSeen: boolean }
    | undefined;
  /** When the cue ball stopped (or was last seen moving) in the last stroke. */
  private cueMoving: number | undefined;
  /** When the cue ball was last seen lying still (or there was none to see) between strokes. */
  private cueStillSeen = -Infinity;
  /** No frame with a ball on the bed pushed yet since the start (or the last reset). */
  private firstFrame = true;
  /** Tracks on the bed since the first frame watched, not yet seen lying still: their past is unknown. */
  private unknown = new Set<string>();
  /** Strokes already under way when watching began, not followed; whether one is still going on. */
  private unseen = 0;
  private underWay = false;

  constructor(private readonly options: SegmenterOptions = DEFAULT_SEGMENTER) {}

  reset(): void {
    this.history = [];
    this.stroke = undefined;
    this.cueMoving = undefined;
    this.cueStillSeen = -Infinity;
    this.firstFrame = true;
    this.unknown.clear();
    this.unseen = 0;
    this.underWay = false;
  }

  /** Strokes already under way when watching began (another ball moving as the cue ball set off). */
  get unseenStarts(): number {
    return this.unseen;
  }

  get inStroke(): boolean {
    return this.stroke !== undefined;
  }

  /** Feed one tracked frame; returns a stroke when this frame ends one. */
  push(frame: TrackedFrame): StrokeRecord | undefined {
    const o = this.options;
    this.watch(frame);
    if (!this.stroke) {
      this.history.push(frame);
      const cueView = frame.tracks.find((v) => v.id === 'cue');
      if (!cueView || (cueView.status === 'table' && cueView.atRest)) this.cueStillSeen = frame.t;
      const keepFrom = Math.max(frame.t - o.maxPreRollMs, this.cueStillSeen - o.preRollMs);
      while (this.history.length > 1 && (this.history[0]?.t ?? frame.t) < keepFrom) this.history.shift();
      const cue = cueView?.status === 'table' ? cueView : undefined;
      if (!cue || cue.atRest || cue.departedAt === undefined) return undefined;
      // Still creeping on from the last stroke: not a new one.
      const settling = this.cueMoving !== undefined && cue.departedAt - this.cueMoving < o.minStillMs;
      // Far enough off — or already into another ball, which has set off since (a ball close by).
      const off = cue.from ? Math.hypot(cue.x - cue.from.x, cue.y - cue.from.y) : Infinity;
      const departed = cue.departedAt;
      const sent = frame.tracks.filter(
        (v) => v.id !== 'cue' && !v.atRest && (v.departedAt ?? -Infinity) >= departed,
      );
      // Fast enough to have been struck: the cue ball, or the ball it was played into, which took
      // most of its pace (held-out video, seed 15 000 014: a cue ball 4 mm from the black, played
      // into it at 0.8 m/s, went on at 0.1 m/s while the black ran off at 0.7 m/s).
      const fast = (v: TrackView): boolean => Math.hypot(v.vx, v.vy) >= o.minStrikeSpeedMmS;
      if (!(fast(cue) || sent.some(fast)) || (off < o.strikeMm && sent.length === 0) || settling)
        return undefined;
      // Another ball of unknown past moving as it sets off: this stroke began before watching did,
      // and goes on until every ball is still.
      if (this.underWay) return undefined;
      if (frame.tracks.some((v) => v.id !== 'cue' && this.unknown.has(v.track) && !v.atRest)) {
        this.unseen += 1;
        this.underWay = true;
        return undefined;
      }
      const prior = [...this.history].reverse().find((f) => f.t < departed);
      // Where every ball lay: as it was in the last frame before the cue ball moved, or — a ball only
      // found since, or already moving — where it last lay.
      const before = frame.tracks.filter(onTable).map((v) => {
        const was = prior?.tracks.find((p) => p.track === v.track && onTable(p) && p.atRest);
        return was ?? (v.from ? { ...v, x: v.from.x, y: v.from.y } : v);
      });
      this.stroke = { departed, before, frames: [...this.history], startSeen: !this.unknown.has(cue.track) };
      this.history = [];
      return undefined;
    }

    const s = this.stroke;
    s.frames.push(frame);
    const table = frame.tracks.filter(onTable);
    const settled = table.every(still);
    // Over when the balls left on the table have been still long enough: a ball that went into a
    // pocket last (its pot confirmed, so not pending) does not make the others wait again.
    const lastStop = Math.max(s.departed, ...table.map((v) => v.restSince ?? s.departed));
    // The stroke ends when the last ball stopped or dropped.
    const dropped = frame.tracks.filter((v) => !onTable(v) && (v.goneAt ?? -Infinity) >= s.departed);
    const end = Math.max(lastStop, ...dropped.map((v) => v.goneAt ?? s.departed));
    if (settled && frame.t - lastStop >= o.restMs) return this.finish(end, 'rest', frame.t);
    if (settled && frame.t - lastStop >= o.removalRestMs && this.removing(s.before, frame))
      return this.finish(end, 'removal', frame.t);
    if (frame.t - s.departed >= o.maxStrokeMs) return this.finish(frame.t, 'timeout', frame.t);
    return undefined;
  }

  /** The source has ended: a stroke in progress ends here. */
  flush(): StrokeRecord | undefined {
    const s = this.stroke;
    const last = s?.frames.at(-1);
    if (!s || !last) return undefined;
    const table = last.tracks.filter(onTable);
    const lastStop = Math.max(s.departed, ...table.map((v) => (still(v) ? (v.restSince ?? last.t) : last.t)));
    return this.finish(lastStop, 'flush', last.t);
  }

  /** Keep up with which balls have been in view since watching began and not yet seen lying still. */
  private watch(frame: TrackedFrame): void {
    for (const v of frame.tracks) {
      if (!onTable(v)) this.unknown.delete(v.track);
      // (A new track is at rest from its first sample: only time shows it lies still.)
      else if (this.firstFrame) this.unknown.add(v.track);
      else if (
        v.status === 'table' &&
        v.atRest &&
        frame.t - (v.restSince ?? frame.t) >= this.options.minStillMs
      )
        this.unknown.delete(v.track);
    }
    if (this.underWay && frame.tracks.filter(onTable).every(still)) this.underWay = false;
    // Tracks are confirmed over a few frames: watching has begun with the first frame that has one.
    if (this.firstFrame) this.firstFrame = !frame.tracks.some(onTable);
  }

  /** After a pot in this stroke, a ball that lay still before the stroke and still now has vanished. */
  private removing(before: readonly TrackView[], frame: TrackedFrame): boolean {
    const potted = frame.tracks.some((v) => v.status === 'potted' && before.some((b) => b.track === v.track));
    if (!potted) return false;
    // Gone for a while (not a missed detection or two), having been seen lying still during the stroke.
    return frame.tracks.some(
      (v) =>
        v.status === 'hidden' &&
        v.atRest &&
        v.pending === undefined &&
        frame.t - v.lastSeen >= this.options.removalRestMs &&
        v.lastSeen > (this.stroke?.departed ?? Infinity) &&
        (v.restSince ?? Infinity) < v.lastSeen,
    );
  }

  private finish(end: number, endedBy: StrokeEnd, recognisedAt: number): StrokeRecord {
    const s = this.stroke;
    this.stroke = undefined;
    const cue = s?.frames.at(-1)?.tracks.find((v) => v.id === 'cue');
    this.cueMoving = cue?.atRest ? cue.restSince : recognisedAt;
    if (!s) throw new Error('no stroke in progress'); // unreachable: callers check
    const last = s.frames.at(-1);
    this.history = last ? [last] : [];
    const { departed, before, frames, startSeen } = s;
    return { departed, end, before, frames, endedBy, recognisedAt, startSeen };
  }
}
