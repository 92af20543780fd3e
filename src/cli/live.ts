// The live pipeline behind `referee serve`: frames from the source (or the bundled demo clip, looped
// at its own pace), balls found in a worker thread, followed through each stroke, and the results
// handed to the match service — live positions several times a second, each finished stroke with its
// trails and the balls as they stood before it. The rules run in the service, from its log.
import type { Logger } from 'pino';
import { openSource, type FrameSource } from '../capture/index.ts';
import { pause, SourceMonitor, watchSource, type SourceStatus } from '../capture/status.ts';
import { describeError } from '../errors.ts';
import type { BallView, TrailView } from '../match/view.ts';
import type { StrokeReport } from '../server/service.ts';
import type { Table } from '../table/bed.ts';
import {
  StrokeFollower,
  type FollowedShot,
  type FrameDetections,
  type TrackedFrame,
} from '../tracking/index.ts';
import { DetectionWorker, followSource, placesForRules, type ArrivedFrame } from './run.ts';

export interface LiveSink {
  balls(t: number, balls: readonly BallView[]): void;
  stroke(report: StrokeReport): void;
  /**
   * A new clip of the demo: set the table up as the camera sees it — now (`balls` absent), and again
   * from the balls as they stood just before its first stroke, which every ball has been tracked
   * into (at the clip's start some are still being confirmed, or under the player).
   */
  restart(setup: ClipSetup, balls?: readonly BallView[]): void;
  source(info: { description: string; dropped: number; live: boolean }): void;
  /** The source's state changed: opening, playing, failed and retrying, ended. */
  status?(status: SourceStatus): void;
}

/** What a demo clip starts from, where the balls alone do not say it. */
export interface ClipSetup {
  readonly on?: 'red' | 'colour' | 'yellow' | 'green' | 'brown' | 'blue' | 'pink' | 'black';
  readonly nominate?: 'red' | 'yellow' | 'green' | 'brown' | 'blue' | 'pink' | 'black';
}

export interface LiveSource extends ClipSetup {
  readonly path: string;
}

/** Source time a demo clip is watched before its table is set up, so every ball has been seen. */
const SETTLE_MS = 300;

export interface LiveOptions {
  /** One source; or the demo's clips, played one after another. */
  readonly sources: readonly LiveSource[];
  readonly calibration: string;
  readonly table: Table;
  readonly logger: Logger;
  /** Play the files over and over at their own pace, the table set from each clip's first frame (the demo). */
  readonly loop: boolean;
  readonly fps?: number;
  /** Live positions pushed to the views at most this often (ms). */
  readonly ballsEveryMs?: number;
  /** Points kept per trail. */
  readonly trailPoints?: number;
  /** The pause after a source's first failure in a row (doubling after each); default 5 s. */
  readonly firstRetryMs?: number;
}

/** Follows strokes and also reports every frame's tracks, and each ball's path through a stroke. */
class LiveFollower extends StrokeFollower {
  private trails = new Map<string, { id: BallView['id']; points: [number, number][] }>();

  constructor(
    table: Table,
    private readonly onFrame: (frame: TrackedFrame) => void,
  ) {
    super(table);
  }

  override reset(): void {
    super.reset();
    this.trails.clear();
  }

  override push(frame: FrameDetections): FollowedShot | undefined {
    const done = super.push(frame);
    const tracked = this.tracks;
    if (tracked) {
      if (this.inStroke || done)
        for (const t of tracked.tracks) {
          if (t.status !== 'table') continue;
          const trail = this.trails.get(t.track) ?? { id: t.id, points: [] };
          const last = trail.points.at(-1);
          if (!last || Math.hypot(last[0] - t.x, last[1] - t.y) > 5) trail.points.push([t.x, t.y]);
          this.trails.set(t.track, trail);
        }
      this.onFrame(tracked);
    }
    return done;
  }

  /** The paths of the stroke just finished (balls that moved), thinned to `max` points each. */
  takeTrails(max: number): TrailView[] {
    const out: TrailView[] = [];
    for (const [track, { id, points }] of this.trails) {
      if (points.length < 2) continue;
      const step = Math.max(1, Math.ceil(points.length / max));
      const kept = points.filter((_, i) => i % step === 0 || i === points.length - 1);
      out.push({ track, id, points: kept });
    }
    this.trails.clear();
    return out;
  }
}

const toView = (frame: TrackedFrame): BallView[] =>
  frame.tracks
    .filter((t) => t.status === 'table' || t.status === 'hidden')
    .map((t) => ({ id: t.id, track: t.track, x: Math.round(t.x * 10) / 10, y: Math.round(t.y * 10) / 10 }));

/**
 * Run until `signal` aborts. A source that cannot be opened or fails is retried after a pause that
 * grows while it keeps failing (the views stay up); its status goes to `sink.status` (status.ts).
 */
export const runLive = async (sink: LiveSink, options: LiveOptions, signal: AbortSignal): Promise<void> => {
  const log = options.logger;
  const detector = await DetectionWorker.start(options.calibration);
  const every = options.ballsEveryMs ?? 66;
  const monitor = new SourceMonitor({
    logger: log,
    now: () => Date.now(),
    ...(options.firstRetryMs ? { firstRetryMs: options.firstRetryMs } : {}),
    onChange: (status) => sink.status?.(status),
  });
  sink.status?.(monitor.status);
  let lastPush = -Infinity;
  let source: FrameSource | undefined;
  let fresh: LiveSource | undefined;
  // The demo clip playing, until its first stroke has set its table up from the balls before it.
  let clipToSetUp: LiveSource | undefined;
  let firstSeen: number | undefined;
  const follower = new LiveFollower(options.table, (frame) => {
    if (fresh === undefined && frame.t - lastPush < every) return;
    lastPush = frame.t;
    const balls = toView(frame);
    sink.balls(frame.t, balls);
    if (source)
      sink.source({ description: source.description, dropped: source.stats().dropped, live: source.live });
    if (fresh && balls.length > 0) {
      firstSeen ??= frame.t;
      if (frame.t - firstSeen >= SETTLE_MS) {
        sink.restart(fresh);
        fresh = undefined;
      }
    }
  });
  const onShot = ({ shot, recognisedAt }: FollowedShot, by: ArrivedFrame): void => {
    // The frame that ended the stroke arrived at `by.receivedAt`; the balls stopped `recognisedAt −
    // end` of source time before it.
    const endedAt = by.receivedAt - (recognisedAt - shot.end);
    log.debug({ sourceFrame: by.index, receivedAt: by.receivedAt, recognisedAt, endedAt }, 'stroke seen');
    const round = (b: { id: BallView['id']; x: number; y: number }): BallView => ({
      id: b.id,
      x: Math.round(b.x * 100) / 100,
      y: Math.round(b.y * 100) / 100,
    });
    const places = placesForRules(options.table, shot);
    const before = places.before.map(round);
    const after = places.after.map(round);
    if (clipToSetUp) {
      sink.restart(clipToSetUp, before);
      clipToSetUp = undefined;
    }
    sink.stroke({
      shot: {
        firstContact: shot.firstContact.filter((id) => id !== 'cue'),
        potted: shot.potted.map((p) => p.id),
        offTable: shot.offTable,
        after,
        fouls: [],
      },
      start: shot.start,
      end: shot.end,
      endedAt,
      trails: follower.takeTrails(options.trailPoints ?? 200),
      before,
    });
  };
  try {
    for (let next = 0; !signal.aborted; next = (next + 1) % options.sources.length) {
      const clip = options.sources[next];
      if (clip === undefined) return;
      monitor.opening();
      const opened = await openSource(clip.path, {
        live: true,
        realtime: options.loop,
        ...(options.fps ? { fps: options.fps } : {}),
      });
      if (!opened.ok) {
        await pause(monitor.failed(describeError(opened.error)), signal);
        continue;
      }
      source = watchSource(opened.value, monitor);
      const stop = (): void => void source?.close();
      signal.addEventListener('abort', stop, { once: true });
      follower.reset();
      fresh = options.loop ? clip : undefined;
      clipToSetUp = fresh;
      firstSeen = undefined;
      log.info({ source: source.description }, 'following the table');
      let failure: string | undefined;
      try {
        await followSource(source, detector, follower, onShot, { log, shouldStop: () => signal.aborted });
      } catch (e) {
        failure = (e as Error).message;
      } finally {
        signal.removeEventListener('abort', stop);
        await source.close();
      }
      if (failure !== undefined) {
        await pause(monitor.failed(failure), signal);
        continue;
      }
      if (!options.loop && next === options.sources.length - 1 && !signal.aborted) {
        log.info('the source ended');
        monitor.ended();
        return;
      }
    }
  } finally {
    await detector.close();
  }
};
