// Black-ball's three pages in real Chromium against a real server on port 0 running the black-ball
// definition: the referee sees a foul break with its seed section, confirms it, calls a foul only a
// person sees (a button in words) and undoes it (the button says what it undoes); the overlay draws
// numbered balls as solids and stripes with the latest ruling as a banner; the player takes the cue
// ball in hand on the free kick and sees the cabin and whether the cue ball is in it. Then the same
// three pages from `referee serve --game blackball` playing a pool clip.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blackball } from '../../src/games/blackball/index.ts';
import { openingLayout } from '../../src/games/blackball/layout.ts';
import type { BlackballView } from '../../src/games/blackball/view.ts';
import { namedPoolTable } from '../../src/games/blackball/table.ts';
import { startServer, type RunningServer } from '../../src/server/app.ts';
import { MatchService } from '../../src/server/service.ts';
import { ONNX_FILE } from '../../src/vision/classify/index.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { startReferee, waitForOutput } from '../helpers/spawn.ts';

const PIN = '246810';
const table = namedPoolTable();
const layout = openingLayout(table).map(({ id, x, y }) => ({ id, x, y }));

let service: MatchService;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  const logger = pino({ level: 'silent' });
  const opened = MatchService.open(':memory:', {
    game: blackball,
    table,
    logger,
    now: () => Date.now(),
    source: { description: 'test', dropped: 0, live: false },
  });
  if (!opened.ok) throw new Error(opened.error.message);
  service = opened.value;
  service.setPin(PIN);
  server = await startServer({ port: 0, host: '127.0.0.1', table, logger, service });
  browser = await launchBrowser();
  mkdirSync('.tmp', { recursive: true });
  // A foul break: nothing potted, one ball over the centre line (seed 2.5(b)).
  const recorded = service.recordMove({
    shot: {
      firstContact: ['1'],
      potted: [],
      offTable: [],
      cushionAfterContact: true,
      crossedCentre: ['1'],
      fouls: [],
      after: layout,
    },
    before: layout,
    start: 0,
    end: 1000,
    endedAt: Date.now(),
  });
  if (!recorded.ok) throw new Error(recorded.error.message);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  service?.close();
});

const view = (): BlackballView => service.view as unknown as BlackballView;

const openPage = async (path: string): Promise<Page> => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${server.url}${path}`);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
};

describe('/referee for black-ball', () => {
  it('shows the foul break, confirms it, and undoes a referee-called foul saying what it undoes', async () => {
    const page = await openPage('/referee');
    await page.fill('#name', 'Anna');
    await page.fill('#pin', PIN);
    await page.click('#login button[type="submit"]');
    await page.waitForSelector('body[data-auth="referee"]');
    await page.waitForSelector('#alert:not([hidden])');
    expect(await page.textContent('#alert')).toMatch(
      /FOUL by Player 1 — free kick to Player 2: .*seed 2\.5\(b\)/,
    );
    expect(await page.textContent('#flags')).toContain('FREE KICK');
    expect(await page.textContent('.player[data-player="0"] .fouls')).toBe('fouls 1');
    // The fouls only a person sees are buttons in words, not identifiers.
    const labels = await page.locator('#referee-fouls button').allTextContents();
    expect(labels).toContain('push stroke');
    expect(labels).toContain('no attempt to hit a ball on');
    expect(labels.join(' ')).not.toMatch(/doubleHit|noAttempt/);
    await page.click('#confirm');
    await page.waitForSelector('#log li[data-status="confirmed"]');
    expect(view().rulings[0]).toMatchObject({ status: 'confirmed', by: 'Anna' });
    await page.click('#referee-fouls button[data-foul="doubleHit"]');
    await page.waitForFunction(() =>
      document.querySelector('#undo')?.textContent?.includes('the double hit called on stroke 1'),
    );
    expect(view().rulings[0]?.foul?.reasons.join()).toMatch(/struck more than once/);
    await page.screenshot({ path: '.tmp/blackball-referee.png' });
    await page.click('#undo');
    await page.waitForFunction(() => document.querySelector('#undo')?.textContent?.includes('confirmation'));
    expect(view().rulings[0]?.fouls).toEqual([]);
    await page.close();
  });
});

describe('/overlay for black-ball', () => {
  it('draws numbered solids and stripes, the groups, and the latest ruling as a banner', async () => {
    const page = await openPage('/overlay');
    await page.waitForSelector('#ruling:not([hidden])');
    expect(await page.textContent('#ruling')).toMatch(/^FOUL — free kick to Player 2/);
    expect(await page.textContent('#ruling')).toMatch(/crossed the centre line$/);
    await page.waitForSelector('g.ball-11');
    // A stripe: a white ball with a coloured band; a solid: the colour itself; both numbered.
    expect(await page.getAttribute('g.ball-11', 'data-stripe')).toBe('true');
    expect(await page.locator('g.ball-11 path.stripe-band').count()).toBe(1);
    expect(await page.getAttribute('g.ball-11 circle.ball-body', 'fill')).toBe('#f4f1e6');
    expect(await page.getAttribute('g.ball-11 path.stripe-band', 'fill')).toBe('#c4161a');
    expect(await page.getAttribute('g.ball-3 circle.ball-body', 'fill')).toBe('#c4161a');
    expect(await page.locator('g.ball-3 path.stripe-band').count()).toBe(0);
    expect(await page.textContent('g.ball-11 text.ball-number')).toBe('11');
    expect(await page.locator('g.ball-cue text').count()).toBe(0);
    expect(await page.locator('g.ball').count()).toBe(16);
    expect(await page.textContent('#groups')).toContain('Player 1: open');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgba(0, 0, 0, 0)');
    await page.screenshot({ path: '.tmp/blackball-overlay.png', omitBackground: true });
    await page.close();
  });
});

describe('/player for black-ball', () => {
  it('takes the cue ball in hand on the free kick and shows the cabin and where the cue ball lies', async () => {
    const page = await openPage('/player');
    await page.waitForSelector('#take-in-hand:not([hidden])');
    expect(await page.textContent('#instructions')).toMatch(/free kick/);
    expect(await page.isHidden('#foot-spot-box')).toBe(true);
    await page.click('#take-in-hand');
    await page.waitForSelector('#cabin');
    expect(view().cueInHand).toBe(true);
    const others = layout.filter((b) => b.id !== 'cue');
    service.updateBalls(3000, [...others, { id: 'cue', x: 635, y: 900 }]);
    await page.waitForSelector('#cabin[data-cue="outside"]');
    expect(await page.textContent('#cue-status')).toMatch(/outside the cabin, 392 mm past the head line/);
    service.updateBalls(3100, [...others, { id: 'cue', x: 400, y: 300 }]);
    await page.waitForSelector('#cabin[data-cue="inside"]');
    expect(await page.textContent('#cue-status')).toMatch(/in the cabin/);
    await page.screenshot({ path: '.tmp/blackball-player.png' });
    await page.close();
  });
});

describe('the three views on a pool clip served by `referee serve --game blackball`', () => {
  // The foul break (fixtures/pool-foul-break: a soft break, nothing potted, no ball over the centre
  // line) through the whole pipeline: ffmpeg, vision with the pool classifier, tracking, the rules.
  const MODEL = blackball.perception.kind === 'balls' ? blackball.perception.modelDir : '';
  const CAN_SEE = existsSync(path.join(MODEL, ONNX_FILE));
  let child: ChildProcess | undefined;
  let url = '';
  const dir = mkdtempSync(path.join(tmpdir(), 'blackball-serve-'));

  beforeAll(async () => {
    child = startReferee(
      [
        'serve',
        '--game',
        'blackball',
        '--source',
        'fixtures/pool-foul-break/clip.mp4',
        '--calibration',
        'calibration/pool-demo.json',
        '--port',
        '0',
        '--host',
        '127.0.0.1',
        '--db',
        path.join(dir, 'serve.sqlite'),
        '--pin',
        PIN,
      ],
      { LOG_LEVEL: 'silent' },
    );
    [, url = ''] = await waitForOutput(child, /serving on (http:\/\/localhost:\d+)/, 60_000);
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  });

  const served = async (p: string): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${url}${p}`);
    await page.waitForSelector('body[data-ready="true"]');
    return page;
  };

  it('serves black-ball’s referee, overlay and player pages on a 9 ft bed', async () => {
    const referee = await served('/referee');
    expect(await referee.locator('#ov-crossed').count()).toBe(1);
    const overlay = await served('/overlay');
    expect(await overlay.locator('#groups').count()).toBe(1);
    const player = await served('/player');
    expect(await player.locator('#take-in-hand').count()).toBe(1);
    const health = (await (await fetch(`${url}/api/view`)).json()) as { game?: string };
    expect(health.game).toBe('blackball');
    await Promise.all([referee.close(), overlay.close(), player.close()]);
  });

  it.skipIf(!CAN_SEE)(
    'the foul break as the camera saw it: the referee’s alert with seed 2.5(b), the numbered balls on the overlay, the free kick on the player’s page',
    async () => {
      const referee = await served('/referee');
      await referee.fill('#name', 'Anna');
      await referee.fill('#pin', PIN);
      await referee.click('#login button[type="submit"]');
      await referee.waitForSelector('body[data-auth="referee"]');
      await referee.waitForSelector('#alert:not([hidden])', { timeout: 90_000 });
      expect(await referee.textContent('#alert')).toMatch(
        /FOUL by Player 1 — free kick to Player 2: .*seed 2\.5\(b\)/,
      );
      const overlay = await served('/overlay');
      await overlay.waitForSelector('#ruling:not([hidden])');
      expect(await overlay.textContent('#ruling')).toMatch(/^FOUL — free kick to Player 2/);
      expect(await overlay.locator('g.ball').count()).toBe(16);
      expect(await overlay.getAttribute('g.ball-11', 'data-stripe')).toBe('true');
      const player = await served('/player');
      await player.waitForSelector('#take-in-hand:not([hidden])');
      expect(await player.textContent('#instructions')).toMatch(/free kick/);
      await Promise.all([referee.close(), overlay.close(), player.close()]);
    },
    150_000,
  );
});
