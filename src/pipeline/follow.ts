// Following a source: each frame to the detector (in its worker), the pieces to the tracking stage,
// each finished stroke out (balls); or the tiles to the game's play follower, each move, action and
// alert out (tiles). Shared by `run`, `serve` and the benchmarks.
import type { Logger } from 'pino';
import { wallClock, type Frame, type FrameSource } from '../capture/index.ts';
import { describeError } from '../core/errors.ts';
import { mm } from '../core/units.ts';
import type { FollowedPlay, TilesFollower } from '../games/definition.ts';
import { UNSEEN_START, type FollowedShot, type StrokeFollower } from '../tracking/index.ts';
import type { DetectReply } from './detect-worker.ts';
import type { NamesState } from './names-watch.ts';
import type { DetectionWorker } from './worker.ts';

/** What takes the detections, frame by frame, and gives the strokes: a StrokeFollower, or one watching it. */
export type Follower = Pick<StrokeFollower, 'push' | 'flush' | 'unseenStarts' | 'tracks'>;

const round = (v: number, places: number): number => {
  const k = 10 ** places;
  return Math.round(v * k) / k;
};

/** What the referee and the log are told when the names cannot be trusted (NamesWatch). */
export const NAMES_UNSURE =
  "the balls' names may be wrong: the cue ball is seldom recognised on this table and no ball set has been learned; set the balls up for a frame, or learn the ball set at /calibrate";
/** …and when they can again (the cue ball recognised, or a ball set learned). */
export const NAMES_SURE =
  "the balls' names are sure again: the cue ball is recognised, or a ball set was learned";

/** What the log says when the camera rings (tracking/camera-shake.ts). */
export const RINGING =
  'the camera shook (most balls at rest seen off their places at once): the balls at rest are held where they lay until it is still; if it happens often, tighten its mount';

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
  /** Strokes already under way when the cue ball was first seen: not followed, so not ruled. */
  unseen: number;
  /** Median detection time per frame (ms, in the worker). */
  detectMs: number;
}

/** The detector as the loop uses it: a frame in, the reply out, in order; and why it stopped, if it has. */
export type FrameDetector = Pick<DetectionWorker, 'detect' | 'failure'>;

/** A frame's detection as the loop hands it on: the reply, with the frame's source time and arrival. */
export interface Detected extends ArrivedFrame {
  readonly t: number;
  readonly name: string;
  readonly reply: DetectReply;
}

/**
 * Each frame of a source, to its end (or until `shouldStop`), to the detector (at most `inFlight` at a
 * time, so that a live source drops frames rather than let them pile up), each reply to `handle` in
 * order. `counts` adds to the progress line. Throws the source's SourceFailure if it dies or stalls,
 * after the frames in flight are handled. Returns the frames handled, those not usable (`handle` says)
 * and the median detection time.
 */
export const detectEach = async (
  source: FrameSource,
  detector: FrameDetector,
  handle: (frame: Detected) => 'used' | 'unusable',
  options: {
    log?: Logger | undefined;
    inFlight?: number | undefined;
    shouldStop?: (() => boolean) | undefined;
    counts?: (() => Record<string, number>) | undefined;
    /** Each frame, before its pixels go to the detector (which takes them): to keep a copy. */
    onFrame?: ((frame: Frame) => void) | undefined;
    /** Whether the balls' names can be trusted, each time it changes (the detector's NamesWatch). */
    onNames?: ((state: NamesState) => void) | undefined;
  } = {},
): Promise<{ frames: number; unusable: number; detectMs: number; last: ArrivedFrame }> => {
  const { log } = options;
  const inFlight = options.inFlight ?? 2;
  const stats = { frames: 0, unusable: 0 };
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
    if (reply.kind === 'balls' || reply.kind === 'tiles') times.push(reply.ms);
    if (reply.kind === 'balls' && reply.learned)
      log?.info(
        { frame: next.name, ballSet: reply.learned },
        "learned the club's ball set from a frame of the balls set up",
      );
    if (reply.kind === 'balls' && reply.names) {
      if (reply.names === 'unsure') log?.warn({ frame: next.name }, NAMES_UNSURE);
      else log?.info({ frame: next.name }, NAMES_SURE);
      options.onNames?.(reply.names);
    }
    if (handle({ ...next, reply }) === 'unusable') {
      stats.unusable += 1;
      log?.debug(
        { frame: next.name, error: reply.kind === 'error' ? reply.error : reply.kind },
        'frame not usable',
      );
      return;
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
          ...options.counts?.(),
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
  const detectMs = times.length ? ([...times].sort((a, b) => a - b)[times.length >> 1] ?? 0) : 0;
  if (failure) throw failure;
  return { ...stats, detectMs, last: lastArrived };
};

/** How a source is followed: the log, frames in flight, when to stop, a look at each frame, the names' state. */
export interface FollowOptions {
  readonly log?: Logger;
  readonly inFlight?: number;
  readonly shouldStop?: () => boolean;
  /** Each frame, before its pixels go to the detector (which takes them): to keep a copy. */
  readonly onFrame?: (frame: Frame) => void;
  /** Whether the balls' names can be trusted, each time it changes (the detector's NamesWatch). */
  readonly onNames?: (state: NamesState) => void;
}

/**
 * Follow a source to its end (or until `stop()`): each frame to the detector, the balls to the
 * follower, each finished stroke to `onShot`. Throws the source's SourceFailure if it dies or stalls,
 * after the stroke in progress has been flushed.
 */
export const followSource = async (
  source: FrameSource,
  detector: FrameDetector,
  follower: Follower,
  onShot: (done: FollowedShot, by: ArrivedFrame) => void,
  options: FollowOptions = {},
): Promise<FollowStats> => {
  let strokes = 0;
  let rang = false;
  let lastArrived: ArrivedFrame = { index: -1, receivedAt: wallClock() };
  const handle = ({ reply, t, index, receivedAt }: Detected): 'used' | 'unusable' => {
    lastArrived = { index, receivedAt };
    if (reply.kind !== 'balls') return 'unusable';
    const balls = reply.balls.map((b) => ({ id: b.id, x: mm(b.x), y: mm(b.y), confidence: b.confidence }));
    const unseen = follower.unseenStarts;
    const done = follower.push({ t, balls });
    if (follower.unseenStarts > unseen) options.log?.warn({ t }, UNSEEN_START);
    // Told once a ring: a camera that rings often wants its mount tightened.
    const ringing = follower.tracks?.ringing === true;
    if (ringing && !rang) options.log?.info({ t }, RINGING);
    rang = ringing;
    if (done) {
      strokes += 1;
      onShot(done, lastArrived);
    }
    return 'used';
  };
  let failure: unknown;
  let seen = { frames: 0, unusable: 0, detectMs: 0 };
  try {
    seen = await detectEach(source, detector, handle, { ...options, counts: () => ({ strokes }) });
  } catch (e) {
    failure = e;
  }
  const last = follower.flush();
  if (last) {
    strokes += 1;
    onShot(last, lastArrived);
  }
  if (failure) throw failure;
  return {
    frames: seen.frames,
    unusable: seen.unusable,
    strokes,
    unseen: follower.unseenStarts,
    detectMs: seen.detectMs,
  };
};

/** Counts kept while following the tiles of a source. */
export interface TilesStats {
  frames: number;
  unusable: number;
  /** What the follower saw, by kind (moves, actions, alerts). */
  seen: number;
  detectMs: number;
}

/**
 * Follow the tiles of a source to its end (or until `shouldStop`): each frame's tiles, with the match
 * as it stands now (`match()`: the session's state, which the sink keeps), to the game's follower, and
 * what it saw to `onPlay` at once, so the next frame is read against the match it changed.
 */
export const followTiles = async <S>(
  source: FrameSource,
  detector: FrameDetector,
  follower: TilesFollower<S>,
  match: () => S,
  onPlay: (play: FollowedPlay, by: ArrivedFrame) => void,
  options: FollowOptions = {},
): Promise<TilesStats> => {
  let seen = 0;
  const handle = ({ reply, t, index, receivedAt }: Detected): 'used' | 'unusable' => {
    if (reply.kind !== 'tiles') return 'unusable';
    for (const play of follower.push({ t, tiles: reply.tiles }, match())) {
      seen += 1;
      onPlay(play, { index, receivedAt });
    }
    return 'used';
  };
  const r = await detectEach(source, detector, handle, { ...options, counts: () => ({ seen }) });
  return { frames: r.frames, unusable: r.unusable, seen, detectMs: r.detectMs };
};
