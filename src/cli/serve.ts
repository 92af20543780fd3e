// `referee serve` (CONTRACTS.md §6): what `npm start` runs.
import type { Command } from 'commander';
import { pino } from 'pino';
import { CliError } from '../errors.ts';
import { snookerTable } from '../table/bed.ts';
import { startServer } from '../server/app.ts';

const parsePort = (value: string): number => {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new CliError(`--port: not a TCP port: ${value}`, 2);
  return port;
};

export const registerServe = (program: Command): void => {
  program
    .command('serve')
    .description('serve the referee, overlay and player views (with no source, the bundled demo)')
    .option('--port <port>', 'TCP port (or the PORT environment variable)', process.env['PORT'] ?? '8080')
    .option('--host <host>', 'address to listen on', '0.0.0.0')
    .action(async (opts: { port: string; host: string }) => {
      const logger = pino({ level: process.env['LOG_LEVEL'] ?? 'info' });
      const server = await startServer({
        port: parsePort(opts.port),
        host: opts.host,
        table: snookerTable(),
        logger,
      });
      process.stdout.write(`referee: serving on ${server.url}\n  referee view: ${server.url}/referee\n`);
      const stop = (): void => {
        void server.close().then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
};
