// `referee run --source <video | folder | /dev/videoN | rtsp://…> --calibration <file> [--fps N]
// [--events out.jsonl] [--state state.json] [--game id] [--looks looks.json]` (docs/formats.md §5): frames in (src/capture),
// pieces found in each (src/vision, in a worker), followed through each stroke (src/tracking), each
// stroke made the game's move and ruled on (the game's runner); out comes the event log, one `shot`
// line per stroke followed by its `ruling` line, and a summary on stderr at the end. Progress and
// dropped frames go to stderr. A source that dies or stalls ends the run with a clear error, after
// the strokes already seen are written, and a non-zero exit.
import { createWriteStream, type WriteStream } from 'node:fs';
import type { Command } from 'commander';
import { pino, type Logger } from 'pino';
import { readJsonFile } from '../camera/index.ts';
import { openSource, SourceFailure, type FrameSource } from '../capture/index.ts';
import { CliError, describeError, err, ok, type Result } from '../core/errors.ts';
import { isBed, type Surface } from '../equipment/index.ts';
import type { FollowedPlay, GameDefinition, SessionRequest, TilesFollower } from '../games/definition.ts';
import { chooseGame, DEFAULT_GAME, GAME_IDS, loadCalibration } from '../games/registry.ts';
import { CHROMA_HELP, chromaOption } from './chroma-option.ts';
import { LOOKS_HELP, looksOption } from './looks-option.ts';
import type { BallLooks } from '../vision/index.ts';
import {
  DetectorFailure,
  followSource,
  followTiles,
  type FollowStats,
  type TilesStats,
} from '../pipeline/follow.ts';
import { DetectionWorker } from '../pipeline/worker.ts';
import { commandLogger } from './log-format.ts';
import { DEFAULT_FOLLOWER, StrokeFollower, type FollowedShot, type Shot } from '../tracking/index.ts';

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
  readonly game?: string;
  readonly looks?: string;
  readonly logFormat?: string;
  readonly chroma?: string;
}

const INPUT = 2;
const FAILED = 1;

const round = (v: number, places: number): number => {
  const k = 10 ** places;
  return Math.round(v * k) / k;
};

/**
 * The `shot` line (docs/formats.md §5), with optional detail: every event, where the balls came to rest,
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
 * The run's end in the log (frames, their rate, dropped and unreadable ones, the detector's median ms
 * a frame, and the game's tally), and its first words for the person who ran it: "N frames in S s
 * (R a second, D dropped)".
 */
const logDone = (
  log: Logger,
  source: FrameSource,
  seconds: number,
  stats: { frames: number; unusable: number; detectMs: number } | undefined,
  tally: Record<string, number>,
): string => {
  const frames = stats?.frames ?? 0;
  const rate = round(frames / Math.max(seconds, 1e-3), 1);
  const { dropped } = source.stats();
  log.info(
    {
      frames,
      fps: rate,
      dropped,
      unusable: stats?.unusable ?? 0,
      ...tally,
      detectMs: round(stats?.detectMs ?? 0, 1),
    },
    'done',
  );
  return `${frames} frames in ${round(seconds, 1)} s (${rate} a second${dropped ? `, ${dropped} dropped` : ''})`;
};

/** The source `--source` names and the game's detector in its worker, or the command's error. */
const openSourceAndDetector = async (
  opts: RunOptions,
  gameId: string,
  fps: number | undefined,
  stallTimeoutMs: number | undefined,
  looks?: BallLooks,
): Promise<{ source: FrameSource; detector: DetectionWorker }> => {
  const chroma = chromaOption(opts.chroma);
  const opened = await openSource(opts.source, {
    ...(fps ? { fps } : {}),
    ...(chroma ? { chroma } : {}),
    ...(opts.live ? { live: true } : {}),
    ...(opts.loop ? { loop: true } : {}),
    ...(stallTimeoutMs ? { stallTimeoutMs } : {}),
  });
  if (!opened.ok) throw new CliError(describeError(opened.error), INPUT);
  const source = opened.value;
  try {
    return { source, detector: await DetectionWorker.start(opts.calibration, gameId, looks) };
  } catch (e) {
    await source.close();
    throw new CliError((e as Error).message, FAILED);
  }
};

export const runRun = async (opts: RunOptions): Promise<void> => {
  // The log goes to stderr (stdout is the event log): on a terminal, words only when something is wrong,
  // not a JSON progress line every 2 s (issue 13, as `serve` does); piped, every pino line.
  const log: Logger = commandLogger(opts.logFormat, process.stderr, pino.destination(2));
  const calibration = loadCalibration(opts.calibration);
  if (!calibration.ok) throw new CliError(`calibration: ${describeError(calibration.error)}`, INPUT);
  const chosen = chooseGame(opts.game, calibration.value);
  if (!chosen.ok) throw new CliError(describeError(chosen.error), INPUT);
  const game = chosen.value;
  const looks = looksOption(opts.looks, calibration.value, opts.calibration);
  const perception = game.perception;
  if (perception.kind === 'tiles') {
    const table = calibration.value.table;
    return runTiles(opts, game, table, perception.follow(table), log);
  }
  const fps = parsePositive(opts.fps, '--fps');
  const stallTimeoutMs = parsePositive(opts.stallTimeout, '--stall-timeout');
  const restMs = parsePositive(opts.rest, '--rest');
  const table = calibration.value.table;
  if (!isBed(table))
    throw new CliError(`${game.title} is played with balls: the calibration's table must be a bed`, INPUT);
  let startState: unknown;
  if (opts.state !== undefined) {
    const json = readJsonFile(opts.state);
    if (!json.ok) throw new CliError(`--state: ${describeError(json.error)}`, INPUT);
    startState = json.value;
  }
  const runner = game.runner(table, startState);
  if (!runner.ok) throw new CliError(`--state ${opts.state ?? ''}: ${describeError(runner.error)}`, INPUT);
  const out = openOutput(opts.events);
  const { source, detector } = await openSourceAndDetector(opts, game.id, fps, stallTimeoutMs, looks);
  const follower = new StrokeFollower(table, {
    ...DEFAULT_FOLLOWER,
    segmenter: { ...DEFAULT_FOLLOWER.segmenter, ...(restMs ? { restMs } : {}) },
  });
  const tally = { ruled: 0, fouls: 0, unruled: 0 };
  const emit = ({ shot, recognisedAt, record }: FollowedShot): void => {
    out.write(`${JSON.stringify(shotLine(shot, recognisedAt))}\n`);
    const ruling = runner.value.rule(perception.toMove(table, { shot, trails: [], frames: record.frames }));
    out.write(
      `${JSON.stringify(ruling.ok ? { type: 'ruling', ...ruling.value } : { type: 'ruling', error: ruling.error })}\n`,
    );
    if (!ruling.ok) {
      tally.unruled += 1;
      log.warn({ stroke: shot.index, error: ruling.error }, 'the rules could not rule on the stroke');
    } else {
      tally.ruled += 1;
      if ((ruling.value as { foul?: unknown }).foul) tally.fouls += 1;
    }
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
  // The person who ran it reads this last line; the event log is the machine's.
  process.stderr.write(
    `referee run: ${logDone(log, source, seconds, stats, { strokes: stats?.strokes ?? 0, unseen: stats?.unseen ?? 0 })}; ` +
      `${stats?.strokes ?? 0} stroke${stats?.strokes === 1 ? '' : 's'}: ${tally.ruled} ruled, ${tally.fouls} foul${tally.fouls === 1 ? '' : 's'}` +
      `${tally.unruled ? `, ${tally.unruled} the rules could not rule on` : ''}` +
      `${stats?.unseen ? `; ${stats.unseen} already under way when first seen, not ruled` : ''}` +
      `${opts.events ? `; events in ${opts.events}` : ''}\n`,
  );
  if (failure) throw new CliError(`source: ${describeError(failure.error)}`, FAILED);
  if (frames === 0 && !stopping) throw new CliError(`no frame could be read from ${opts.source}`, FAILED);
};

/**
 * `run` for a game of tiles: each frame's tiles through the game's play follower, with the match as it
 * stands (folded here through the game's session, as the service folds it), so a move, an action (the
 * hands shown) or an alert is a line as soon as it is seen: `{ "type": "move", "move", "ruling" }`
 * (`ruling`: the session's standing of the move, or why it cannot be played), `{ "type": "action" }`,
 * `{ "type": "alert", "kind", "message" }`, and at the end `{ "type": "match", … }` (the session's
 * JSON export: scores, the score sheet, the moves). `--state`: the session's actions to take before
 * the first frame (a list, e.g. `[{ "type": "deal", "leader": 0, "hands": [...] }]`).
 */
const runTiles = async (
  opts: RunOptions,
  game: GameDefinition,
  table: Surface,
  follower: TilesFollower<unknown>,
  log: Logger,
): Promise<void> => {
  const fps = parsePositive(opts.fps, '--fps');
  const stallTimeoutMs = parsePositive(opts.stallTimeout, '--stall-timeout');
  const session = game.session;
  const players = game.sides.defaultNames;
  let seq = 0;
  const meta = (): { seq: number; by: string; at: number } => ({
    seq: ++seq,
    by: 'pipeline',
    at: Date.now(),
  });
  let match = session.start(session.initial(table), players, session.optionsSchema.parse({}), meta());
  const grant = (request: SessionRequest): Result<SessionRequest, string> => {
    const checked = session.check(match, request, { live: [], referee: true, by: 'pipeline' });
    if (!checked.ok)
      return err(
        checked.error.field ? `${checked.error.field}: ${checked.error.message}` : checked.error.message,
      );
    const r = checked.value;
    if (r.type === 'move') match = session.move(match, r.move, meta());
    else if (r.type === 'action') match = session.action(match, r.action, meta());
    return ok(r);
  };
  if (opts.state !== undefined) {
    const json = readJsonFile(opts.state);
    if (!json.ok) throw new CliError(`--state: ${describeError(json.error)}`, INPUT);
    if (!Array.isArray(json.value))
      throw new CliError(
        '--state: for a game of tiles, a list of the match’s actions and moves the referee entered (e.g. a demo clip’s <clip>-deal.json)',
        INPUT,
      );
    // As the demo sets a clip up (fixtures/dominoes/<clip>-deal.json): the service's messages, each an
    // action, or a move the referee entered by hand ({ type: 'enterMove', move }: a pass said aloud
    // before the first frame).
    for (const [i, entry] of (json.value as unknown[]).entries()) {
      const e = entry as { type: string; move?: unknown };
      const done = grant(
        e.type === 'enterMove' ? { type: 'move', move: e.move } : { type: 'action', action: e },
      );
      if (!done.ok) throw new CliError(`--state[${i}]: ${done.error}`, INPUT);
    }
  }
  const out = openOutput(opts.events);
  const { source, detector } = await openSourceAndDetector(opts, game.id, fps, stallTimeoutMs);
  const tally = { moves: 0, refused: 0, actions: 0, alerts: 0 };
  const write = (line: object): void => out.write(`${JSON.stringify(line)}\n`);
  const onPlay = (play: FollowedPlay): void => {
    if (play.kind === 'alert') {
      tally.alerts += 1;
      log.warn({ alert: play.alert.kind }, play.alert.message);
      write({ type: 'alert', ...play.alert });
      return;
    }
    const request: SessionRequest =
      play.kind === 'move' ? { type: 'move', move: play.move } : { type: 'action', action: play.action };
    const done = grant(request);
    if (play.kind === 'move') {
      const standing = session.moves(match).at(-1);
      if (done.ok) tally.moves += 1;
      else tally.refused += 1;
      write({
        type: 'move',
        move: play.move,
        ...(done.ok ? { ruling: standing?.ruling ?? null } : { error: done.error }),
      });
    } else {
      if (done.ok) tally.actions += 1;
      write({ type: 'action', action: play.action, ...(done.ok ? {} : { error: done.error }) });
    }
  };
  const started = performance.now();
  let stats: TilesStats | undefined;
  let failure: SourceFailure | undefined;
  try {
    stats = await followTiles(source, detector, follower, () => match, onPlay, { log });
  } catch (e) {
    if (e instanceof DetectorFailure) throw new CliError(e.message, FAILED);
    if (!(e instanceof SourceFailure)) throw e;
    failure = e;
  } finally {
    write({ type: 'match', ...session.exportJson(match, players) });
    await source.close();
    await detector.close();
    await out.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const frames = stats?.frames ?? 0;
  process.stderr.write(
    `referee run: ${logDone(log, source, seconds, stats, { moves: tally.moves })}; ${tally.moves} move${tally.moves === 1 ? '' : 's'}` +
      `${tally.refused ? ` (${tally.refused} refused)` : ''}, ${tally.actions} action${tally.actions === 1 ? '' : 's'}, ` +
      `${tally.alerts} alert${tally.alerts === 1 ? '' : 's'}${opts.events ? `; events in ${opts.events}` : ''}\n`,
  );
  if (failure) throw new CliError(`source: ${describeError(failure.error)}`, FAILED);
  if (frames === 0) throw new CliError(`no frame could be read from ${opts.source}`, FAILED);
};

export const registerRun = (program: Command): void => {
  program
    .command('run')
    .description(
      'follow every stroke from a camera, video or folder of frames and rule on it: a shot line and a ruling line a stroke',
    )
    .requiredOption('--source <source>', 'video file, folder of frames, /dev/videoN or rtsp:// URL')
    .requiredOption('--calibration <file>', 'calibration file (its table names the game)')
    .option(
      '--game <id>',
      `the game, where the calibration does not say: ${GAME_IDS.join(', ')} (default ${DEFAULT_GAME.id})`,
    )
    .option('--looks <file>', LOOKS_HELP)
    .option('--fps <n>', 'frames per second (a folder of frames: default 60; else the source’s own)')
    .option('--events <file>', 'write the event log here (default: stdout)')
    .option('--live', 'treat the source as live: drop frames rather than lag (cameras and streams are)')
    .option('--loop', 'play a video file over and over (with --live: a looped stand-in for a camera)')
    .option('--chroma <where>', CHROMA_HELP)
    .option(
      '--stall-timeout <ms>',
      'no frame for this long: the source has stalled (default 5000 for a live source, 60000 for a file)',
    )
    .option(
      '--rest <ms>',
      'every ball at rest this long ends a stroke',
      String(DEFAULT_FOLLOWER.segmenter.restMs),
    )
    .option(
      '--state <file>',
      'the frame as it stands before the first stroke (the state `referee rule` takes, or a ruling line of an earlier run): scores, striker, ball on… (default: a new frame)',
    )
    .option(
      '--log-format <format>',
      'the log on stderr — pretty: a line only for a warning, then the summary; json: every pino log ' +
        'line, progress every 2 s included; auto: pretty when stderr is a terminal, else json (LOG_LEVEL sets the level)',
      'auto',
    )
    .action(async (opts: RunOptions) => runRun(opts));
};
