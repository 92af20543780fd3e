// A real server on port 0 for integration and browser tests, with logging silenced.
import { pino } from 'pino';
import { startServer, type RunningServer } from '../../src/server/app.ts';
import { snookerTable } from '../../src/table/bed.ts';

export const startTestServer = (): Promise<RunningServer> =>
  startServer({ port: 0, host: '127.0.0.1', table: snookerTable(), logger: pino({ level: 'silent' }) });
