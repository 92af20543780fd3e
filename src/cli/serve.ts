// `referee serve` (CONTRACTS.md §6): what `npm start` runs. Opens the match log, makes sure the
// referee has a PIN, serves the views, and (with a source) runs the pipeline into them.
import type { Command } from 'commander';
import { pino } from 'pino';
import { CliError, describeError } from '../errors.ts';
import { snookerTable } from '../table/bed.ts';
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
}

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
    .action(async (opts: ServeOptions) => {
      const port = parsePort(opts.port);
      const logger = pino({ level: process.env['LOG_LEVEL'] ?? 'info' });
      const table = snookerTable();
      const opened = MatchService.open(opts.db, {
        table,
        logger,
        now: () => Date.now(),
        source: { description: 'no source', dropped: 0, live: false },
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
      process.stdout.write(
        [
          `referee: serving on ${server.url}`,
          `  referee view: ${server.url}/referee   (${pinNote})`,
          `  overlay:      ${server.url}/overlay`,
          `  player:       ${server.url}/player`,
          '',
        ].join('\n'),
      );
      const stop = (): void => {
        void server.close().then(() => {
          service.close();
          process.exit(0);
        });
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
};
