// A real server on port 0 for integration and browser tests, with logging silenced and the match log
// in memory unless a file is given.
import { pino } from 'pino';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server/app.ts';
import { MatchService } from '../../src/server/service.ts';
import { snookerTable } from '../../src/games/snooker/equipment.ts';
import { snooker } from '../../src/games/snooker/index.ts';
import type { MatchView } from '../../src/games/snooker/views.ts';

export const TEST_PIN = '246810';

export interface TestServer extends RunningServer {
  readonly service: MatchService;
}

export const startTestServer = async (
  db = ':memory:',
  options: Partial<ServerOptions> = {},
  now: () => number = () => Date.now(),
): Promise<TestServer> => {
  const logger = pino({ level: 'silent' });
  const table = snookerTable();
  const opened = MatchService.open(db, {
    game: snooker,
    table,
    logger,
    now,
    source: { description: 'test', dropped: 0, live: false },
  });
  if (!opened.ok) throw new Error(opened.error.message);
  const service = opened.value;
  service.setPin(TEST_PIN);
  const server = await startServer({ port: 0, host: '127.0.0.1', table, logger, service, ...options });
  return {
    ...server,
    service,
    close: async () => {
      await server.close();
      service.close();
    },
  };
};

/** The view a snooker page gets, as the pages type it. */
export const snookerView = (service: MatchService): MatchView => service.view as unknown as MatchView;
