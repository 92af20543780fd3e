// Following a source: each frame to the detector (in its worker), the pieces to the tracking stage,
// each finished stroke out. Shared by `run`, `serve` and the benchmarks.
import type { Logger } from 'pino';
import { wallClock, type Frame, type FrameSource } from '../capture/index.ts';
import { describeError } from '../core/errors.ts';
import { mm } from '../core/units.ts';
import type { FollowedShot, StrokeFollower } from '../tracking/index.ts';
import type { DetectReply } from './detect-worker.ts';
import type { DetectionWorker } from './worker.ts';

/** What takes the detections, frame by frame, and gives the strokes: a StrokeFollower, or one watching it. */
export type Follower = Pick<StrokeFollower, 'push' | 'flush'>;

const round = (v: number, places: number): number => {
  const k = 10 ** places;
  return Math.round(v * k) / k;
};

/** The detector itself failed (not one frame): the run cannot go on. */
export class DetectorFailure extends Error {
  constructor(message: string) {
    super(`the detector failed: ${message}`);
    this.name = 'DetectorFailure';
  }
}

/** The source frame that ended a stroke: its place in the source and when it arrived. */
export type ArrivedFrame = Pick<Frame, 'index' | 'receivedAt'>;

/** Counts kept while following a source. */
export interface FollowStats {
  frames: number;
  unusable: number;
  strokes: number;
  /** Median detection time per frame (ms, in the worker). */
  detectMs: number;
}

/**
 * Follow a source to its end (or until `stop()`): each frame to the detector (at most `inFlight` at
 * a time, so that a live source drops frames rather than let them pile up), the balls to the
 * follower, each finished stroke to `onShot`. Throws the source's SourceFailure if it dies or stalls,
 * after the stroke in progress has been flushed.
 */
export const followSource = async (
  source: FrameSource,
  detector: Pick<DetectionWorker, 'detect' | 'failure'>,
  follower: Follower,
  onShot: (done: FollowedShot, by: ArrivedFrame) => void,
  options: {
    log?: Logger;
    inFlight?: number;
    shouldStop?: () => boolean;
    /** Each frame, before its pixels go to the detector (which takes them): to keep a copy. */
    onFrame?: (frame: Frame) => void;
  } = {},
): Promise<FollowStats> => {
  const { log } = options;
  const inFlight = options.inFlight ?? 2;
  const stats: FollowStats = { frames: 0, unusable: 0, strokes: 0, detectMs: 0 };
  const times: number[] = [];
  const started = performance.now();
  let lastReport = started;
  const pending: (ArrivedFrame & { t: number; name: string; reply: Promise<DetectReply> })[] = [];
  // The frame last taken from the queue: a stroke the source's end closes ended with it.
  let lastArrived: ArrivedFrame = { index: -1, receivedAt: wallClock() };
  const settle = async (): Promise<void> => {
    const next = pending.shift();
    if (!next) return;
    lastArrived = next;
    const reply = await next.reply;
    if (detector.failure) throw new DetectorFailure(detector.failure.message);
    stats.frames += 1;
    if (reply.kind !== 'balls') {
      stats.unusable += 1;
      log?.debug(
        { frame: next.name, error: reply.kind === 'error' ? reply.error : reply.kind },
        'frame not usable',
      );
      return;
    }
    times.push(reply.ms);
    const balls = reply.balls.map((b) => ({ id: b.id, x: mm(b.x), y: mm(b.y), confidence: b.confidence }));
    const done = follower.push({ t: next.t, balls });
    if (done) {
      stats.strokes += 1;
      onShot(done, next);
    }
    const now = performance.now();
    if (log && now - lastReport >= 2000) {
      lastReport = now;
      log.info(
        {
          frames: stats.frames,
          fps: round((stats.frames * 1000) / (now - started), 1),
          dropped: source.stats().dropped,
          unusable: stats.unusable,
          strokes: stats.strokes,
        },
        'progress',
      );
    }
  };
  let failure: unknown;
  try {
    for await (const item of source.frames()) {
      if (options.shouldStop?.()) break;
      if (item.kind === 'error') {
        stats.unusable += 1;
        log?.warn({ frame: item.name, error: describeError(item.error) }, 'unreadable frame');
        continue;
      }
      options.onFrame?.(item);
      pending.push({
        t: item.t,
        name: item.name,
        index: item.index,
        receivedAt: item.receivedAt,
        reply: detector.detect(item),
      });
      while (pending.length >= inFlight) await settle();
    }
  } catch (e) {
    failure = e;
  }
  while (pending.length > 0) await settle();
  const last = follower.flush();
  if (last) {
    stats.strokes += 1;
    onShot(last, lastArrived);
  }
  stats.detectMs = times.length ? ([...times].sort((a, b) => a - b)[times.length >> 1] ?? 0) : 0;
  if (failure) throw failure;
  return stats;
};
