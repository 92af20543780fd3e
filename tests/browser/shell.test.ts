// What every page has around the match: a favicon (no 404 in any page's console) and, while the
// camera is not playing, a banner saying what failed and when it is tried again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const PAGES = ['/referee', '/overlay', '/player'] as const;

/** Open `path` and keep every failed request and console error until the page has settled. */
const openWatched = async (
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

describe('every page', () => {
  it('loads its favicon and has no 404 (nor any other error) in its console', async () => {
    for (const path of PAGES) {
      const { page, failures, errors, icons } = await openWatched(path);
      expect({ path, failures, errors }).toEqual({ path, failures: [], errors: [] });
      expect(icons).toEqual([`200 ${server.url}/favicon.svg`]);
      await page.close();
    }
    const ico = await fetch(`${server.url}/favicon.ico`);
    expect([ico.status, ico.headers.get('content-type')]).toEqual([200, 'image/svg+xml; charset=utf-8']);
  });

  it('shows a banner while the source is not playing, with the reason and a countdown; none while it plays', async () => {
    const pages = await Promise.all(PAGES.map(async (p) => (await openWatched(p)).page));
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
    await pages[0]?.screenshot({ path: '.tmp/source-banner.png' });
    server.service.updateSourceStatus({ state: 'playing' });
    for (const page of pages) {
      await page.waitForSelector('#source-banner', { state: 'hidden' });
      await page.close();
    }
  });
});
