// What every page has around the match, in every game the registry lists: a favicon (no 404 in any
// page's console) and, while the camera is not playing, a banner saying what failed and when it is
// tried again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pino } from 'pino';
import { GAMES } from '../../src/games/registry.ts';
import { startServer, type RunningServer } from '../../src/server/app.ts';
import { MatchService } from '../../src/server/service.ts';
import { launchBrowser } from '../helpers/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface GameServer extends RunningServer {
  readonly service: MatchService;
}

/** A real server for `game` on its standard table, nothing logged. */
const serve = async (game: (typeof GAMES)[number]): Promise<GameServer> => {
  const logger = pino({ level: 'silent' });
  const table = game.parseTable(undefined);
  if (!table.ok) throw new Error(table.error.message);
  const opened = MatchService.open(':memory:', {
    game,
    table: table.value,
    logger,
    now: () => Date.now(),
    source: { description: 'test', dropped: 0, live: false },
  });
  if (!opened.ok) throw new Error(opened.error.message);
  const service = opened.value;
  const server = await startServer({ port: 0, host: '127.0.0.1', table: table.value, logger, service });
  return {
    ...server,
    service,
    close: async () => {
      await server.close();
      service.close();
    },
  };
};

const PAGES = ['/referee', '/overlay', '/player'] as const;

/** Open `path` and keep every failed request and console error until the page has settled. */
const openWatched = async (
  server: RunningServer,
  path: string,
): Promise<{ page: Page; failures: string[]; errors: string[]; icons: string[] }> => {
  const page = await browser.newPage();
  const failures: string[] = [];
  const errors: string[] = [];
  const icons: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
    if (/favicon/.test(r.url())) icons.push(`${r.status()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => failures.push(`failed ${r.url()}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${server.url}${path}`);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForLoadState('networkidle');
  return { page, failures, errors, icons };
};

for (const game of GAMES)
  describe(`every page of ${game.id}`, () => {
    let server: GameServer;
    beforeAll(async () => {
      server = await serve(game);
    });
    afterAll(() => server?.close());

    it('loads its favicon and has no 404 (nor any other error) in its console', async () => {
      for (const path of PAGES) {
        const { page, failures, errors, icons } = await openWatched(server, path);
        expect({ path, failures, errors }).toEqual({ path, failures: [], errors: [] });
        expect(icons).toEqual([`200 ${server.url}/favicon.svg`]);
        await page.close();
      }
      const ico = await fetch(`${server.url}/favicon.ico`);
      expect([ico.status, ico.headers.get('content-type')]).toEqual([200, 'image/svg+xml; charset=utf-8']);
    });

    it('shows a banner while the source is not playing, with the reason and a countdown; none while it plays', async () => {
      const pages = await Promise.all(PAGES.map(async (p) => (await openWatched(server, p)).page));
      for (const page of pages) expect(await page.isVisible('#source-banner')).toBe(false);
      server.service.updateSourceStatus({
        state: 'retrying',
        reason: 'cannot open demo.mp4: ffprobe was not found',
        failures: 3,
        retryAt: Date.now() + 20_000,
      });
      for (const page of pages) {
        await page.waitForSelector('#source-banner:not([hidden])');
        expect(await page.textContent('#source-banner')).toMatch(
          /^Camera: failed: cannot open demo\.mp4: ffprobe was not found; retrying in (19|20) s$/,
        );
      }
      await pages[0]?.screenshot({ path: `.tmp/source-banner-${game.id}.png` });
      server.service.updateSourceStatus({ state: 'playing' });
      for (const page of pages) {
        await page.waitForSelector('#source-banner', { state: 'hidden' });
        await page.close();
      }
    });
  });
