// `referee serve` (what `npm start` runs): opens the match log, makes sure the referee has a PIN,
// serves the game's views, and (with a source, or the game's bundled demo) runs the pipeline into them.
// The game comes from `--game`, else the calibration's table, else the registry's default.
import type { Command } from 'commander';
import { CliError, describeError, ok } from '../core/errors.ts';
import { chooseGame, DEFAULT_GAME, GAME_IDS, loadCalibration } from '../games/registry.ts';
import { CHROMA_HELP, chromaOption } from './chroma-option.ts';
import { LOOKS_HELP, looksOption } from './looks-option.ts';
import type { DemoClip } from '../games/definition.ts';
import { CameraDesk } from '../pipeline/camera-desk.ts';
import { looksPath } from '../pipeline/detector.ts';
import { NAMES_SURE, NAMES_UNSURE } from '../pipeline/follow.ts';
import { runLive, type LiveSource } from '../pipeline/live.ts';
import { commandLogger } from './log-format.ts';
import { startServer } from '../server/app.ts';
import { newPin } from '../server/auth.ts';
import { MatchService } from '../server/service.ts';

const parsePort = (value: string): number => {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new CliError(`--port: not a TCP port: ${value}`, 2);
  return port;
};

interface ServeOptions {
  port: string;
  host: string;
  db: string;
  pin?: string;
  source?: string;
  calibration?: string;
  fps?: string;
  chroma?: string;
  demo: boolean;
  game?: string;
  looks?: string;
  logFormat?: string;
  checkEvery: string;
}

export const registerServe = (program: Command): void => {
  program
    .command('serve')
    .description("serve the referee, overlay and player views (with no source, the game's bundled demo)")
    .option('--port <port>', 'TCP port (or the PORT environment variable)', process.env['PORT'] ?? '8080')
    .option('--host <host>', 'address to listen on', '0.0.0.0')
    .option('--db <file>', 'the match log (SQLite); reopened on restart', 'match.sqlite')
    .option(
      '--pin <pin>',
      "the referee's PIN (or REFEREE_PIN); without one, the stored PIN, or a new one printed at first start",
    )
    .option(
      '--source <source>',
      "video file, folder of frames, /dev/videoN or rtsp:// URL (default: the game's bundled demo, looped)",
    )
    .option('--calibration <file>', "the camera calibration for the source (default: the demo's camera)")
    .option(
      '--game <id>',
      `the game: ${GAME_IDS.join(', ')} (default: what the calibration names, else ${DEFAULT_GAME.id})`,
    )
    .option('--looks <file>', LOOKS_HELP)
    .option('--fps <n>', 'frames per second to process (for a folder of frames, its frame rate)')
    .option('--chroma <where>', CHROMA_HELP)
    .option('--no-demo', 'serve the views only: no source and no demo')
    .option(
      '--check-every <s>',
      'check that the calibration still fits the picture (a knocked camera) every <s> seconds; 0: only at start-up',
      '10',
    )
    .option(
      '--log-format <format>',
      'pretty: a line when something happens (a move ruled, the source playing or failing, a ' +
        'warning); json: every pino log line, progress every 2 s included; auto: pretty on a ' +
        'terminal, json when stdout is piped or redirected (LOG_LEVEL sets the level)',
      'auto',
    )
    .action(async (opts: ServeOptions) => {
      const port = parsePort(opts.port);
      const checkEvery = Number(opts.checkEvery);
      if (!(checkEvery >= 0))
        throw new CliError(`--check-every: not a number of seconds: ${opts.checkEvery}`, 2);
      const fps = opts.fps === undefined ? undefined : Number(opts.fps);
      if (fps !== undefined && !(fps > 0)) throw new CliError(`--fps: not a positive number: ${opts.fps}`, 2);
      const chroma = chromaOption(opts.chroma);
      const named = opts.calibration === undefined ? chooseGame(opts.game) : undefined;
      if (named && !named.ok) throw new CliError(describeError(named.error), 2);
      // The camera: the one given, else the game's demo camera (none: the views only, on the game's
      // standard table, until a source and its calibration are given).
      const calibrationFile = opts.calibration ?? named?.value.demo?.calibration;
      if (calibrationFile === undefined && opts.source !== undefined)
        throw new CliError(`--calibration: a source needs its camera's calibration`, 2);
      const calibration = calibrationFile === undefined ? undefined : loadCalibration(calibrationFile);
      if (calibration && !calibration.ok)
        throw new CliError(`--calibration: ${describeError(calibration.error)}`, 2);
      const chosen = chooseGame(opts.game, calibration?.value);
      if (!chosen.ok) throw new CliError(describeError(chosen.error), 2);
      const game = chosen.value;
      if (!calibration && opts.looks !== undefined)
        throw new CliError("--looks: a ball set needs the camera's calibration", 2);
      const looks =
        calibration && calibrationFile !== undefined
          ? looksOption(opts.looks, calibration.value, calibrationFile)
          : undefined;
      const bed = calibration ? ok(calibration.value.table) : game.parseTable(game.defaultTableSpec);
      if (!bed.ok) throw new CliError(describeError(bed.error), 2);
      const table = bed.value;
      let sources: LiveSource[] = [];
      if (opts.source !== undefined) sources = [{ path: opts.source }];
      else if (opts.demo && game.demo && calibrationFile !== undefined) {
        const clips = game.demo.clips();
        if (!clips.ok) throw new CliError(describeError(clips.error), 1);
        sources = clips.value.map((c: DemoClip) => ({ path: c.path, setup: c.setup }));
      }
      const source = sources[0]?.path;
      const logger = commandLogger(opts.logFormat, process.stdout);
      const opened = MatchService.open(opts.db, {
        game,
        table,
        logger,
        now: () => Date.now(),
        source: { description: source ?? 'no source', dropped: 0, live: false },
      });
      if (!opened.ok) throw new CliError(describeError(opened.error), 2);
      const service = opened.value;
      const pin = opts.pin ?? process.env['REFEREE_PIN'];
      let pinNote = 'the referee PIN is the one set before';
      if (pin !== undefined) {
        if (!/^\S{4,64}$/.test(pin)) throw new CliError('--pin: use 4 to 64 characters, no spaces', 2);
        service.setPin(pin);
        pinNote = 'the referee PIN is the one given';
      } else if (!service.hasPin()) {
        const fresh = newPin();
        service.setPin(fresh);
        pinNote = `referee PIN: ${fresh} (stored hashed in ${opts.db}; give --pin to change it)`;
      }
      // The camera desk (/calibrate, the knocked-camera check) while a camera is followed; Save writes
      // the calibration file given (the bundled demo's is not written over).
      let lastCheck: string | undefined;
      const desk =
        calibration && source !== undefined
          ? await CameraDesk.open(calibration.value, {
              file: opts.calibration,
              now: () => Date.now(),
              // Learn on /calibrate writes the set given, else beside the calibration given (the
              // bundled demo's is not written beside).
              ballSet: {
                game,
                file:
                  opts.looks ?? (opts.calibration === undefined ? undefined : looksPath(opts.calibration)),
                inUse: looks,
              },
              onCheck: (check) => {
                service.updateCameraCheck(check);
                if (check.state === lastCheck || check.state === 'unknown') return;
                lastCheck = check.state;
                if (check.state === 'moved')
                  logger.warn({ check: check.text }, 'the camera has moved: recalibrate at /calibrate');
                else logger.info({ check: check.text }, 'the calibration fits the picture');
              },
            })
          : undefined;
      const server = await startServer({
        port,
        host: opts.host,
        table,
        logger,
        service,
        ...(desk ? { calibration: desk } : {}),
      });
      const checking =
        desk && checkEvery > 0 ? setInterval(() => void desk.checkNewFrame(), checkEvery * 1000) : undefined;
      const stopPipeline = new AbortController();
      // In the demo each clip is a position of its own: its table is set up as the camera sees it.
      const demo = { name: 'demo', role: 'referee' as const };
      const pipeline =
        source === undefined || calibrationFile === undefined
          ? Promise.resolve()
          : runLive(
              {
                balls: (t, balls) => service.updateBalls(t, balls),
                move: (move) => {
                  const r = service.recordMove(move);
                  if (!r.ok)
                    logger.warn({ error: r.error.message, field: r.error.field }, 'move not recorded');
                },
                restart: (setup, balls) => {
                  for (const action of setup) {
                    const r = service.act(demo, action, balls);
                    if (!r.ok)
                      logger.warn(
                        { action: action.type, error: r.error.message },
                        'demo: cannot set the clip up',
                      );
                  }
                },
                source: (info) => service.updateSource(info),
                status: (status) => service.updateSourceStatus(status),
                action: (action) => {
                  const r = service.recordAction(action);
                  if (!r.ok)
                    logger.warn({ action: action.type, error: r.error.message }, 'action not recorded');
                },
                alert: (alert) => service.alertSeen(alert),
                names: (state) => {
                  // Said once it has been in doubt: before that, a page has nothing to clear.
                  if (state === 'sure' && !service.namesCheckView) return;
                  const text = state === 'unsure' ? NAMES_UNSURE : NAMES_SURE;
                  service.updateNamesCheck({ state, text, at: Date.now() });
                },
                match: () => service.state,
                frame: (image) => desk?.frame(image),
              },
              {
                game,
                sources,
                calibration: calibrationFile,
                looks,
                table,
                logger,
                loop: opts.source === undefined,
                ...(fps ? { fps } : {}),
                ...(chroma ? { chroma } : {}),
                onReloadable: (reload) => {
                  if (desk) desk.reload = reload;
                },
              },
              stopPipeline.signal,
            ).catch((e: unknown) => {
              logger.error({ error: (e as Error).message }, 'the pipeline stopped');
              service.updateSourceStatus({
                state: 'ended',
                reason: `the pipeline stopped: ${(e as Error).message}`,
              });
            });
      const watching =
        source !== undefined
          ? opts.source === undefined
            ? `the bundled demo (${sources.length} clips, looped)`
            : source
          : game.demo
            ? 'nothing (--no-demo)'
            : `nothing: ${game.title} has no bundled demo yet (give --source and --calibration)`;
      process.stdout.write(
        [
          `referee: ${game.title}, serving on ${server.url}`,
          `  referee view: ${server.url}/referee   (${pinNote})`,
          `  overlay:      ${server.url}/overlay`,
          `  player:       ${server.url}/player`,
          ...(desk ? [`  calibrate:    ${server.url}/calibrate`] : []),
          `  watching:     ${watching}`,
          '',
        ].join('\n'),
      );
      const stop = (): void => {
        clearInterval(checking);
        stopPipeline.abort();
        void pipeline
          .then(() => Promise.all([server.close(), desk?.close()]))
          .then(() => {
            service.close();
            process.exit(0);
          });
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
};
