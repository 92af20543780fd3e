// The live pipeline behind `referee serve`: frames from the source (or the game's bundled demo, its
// clips looped at their own pace), pieces found in a worker thread, followed through each stroke, and
// the results handed to the match service — live positions several times a second, each finished
// stroke as the game's move with its trails and the balls as they stood before it (or, for a game of
// tiles, each frame's tiles through the game's play follower: moves, actions and alerts). The rules run in
// the service, from its log. The source's state (opening, playing, failed and retried with a growing
// pause, ended) is reported as it changes (capture/status.ts), so the pages can say when nothing comes.
import type { Logger } from 'pino';
import { openSource, type ChromaSiting, type FrameSource } from '../capture/index.ts';
import { pause, SourceMonitor, watchSource, type SourceStatus } from '../capture/status.ts';
import { describeError } from '../core/errors.ts';
import type { RgbImage } from '../core/image.ts';
import { isBed, type Surface } from '../equipment/index.ts';
import type { FollowedPlay, GameDefinition } from '../games/definition.ts';
import type { BallView, SourceInfo } from '../match/view.ts';
import { StrokeFollower, TrailRecorder, type FollowedShot, type TrackedFrame } from '../tracking/index.ts';
import { followSource, followTiles, type ArrivedFrame } from './follow.ts';
import type { NamesState } from './names-watch.ts';
import { DetectionWorker } from './worker.ts';
import type { BallLooks } from '../vision/index.ts';

export interface LiveSink {
  balls(t: number, balls: readonly BallView[]): void;
  /** A finished stroke, as the game's move. */
  move(move: object): void;
  /**
   * A new clip of the demo: set the table up as the camera sees it, with the clip's own set-up
   * (`setup`, the game's actions) — now (`balls` absent), and again from the balls as they stood just
   * before its first stroke, which every ball has been tracked into (at the clip's start some are
   * still being confirmed, or under the player). Tiles: once, before the clip's first frame (the deal).
   */
  restart(setup: readonly { readonly type: string }[], balls?: readonly BallView[]): void;
  source(info: SourceInfo): void;
  /** The source's state changed. */
  status(status: SourceStatus): void;
  /** An action following play called for (tiles: the hands laid out face up for the count). */
  action?(action: { readonly type: string }): void;
  /** What the referee must see that the match does not log (tiles: a tile taken back, put down wrong). */
  alert?(alert: { readonly kind: string; readonly message: string }): void;
  /** The match as it stands (the session's state): a tile follower reads the turn from it each frame. */
  match?(): unknown;
  /** The latest frame (a copy), at most every `frameEveryMs`: for /calibrate and the camera check. */
  frame?(image: RgbImage): void;
  /** Whether the balls' names can be trusted, each time it changes (a new detector starts sure). */
  names?(state: NamesState): void;
}

export interface LiveSource {
  readonly path: string;
  /** The game's actions that set the clip's table up (the demo's). */
  readonly setup?: readonly { readonly type: string }[];
}

/** Source time a demo clip is watched before its table is set up, so every ball has been seen. */
const SETTLE_MS = 300;

export interface LiveOptions {
  readonly game: GameDefinition;
  /** One source; or the demo's clips, played one after another. */
  readonly sources: readonly LiveSource[];
  readonly calibration: string;
  /** The club's ball set (`referee learn-looks`, `--looks`), where one was given. */
  readonly looks?: BallLooks | undefined;
  readonly table: Surface;
  readonly logger: Logger;
  /** Play the files over and over at their own pace, the table set from each clip's first frame (the demo). */
  readonly loop: boolean;
  readonly fps?: number;
  /** Where a video's colour is taken to lie (capture/ffmpeg.ts `chroma`); default where its stream says. */
  readonly chroma?: ChromaSiting;
  /** Live positions pushed to the views at most this often (ms). */
  readonly ballsEveryMs?: number;
  /** Points kept per trail. */
  readonly trailPoints?: number;
  /** Wait before opening a source again after it first failed (ms); doubles each time, up to 60 s. */
  readonly firstRetryMs?: number;
  /** Frames copied to `sink.frame` at most this often (ms of the wall clock). */
  readonly frameEveryMs?: number;
  /**
   * Handed, once the detector runs, the way to make it take another calibration file (a saved
   * /calibrate) or another ball set (one learned there): it resolves true once the new detector is in
   * use, false where the pipeline has stopped.
   */
  readonly onReloadable?: (reload: (change: DetectorChange) => Promise<boolean>) => void;
}

/** What a reload changes; what it does not name stays as the detector in use has it. */
export interface DetectorChange {
  readonly calibration?: string;
  readonly looks?: BallLooks;
}

const toView = (frame: TrackedFrame): BallView[] =>
  frame.tracks
    .filter((t) => t.status === 'table' || t.status === 'hidden')
    .map((t) => ({ id: t.id, track: t.track, x: Math.round(t.x * 10) / 10, y: Math.round(t.y * 10) / 10 }));

const round = (b: { id: string; x: number; y: number }): BallView => ({
  id: b.id,
  x: Math.round(b.x * 100) / 100,
  y: Math.round(b.y * 100) / 100,
});

/**
 * Run until `signal` aborts. A source that cannot be opened or fails is retried after a pause that
 * grows while it keeps failing (the views stay up); its state goes to `sink.status`.
 */
export const runLive = async (sink: LiveSink, options: LiveOptions, signal: AbortSignal): Promise<void> => {
  const log = options.logger;
  const perception = options.game.perception;
  let { calibration, looks } = options;
  let detector = await DetectionWorker.start(calibration, options.game.id, looks);
  let running = true;
  // The detector in use, through which frames go: a new calibration swaps it without stopping the
  // source (frames the old one still held are answered as unusable).
  const current = {
    detect: (frame: Parameters<DetectionWorker['detect']>[0]) => detector.detect(frame),
    get failure() {
      return detector.failure;
    },
  };
  options.onReloadable?.(async (change) => {
    if (!running) return false;
    const file = change.calibration ?? calibration;
    const set = change.looks ?? looks;
    const next = await DetectionWorker.start(file, options.game.id, set);
    if (!running) {
      await next.close();
      return false;
    }
    const old = detector;
    detector = next;
    calibration = file;
    looks = set;
    await old.close();
    // The new detector weighs the names afresh (with a set, they are sure).
    sink.names?.('sure');
    log.info(
      { calibration: file, ballSet: change.looks ? 'learned' : set ? 'kept' : 'none' },
      change.looks ? 'the detector took the new ball set' : 'the detector took the new calibration',
    );
    return true;
  });
  const frameEvery = options.frameEveryMs ?? 500;
  let lastCopy = -Infinity;
  const keepFrame = (frame: RgbImage & { receivedAt: number }): void => {
    if (!sink.frame || frame.receivedAt - lastCopy < frameEvery) return;
    lastCopy = frame.receivedAt;
    sink.frame({ width: frame.width, height: frame.height, data: frame.data.slice() });
  };
  const every = options.ballsEveryMs ?? 66;
  let lastPush = -Infinity;
  let source: FrameSource | undefined;
  let fresh: LiveSource | undefined;
  // The demo clip playing, until its first stroke has set its table up from the balls before it.
  let clipToSetUp: LiveSource | undefined;
  let firstSeen: number | undefined;
  // Balls: strokes followed on the game's bed (a ball game's table is always one: its own parseTable's).
  const bed = perception.kind === 'balls' && isBed(options.table) ? options.table : undefined;
  if (perception.kind === 'balls' && !bed)
    throw new Error(`${options.game.title} is played with balls: its table must be a bed`);
  const follower = bed && new StrokeFollower(bed);
  const trails = new TrailRecorder();
  const monitor = new SourceMonitor({
    logger: log,
    now: () => Date.now(),
    ...(options.firstRetryMs ? { firstRetryMs: options.firstRetryMs } : {}),
    onChange: (status) => sink.status(status),
  });
  sink.status(monitor.status);
  const onFrame = (frame: TrackedFrame, inStroke: boolean): void => {
    if (inStroke) trails.record(frame);
    if (fresh === undefined && frame.t - lastPush < every) return;
    lastPush = frame.t;
    const balls = toView(frame);
    sink.balls(frame.t, balls);
    if (source)
      sink.source({ description: source.description, dropped: source.stats().dropped, live: source.live });
    if (fresh && balls.length > 0) {
      firstSeen ??= frame.t;
      if (frame.t - firstSeen >= SETTLE_MS) {
        sink.restart(fresh.setup ?? []);
        fresh = undefined;
      }
    }
  };
  const onShot = ({ shot, recognisedAt, record }: FollowedShot, by: ArrivedFrame): void => {
    if (perception.kind !== 'balls' || !bed) return;
    // The frame that ended the stroke arrived at `by.receivedAt`; the balls stopped `recognisedAt −
    // end` of source time before it.
    const endedAt = by.receivedAt - (recognisedAt - shot.end);
    log.debug({ sourceFrame: by.index, receivedAt: by.receivedAt, recognisedAt, endedAt }, 'stroke seen');
    const move = perception.toMove(bed, {
      shot,
      trails: trails.take(options.trailPoints ?? 200),
      frames: record.frames,
      endedAt,
    });
    if (clipToSetUp) {
      const before = (move as { before?: readonly { id: string; x: number; y: number }[] }).before ?? [];
      sink.restart(clipToSetUp.setup ?? [], before.map(round));
      clipToSetUp = undefined;
    }
    sink.move(move);
  };
  // Tiles: each frame's tiles to the game's play follower, with the match as it stands; what it saw to
  // the match at once (a move, the hands shown) or to the referee (an alert).
  const tiles = perception.kind === 'tiles' ? perception.follow(options.table) : undefined;
  const onPlay = (play: FollowedPlay): void => {
    if (play.kind === 'move') sink.move(play.move);
    else if (play.kind === 'action') sink.action?.(play.action);
    else sink.alert?.(play.alert);
  };
  // Frames to the follower; each frame's tracks to the views and the trails.
  const watched = follower && {
    push: (f: Parameters<StrokeFollower['push']>[0]) => {
      const done = follower.push(f);
      const tracked = follower.tracks;
      if (tracked) onFrame(tracked, follower.inStroke || done !== undefined);
      return done;
    },
    flush: () => follower.flush(),
    get unseenStarts() {
      return follower.unseenStarts;
    },
    get tracks() {
      return follower.tracks;
    },
  };
  try {
    for (let next = 0; !signal.aborted; next = (next + 1) % options.sources.length) {
      const clip = options.sources[next];
      if (clip === undefined) return;
      monitor.opening();
      const opened = await openSource(clip.path, {
        live: true,
        // A file (or a folder of frames, at --fps) plays at its own pace, as the camera that filmed
        // it did: unpaced, ffmpeg decoded a 60 fps match several times faster than the pipeline
        // follows it, and the live source dropped the frames between (57 of 280 in a 6 s clip at
        // load 4) — a stroke seen in pieces, on the views at several times its speed. `referee run`
        // is the way to go through a file or a folder fast.
        realtime: true,
        ...(options.fps ? { fps: options.fps } : {}),
        ...(options.chroma ? { chroma: options.chroma } : {}),
      });
      if (!opened.ok) {
        await pause(monitor.failed(describeError(opened.error)), signal);
        continue;
      }
      source = watchSource(opened.value, monitor);
      const stop = (): void => void source?.close();
      signal.addEventListener('abort', stop, { once: true });
      follower?.reset();
      trails.reset();
      tiles?.reset();
      // Tiles: the demo clip is set up before its first frame (its deal: the camera cannot see the hands).
      if (tiles && options.loop) sink.restart(clip.setup ?? []);
      fresh = options.loop && !tiles ? clip : undefined;
      clipToSetUp = fresh;
      firstSeen = undefined;
      log.info({ source: source.description }, 'following the table');
      let failure: string | undefined;
      try {
        const following = {
          log,
          shouldStop: () => signal.aborted,
          onFrame: keepFrame,
          onNames: (state: NamesState) => sink.names?.(state),
        };
        if (tiles) await followTiles(source, current, tiles, () => sink.match?.(), onPlay, following);
        else if (watched) await followSource(source, current, watched, onShot, following);
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
    running = false;
    await detector.close();
  }
};
