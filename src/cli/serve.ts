// `referee serve` (CONTRACTS.md §6): what `npm start` runs. Opens the match log, makes sure the
// referee has a PIN, serves the views, and (with a source) runs the pipeline into them.
import type { Command } from 'commander';
import { pino } from 'pino';
import { CliError, describeError } from '../errors.ts';
import { snookerTable } from '../table/bed.ts';
import { startServer } from '../server/app.ts';
import { newPin } from '../server/auth.ts';
import { MatchService } from '../server/service.ts';
import { loadCalibrationFile } from '../camera/index.ts';
import { runLive, type LiveSource } from './live.ts';
import { chooseLogFormat, humanLog } from './log-format.ts';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readJsonFile } from '../camera/index.ts';
import { parseWith } from '../schema.ts';
import path from 'node:path';

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
  demo: boolean;
  logFormat?: string;
}

const here = (p: string): string => fileURLToPath(new URL(`../../${p}`, import.meta.url));
/** The bundled demo: the clips src/sim rendered through the demo camera (scripts/make-fixtures.ts). */
export const DEMO_DIR = here('fixtures');
const ball = ['red', 'yellow', 'green', 'brown', 'blue', 'pink', 'black'] as const;
const DemoJson = z.object({
  clips: z
    .array(
      z.object({
        clip: z.string().regex(/^[a-z0-9-]+$/),
        on: z.enum(['colour', ...ball]).optional(),
        nominate: z.enum(ball).optional(),
      }),
    )
    .min(1),
});

/** The demo's clips (fixtures/demo.json), in order, with what each starts from. */
const demoClips = (): LiveSource[] => {
  const file = path.join(DEMO_DIR, 'demo.json');
  const json = readJsonFile(file);
  const parsed = json.ok ? parseWith(DemoJson, json.value) : json;
  if (!parsed.ok) throw new CliError(`${file}: ${describeError(parsed.error)}`, 1);
  return parsed.value.clips.map(({ clip, ...setup }) => ({
    path: path.join(DEMO_DIR, clip, 'clip.mp4'),
    ...setup,
  }));
};
export const DEMO_CALIBRATION = here('calibration/demo.json');

export const registerServe = (program: Command): void => {
  program
    .command('serve')
    .description('serve the referee, overlay and player views (with no source, the bundled demo)')
    .option('--port <port>', 'TCP port (or the PORT environment variable)', process.env['PORT'] ?? '8080')
    .option('--host <host>', 'address to listen on', '0.0.0.0')
    .option('--db <file>', 'the match log (SQLite); reopened on restart', 'match.sqlite')
    .option(
      '--pin <pin>',
      "the referee's PIN (or REFEREE_PIN); without one, the stored PIN, or a new one printed at first start",
    )
    .option(
      '--source <source>',
      'video file, folder of frames, /dev/videoN or rtsp:// URL (default: the bundled demo, looped)',
    )
    .option('--calibration <file>', 'the camera calibration for the source (default: calibration/demo.json)')
    .option('--fps <n>', 'frames per second to process (for a folder of frames, its frame rate)')
    .option('--no-demo', 'serve the views only: no source and no demo')
    .option(
      '--log-format <format>',
      'pretty: a line when something happens (a stroke ruled, the source playing or failing, a ' +
        'warning); json: every pino log line, progress every 2 s included; auto: pretty on a ' +
        'terminal, json when stdout is piped or redirected (LOG_LEVEL sets the level)',
      'auto',
    )
    .action(async (opts: ServeOptions) => {
      const port = parsePort(opts.port);
      const fps = opts.fps === undefined ? undefined : Number(opts.fps);
      if (fps !== undefined && !(fps > 0)) throw new CliError(`--fps: not a positive number: ${opts.fps}`, 2);
      const sources: LiveSource[] =
        opts.source !== undefined ? [{ path: opts.source }] : opts.demo ? demoClips() : [];
      const source = sources[0]?.path;
      const calibration = opts.calibration ?? DEMO_CALIBRATION;
      if (source !== undefined) {
        const checked = loadCalibrationFile(calibration);
        if (!checked.ok) throw new CliError(`--calibration: ${describeError(checked.error)}`, 2);
      }
      const level = process.env['LOG_LEVEL'] ?? 'info';
      const logger =
        chooseLogFormat(opts.logFormat, process.stdout.isTTY === true) === 'pretty'
          ? pino(
              { level },
              humanLog((text) => process.stdout.write(text), {
                verbose: level === 'debug' || level === 'trace',
              }),
            )
          : pino({ level });
      const table = snookerTable();
      const opened = MatchService.open(opts.db, {
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
      const server = await startServer({ port, host: opts.host, table, logger, service });
      const stopPipeline = new AbortController();
      // In the demo each clip is a position of its own: the table is set up from its first frame.
      const demo = { name: 'demo', role: 'referee' as const };
      const pipeline =
        source === undefined
          ? Promise.resolve()
          : runLive(
              {
                balls: (t, balls) => service.updateBalls(t, balls),
                stroke: (report) => {
                  const r = service.recordStroke(report);
                  if (!r.ok) logger.warn({ error: describeError(r.error) }, 'stroke not recorded');
                },
                restart: (setup, balls) => {
                  // Each clip is a position of its own: on a red unless the clip says otherwise.
                  const on = setup.on ?? 'red';
                  const r = balls
                    ? service.setTableFrom(demo, balls, on)
                    : service.act(demo, { type: 'setTable', on });
                  if (!r.ok) logger.warn({ error: r.error.message }, 'demo: cannot set the table up');
                  else if (setup.nominate) service.act(demo, { type: 'nominate', ball: setup.nominate });
                },
                source: (info) => service.updateSource(info),
                status: (status) => service.updateSourceStatus(status),
              },
              {
                sources,
                calibration,
                table,
                logger,
                loop: opts.source === undefined,
                ...(fps ? { fps } : {}),
              },
              stopPipeline.signal,
            ).catch((e: unknown) => logger.error({ error: (e as Error).message }, 'the pipeline stopped'));
      process.stdout.write(
        [
          `referee: serving on ${server.url}`,
          `  referee view: ${server.url}/referee   (${pinNote})`,
          `  overlay:      ${server.url}/overlay`,
          `  player:       ${server.url}/player`,
          `  watching:     ${source === undefined ? 'nothing (--no-demo)' : opts.source === undefined ? `the bundled demo (${sources.length} clips, looped)` : source}`,
          '',
        ].join('\n'),
      );
      const stop = (): void => {
        stopPipeline.abort();
        void pipeline
          .then(() => server.close())
          .then(() => {
            service.close();
            process.exit(0);
          });
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
};
