// `referee run --source <video | folder | /dev/videoN | rtsp://…> --calibration <file> [--fps N]
// [--events out.jsonl] [--state state.json]` (CONTRACTS.md §5): frames in (src/capture), balls found
// in each (src/vision), followed through each stroke (src/tracking), each stroke ruled on
// (src/rules); out comes the event log, one `shot` line per stroke followed by its `ruling` line.
// Progress and dropped frames go to stderr. A source that dies or stalls ends the run with a clear
// error, after the strokes already seen are written, and a non-zero exit.
import { createWriteStream, type WriteStream } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { Command } from 'commander';
import { pino, type Logger } from 'pino';
import { loadCalibrationFile, readJsonFile } from '../camera/index.ts';
import { openSource, SourceFailure, wallClock, type Frame, type FrameSource } from '../capture/index.ts';
import { CliError, describeError } from '../core/errors.ts';
import { makeState, parseFrameState, rule, type RuleOutput } from '../rules/snooker/index.ts';
import {
  isSnookerBallId,
  separateBalls,
  SNOOKER_COLOURS,
  type SnookerBallId,
  type Table,
} from '../table/index.ts';
import {
  DEFAULT_FOLLOWER,
  StrokeFollower,
  type FollowedShot,
  type RestingBall,
  type Shot,
} from '../tracking/index.ts';
import { mm } from '../core/units.ts';
import type { DetectReply, DetectRequest, DetectWorkerData } from './detect-worker.ts';

interface RunOptions {
  readonly source: string;
  readonly calibration: string;
  readonly fps?: string;
  readonly events?: string;
  readonly live?: boolean;
  readonly loop?: boolean;
  readonly stallTimeout?: string;
  readonly rest?: string;
  readonly state?: string;
}

const INPUT = 2;
const FAILED = 1;

const round = (v: number, places: number): number => {
  const k = 10 ** places;
  return Math.round(v * k) / k;
};

/**
 * The `shot` line (CONTRACTS.md §5), with optional detail: every event, where the balls came to rest,
 * which are left touching, and when (source time) the stroke was recognised as over.
 */
export const shotLine = (shot: Shot, recognised: number): Record<string, unknown> => ({
  type: 'shot',
  index: shot.index,
  start: round(shot.start, 1),
  end: round(shot.end, 1),
  firstContact: shot.firstContact,
  potted: shot.potted,
  offTable: shot.offTable,
  events: shot.events.map((e) => ({ ...e, t: round(e.t, 1) })),
  rest: shot.rest.map((b) => ({ id: b.id, track: b.track, x: round(b.x, 1), y: round(b.y, 1) })),
  touching: shot.touching,
  recognised: round(recognised, 1),
});

/** What is on, with no earlier ruling to say: a red while reds remain, else the lowest colour. */
const onFor = (balls: readonly RestingBall[]): string => {
  if (balls.some((b) => b.id === 'red')) return 'red';
  return SNOOKER_COLOURS.find((c) => balls.some((b) => b.id === c)) ?? 'black';
};

const ballList = (balls: readonly RestingBall[]): { id: SnookerBallId; x: number; y: number }[] =>
  balls.map((b) => ({ id: b.id, x: round(b.x, 2), y: round(b.y, 2) }));

/**
 * Where the balls stood before the stroke and lie after it, as the rules take them: a ball first seen
 * after the stroke (hidden under the player until then) lay where it rests; measured overlaps parted.
 */
export const placesForRules = (table: Table, shot: Shot): { before: RestingBall[]; after: RestingBall[] } => {
  const unseen = shot.rest.filter((r) => !shot.before.some((b) => b.track === r.track));
  return {
    before: separateBalls(table, [...shot.before, ...unseen]),
    after: separateBalls(table, shot.rest),
  };
};

/**
 * The rules' input (CONTRACTS.md §4) for a stroke: the state the last ruling left (or a frame's
 * start), with the balls where the camera saw them before the stroke — the referee may have
 * re-spotted colours and the striker placed the cue ball since.
 */
export const ruleInputFor = (
  table: Table,
  state: Record<string, unknown> | undefined,
  shot: Shot,
): Record<string, unknown> => {
  const { before, after } = placesForRules(table, shot);
  const base = state ?? {
    scores: [0, 0],
    striker: 0,
    on: onFor(before),
    freeBall: false,
    respottedBlack: false,
  };
  return {
    game: 'snooker',
    state: { ...base, balls: ballList(before) },
    shot: {
      firstContact: shot.firstContact,
      potted: shot.potted.map((p) => p.id),
      offTable: shot.offTable,
      after: ballList(after),
      fouls: [],
    },
  };
};

/** Rules on one stroke after another, each from the state the last one left (or `state`, to begin). */
class Referee {
  constructor(
    private readonly table: Table,
    private state: Record<string, unknown> | undefined,
  ) {}

  rule(shot: Shot): { ok: true; value: RuleOutput } | { ok: false; error: string } {
    const input = ruleInputFor(this.table, this.state, shot);
    const r = rule(input, this.table);
    if (!r.ok) return { ok: false, error: describeError(r.error) };
    // A frame that is over starts again for the next stroke seen.
    this.state = r.value.frameOver ? undefined : r.value.state;
    return r;
  }
}

/**
 * The state to start from (`--state`): a file holding CONTRACTS.md §4's `state`, or any object with
 * one under `state` (a `ruling` line of an earlier run, a `referee rule` input or output), so a frame
 * can be taken up where it stood. A frame already over starts afresh, as it would after a ruling.
 */
const loadStartState = (table: Table, file: string): Record<string, unknown> | undefined => {
  const json = readJsonFile(file);
  if (!json.ok) throw new CliError(`--state: ${describeError(json.error)}`, INPUT);
  const inner = json.value !== null && typeof json.value === 'object' && 'state' in json.value;
  const parsed = parseFrameState(table, inner ? (json.value as { state: unknown }).state : json.value);
  if (!parsed.ok) throw new CliError(`--state ${file}: ${describeError(parsed.error)}`, INPUT);
  return parsed.value.frameOver ? undefined : makeState(parsed.value);
};

const parsePositive = (value: string | undefined, name: string): number | undefined => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new CliError(`${name}: not a positive number: ${value}`, INPUT);
  return n;
};

const openOutput = (
  path: string | undefined,
): { write: (line: string) => void; close: () => Promise<void> } => {
  if (path === undefined)
    return {
      write: (line) => void process.stdout.write(line),
      close: async () => {},
    };
  let stream: WriteStream;
  try {
    stream = createWriteStream(path, { flags: 'w' });
  } catch (e) {
    throw new CliError(`--events: cannot write ${path}: ${(e as Error).message}`, INPUT);
  }
  return {
    write: (line) => void stream.write(line),
    close: () => new Promise((resolve) => stream.end(resolve)),
  };
};

/**
 * The detector, in a worker thread (detect-worker.ts) started through tsx as bin/referee.js starts
 * the command. `detect` posts a frame (its pixels transferred) and resolves with the balls or why
 * the frame could not be used; frames are answered in the order they were posted.
 */
export class DetectionWorker {
  private readonly waiting = new Map<number, (reply: DetectReply) => void>();
  private next = 0;
  private dead: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: DetectReply) => {
      if (m.kind !== 'balls' && m.kind !== 'error') return;
      this.waiting.get(m.id)?.(m);
      this.waiting.delete(m.id);
    });
    const fail = (e: Error): void => {
      this.dead ??= e; // the error, not the exit that follows it
      for (const [id, answer] of this.waiting) answer({ kind: 'error', id, error: e.message });
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the detector stopped (exit ${code})`)));
  }

  static start(calibration: string): Promise<DetectionWorker> {
    const tsx = import.meta.resolve('tsx/esm/api');
    const entry = new URL('./detect-worker.ts', import.meta.url).href;
    const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
    const data: DetectWorkerData = { calibration };
    const worker = new Worker(boot, { eval: true, workerData: data });
    return new Promise((resolve, reject) => {
      const first = (m: DetectReply): void => {
        if (m.kind === 'ready') resolve(new DetectionWorker(worker));
        else if (m.kind === 'fatal') void worker.terminate().then(() => reject(new Error(m.error)));
        else return;
        worker.off('message', first);
      };
      worker.on('message', first);
      worker.once('error', reject);
    });
  }

  detect(frame: { width: number; height: number; data: Uint8Array }): Promise<DetectReply> {
    const id = this.next++;
    if (this.dead) return Promise.resolve({ kind: 'error', id, error: this.dead.message });
    // Hand the pixels over without a copy when the frame owns its whole buffer (ffmpeg's and sharp's do).
    const whole = frame.data.byteOffset === 0 && frame.data.byteLength === frame.data.buffer.byteLength;
    const data = whole ? frame.data : frame.data.slice();
    const request: DetectRequest = { id, width: frame.width, height: frame.height, data };
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.worker.postMessage(request, [data.buffer as ArrayBuffer]);
    });
  }

  /** Why the detector stopped, if it has. */
  get failure(): Error | undefined {
    return this.dead;
  }

  /** Stop the worker; frames still waiting are answered with an error. */
  async close(): Promise<void> {
    this.worker.removeAllListeners('exit');
    this.dead ??= new Error('the detector was closed');
    for (const [id, answer] of this.waiting) answer({ kind: 'error', id, error: this.dead.message });
    this.waiting.clear();
    await this.worker.terminate();
  }
}

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
  detector: DetectionWorker,
  follower: StrokeFollower,
  onShot: (done: FollowedShot, by: ArrivedFrame) => void,
  options: { log?: Logger; inFlight?: number; shouldStop?: () => boolean } = {},
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
    const balls = reply.balls.flatMap((b) =>
      isSnookerBallId(b.id) ? [{ id: b.id, x: mm(b.x), y: mm(b.y), confidence: b.confidence }] : [],
    );
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

export const runRun = async (opts: RunOptions): Promise<void> => {
  const log: Logger = pino({ level: process.env['LOG_LEVEL'] ?? 'info' }, pino.destination(2));
  const calibration = loadCalibrationFile(opts.calibration);
  if (!calibration.ok) throw new CliError(`calibration: ${describeError(calibration.error)}`, INPUT);
  const fps = parsePositive(opts.fps, '--fps');
  const stallTimeoutMs = parsePositive(opts.stallTimeout, '--stall-timeout');
  const restMs = parsePositive(opts.rest, '--rest');
  const startState =
    opts.state === undefined ? undefined : loadStartState(calibration.value.table, opts.state);
  const out = openOutput(opts.events);
  const opened = await openSource(opts.source, {
    ...(fps ? { fps } : {}),
    ...(opts.live ? { live: true } : {}),
    ...(opts.loop ? { loop: true } : {}),
    ...(stallTimeoutMs ? { stallTimeoutMs } : {}),
  });
  if (!opened.ok) throw new CliError(describeError(opened.error), INPUT);
  const source: FrameSource = opened.value;
  const table = calibration.value.table;

  let detector: DetectionWorker;
  try {
    detector = await DetectionWorker.start(opts.calibration);
  } catch (e) {
    await source.close();
    throw new CliError((e as Error).message, FAILED);
  }
  const follower = new StrokeFollower(table, {
    ...DEFAULT_FOLLOWER,
    segmenter: { ...DEFAULT_FOLLOWER.segmenter, ...(restMs ? { restMs } : {}) },
  });
  const referee = new Referee(table, startState);
  const emit = ({ shot, recognisedAt }: FollowedShot): void => {
    out.write(`${JSON.stringify(shotLine(shot, recognisedAt))}\n`);
    const ruling = referee.rule(shot);
    out.write(
      `${JSON.stringify(ruling.ok ? { type: 'ruling', ...ruling.value } : { type: 'ruling', error: ruling.error })}\n`,
    );
    if (!ruling.ok)
      log.warn({ stroke: shot.index, error: ruling.error }, 'the rules could not rule on the stroke');
    log.info(
      { stroke: shot.index, firstContact: shot.firstContact, potted: shot.potted, offTable: shot.offTable },
      'stroke',
    );
  };

  log.info({ source: source.description }, 'running');
  let stopping = false;
  const stop = (): void => {
    stopping = true;
    void source.close();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const started = performance.now();
  let stats: FollowStats | undefined;
  let failure: SourceFailure | undefined;
  try {
    stats = await followSource(source, detector, follower, emit, { log, shouldStop: () => stopping });
  } catch (e) {
    if (e instanceof DetectorFailure) throw new CliError(e.message, FAILED);
    if (!(e instanceof SourceFailure)) throw e;
    failure = e;
  } finally {
    process.removeListener('SIGINT', stop);
    process.removeListener('SIGTERM', stop);
    await source.close();
    await detector.close();
    await out.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const frames = stats?.frames ?? 0;
  log.info(
    {
      frames,
      fps: round(frames / Math.max(seconds, 1e-3), 1),
      dropped: source.stats().dropped,
      unusable: stats?.unusable ?? 0,
      strokes: stats?.strokes ?? 0,
      detectMs: round(stats?.detectMs ?? 0, 1),
    },
    'done',
  );
  if (failure) throw new CliError(`source: ${describeError(failure.error)}`, FAILED);
  if (frames === 0 && !stopping) throw new CliError(`no frame could be read from ${opts.source}`, FAILED);
};

export const registerRun = (program: Command): void => {
  program
    .command('run')
    .description(
      'follow every stroke from a camera, video or folder of frames and rule on it (CONTRACTS.md §5)',
    )
    .requiredOption('--source <source>', 'video file, folder of frames, /dev/videoN or rtsp:// URL')
    .requiredOption('--calibration <file>', 'calibration file (CONTRACTS.md §2)')
    .option('--fps <n>', 'frames per second (a folder of frames: default 60; else the source’s own)')
    .option('--events <file>', 'write the event log here (default: stdout)')
    .option('--live', 'treat the source as live: drop frames rather than lag (cameras and streams are)')
    .option('--loop', 'play a video file over and over (with --live: a looped stand-in for a camera)')
    .option('--stall-timeout <ms>', 'no frame for this long: the source has stalled', '5000')
    .option(
      '--rest <ms>',
      'every ball at rest this long ends a stroke',
      String(DEFAULT_FOLLOWER.segmenter.restMs),
    )
    .option(
      '--state <file>',
      'the frame as it stands before the first stroke (CONTRACTS.md §4 state, or a ruling line): scores, striker, ball on… (default: a new frame)',
    )
    .action(async (opts: RunOptions) => runRun(opts));
};
