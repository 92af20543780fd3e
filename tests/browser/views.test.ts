// The three views in real Chromium against a real server: the referee confirms a foul, overrides a
// ruling and undoes it; the overlay draws the balls where the pipeline says; the player confirms a
// respot once the camera sees the ball on its spot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { openingBalls } from '../../src/games/snooker/rules/index.ts';
import { snookerTable } from '../../src/games/snooker/equipment.ts';
import type { ShotInput } from '../../src/games/snooker/session.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { snookerView, startTestServer, TEST_PIN, type TestServer } from '../helpers/server.ts';

const table = snookerTable();
const layout = () => openingBalls(table).map((b) => ({ id: b.id, x: b.x as number, y: b.y as number }));
const CUE = { id: 'cue' as const, x: 889, y: 300 };
const breakOff = (over: Partial<ShotInput> = {}): ShotInput => ({
  firstContact: ['red'],
  potted: [],
  offTable: [],
  fouls: [],
  after: [...layout(), CUE],
  ...over,
});

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  mkdirSync('.tmp', { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const openPage = async (path: string, viewport = { width: 1400, height: 900 }): Promise<Page> => {
  const page = await browser.newPage({ viewport });
  await page.goto(`${server.url}${path}`);
  await page.waitForSelector('body[data-ready="true"]');
  return page;
};

const signIn = async (page: Page): Promise<void> => {
  await page.fill('#name', 'Anna');
  await page.fill('#pin', TEST_PIN);
  await page.click('#login button[type="submit"]');
  await page.waitForSelector('body[data-auth="referee"]');
};

describe('/referee', () => {
  it('shows a foul as an alert with its penalty, and the referee confirms it', async () => {
    const page = await openPage('/referee');
    await signIn(page);
    server.service.recordMove({ shot: breakOff({ firstContact: [] }), start: 0, end: 1 });
    await page.waitForSelector('#alert:not([hidden])');
    expect(await page.textContent('#alert')).toMatch(/FOUL — 4 points to Player 2/);
    expect(await page.textContent('.player[data-player="1"] .score')).toBe('4');
    await page.click('#confirm');
    await page.waitForSelector('#log li[data-status="confirmed"]');
    expect(snookerView(server.service).rulings[0]).toMatchObject({ status: 'confirmed', by: 'Anna' });
    await page.screenshot({ path: '.tmp/referee-foul.png' });
    await page.close();
  });

  it('overrides a ruling (the cue ball did hit a red), then undoes the override', async () => {
    server.service.act({ name: 'setup', role: 'referee' }, { type: 'reRack' });
    const page = await openPage('/referee');
    await signIn(page);
    server.service.recordMove({ shot: breakOff({ firstContact: [] }), start: 0, end: 1 });
    await page.waitForSelector('#alert:not([hidden])');
    await page.click('#override-open');
    await page.selectOption('#ov-first', 'red');
    await page.click('#override button[type="submit"]');
    await page.waitForSelector('#log li[data-status="overridden"]');
    const last = () => snookerView(server.service).rulings.at(-1);
    expect(last()).toMatchObject({ status: 'overridden', foul: null, by: 'Anna' });
    await page.click('#undo');
    await page.waitForFunction(
      () => document.querySelector('#log li')?.getAttribute('data-status') === 'proposed',
    );
    expect(last()?.foul?.points).toBe(4);
    await page.close();
  });

  it('a page that is not signed in cannot change anything', async () => {
    const page = await openPage('/referee');
    const before = server.service.events.length;
    await page.click('#undo');
    // The alert may first show the last stroke's foul (still proposed); the refusal replaces it.
    await page.waitForFunction(() =>
      /UNAUTHORIZED/.test(document.querySelector('#alert')?.textContent ?? ''),
    );
    expect(await page.isVisible('#alert')).toBe(true);
    expect(server.service.events.length).toBe(before);
    await page.close();
  });
});

describe('/referee, as a new user found it', () => {
  it('keeps every override tick box on the same line as its words at 1280 × 800', async () => {
    server.service.act({ name: 'setup', role: 'referee' }, { type: 'reRack' });
    server.service.recordMove({ shot: breakOff(), start: 0, end: 1 });
    const page = await openPage('/referee', { width: 1280, height: 800 });
    await page.waitForSelector('#pending-box:not([hidden])');
    await page.click('#override-open');
    await page.waitForSelector('#override:not([hidden])');
    const apart = await page.$$eval('#override fieldset label', (labels) =>
      labels.flatMap((label) => {
        const input = label.querySelector('input');
        if (!input) return [`${label.textContent ?? ''}: no tick box`];
        const box = input.getBoundingClientRect();
        const range = document.createRange();
        const parted: string[] = [];
        for (const node of [...label.childNodes].flatMap((n) => (n === input ? [] : [n]))) {
          range.selectNodeContents(node);
          for (const r of range.getClientRects()) {
            if (r.width < 1) continue; // a collapsed space at a line end
            const overlap = Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top);
            if (overlap <= 0)
              parted.push(`${label.textContent?.trim() ?? ''} (box ${box.top}, text ${r.top})`);
          }
        }
        return parted;
      }),
    );
    expect(apart).toEqual([]);
    expect(await page.locator('#override fieldset label').count()).toBe(16);
    await page.screenshot({ path: '.tmp/referee-override-1280.png' });
    await page.close();
  });

  it('names the fouls in words, not identifiers, on the buttons and in the override form', async () => {
    const page = await openPage('/referee', { width: 1280, height: 800 });
    const words = await page.$$eval('#referee-fouls button, #ov-fouls label', (els) =>
      els.map((e) => e.textContent?.trim() ?? ''),
    );
    expect(words).toHaveLength(16);
    expect(words).toContain('double hit');
    expect(words).toContain('no foot on the floor');
    for (const w of words) expect(w).not.toMatch(/[a-z][A-Z]/);
    await page.close();
  });

  it("Undo beside the stroke takes back the stroke's own decision, not the nomination made since", async () => {
    server.service.act({ name: 'setup', role: 'referee' }, { type: 'reRack' });
    const page = await openPage('/referee');
    await signIn(page);
    const r = server.service.recordMove({ shot: breakOff({ firstContact: [] }), start: 0, end: 1 });
    if (!r.ok || !r.value) throw new Error('stroke not recorded');
    const stroke = r.value.move;
    await page.waitForSelector(`.latest-ruling[data-stroke="${stroke}"]`);
    // The referee overrides it (the cue ball did hit a red), then nominates for the next stroke.
    await page.click('#override-open');
    await page.selectOption('#ov-first', 'red');
    await page.click('#override button[type="submit"]');
    await page.waitForSelector('#log li[data-status="overridden"]');
    await page.click('#nominate button.ball-blue');
    await page.waitForFunction(() =>
      /nomination of the blue/.test(document.querySelector('#undo-last')?.textContent ?? ''),
    );
    expect(snookerView(server.service).nominated).toBe('blue');
    // The stroke's Undo names what it takes back: the override, though the nomination came after.
    expect(await page.textContent('#undo')).toBe(`Undo: the override of stroke ${stroke + 1}`);
    await page.click('#undo');
    await page.waitForSelector('#log li[data-status="proposed"]');
    await page.waitForSelector('#done:not([hidden])');
    expect(await page.textContent('#done')).toBe(`Undid the override of stroke ${stroke + 1}`);
    const view = () => snookerView(server.service);
    expect(view().nominated).toBe('blue');
    expect(view().rulings.at(-1)).toMatchObject({ stroke, status: 'proposed', foul: { points: 4 } });
    // With no decision left about it, the stroke's Undo takes back the stroke itself; the nomination stays.
    await page.waitForFunction(() =>
      /stroke as the camera saw it/.test(document.querySelector('#undo')?.textContent ?? ''),
    );
    expect(await page.textContent('#undo')).toBe('Undo: the stroke as the camera saw it');
    await page.click('#undo');
    await page.waitForFunction(() =>
      /Undid the stroke as the camera saw it/.test(document.querySelector('#done')?.textContent ?? ''),
    );
    expect(view().rulings.some((x) => x.stroke === stroke)).toBe(false);
    expect(view().pending?.stroke).not.toBe(stroke);
    expect(view().nominated).toBe('blue');
    await page.close();
  });
});

describe('the connection indicator', () => {
  it('/player and /referee show "live" in the live colour when connected', async () => {
    for (const path of ['/player', '/referee']) {
      const page = await openPage(path);
      await page.waitForSelector('#link.live');
      expect(await page.textContent('#link')).toBe('live');
      const colour = await page.$eval('#link', (e) => getComputedStyle(e).color);
      expect(colour).toBe('rgb(111, 208, 140)');
      await page.close();
    }
  });
});

describe('narrow and portrait screens', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 768, height: 1024 },
  ])
    for (const path of ['/referee', '/player'])
      it(`${path} at ${viewport.width} × ${viewport.height}: the table fills the width, nothing spills sideways`, async () => {
        const page = await openPage(path, viewport);
        const svg = await page.locator('svg#table').boundingBox();
        if (!svg) throw new Error('the table is not drawn');
        expect(svg.width).toBeGreaterThanOrEqual(0.9 * viewport.width);
        // The player, at the table with a phone, sees it upright: its length down the screen.
        if (path === '/player') expect(svg.height).toBeGreaterThan(svg.width);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(wide).toBeLessThanOrEqual(viewport.width);
        await page.screenshot({
          path: `.tmp${path}-${viewport.width}x${viewport.height}.png`,
          fullPage: true,
        });
        await page.close();
      });
});

describe('every view', () => {
  it("shows the pipeline's ruling as it is made: the referee's log, the overlay's banner, the player's line", async () => {
    server.service.act({ name: 'setup', role: 'referee' }, { type: 'reRack' });
    const pages = await Promise.all(['/referee', '/overlay', '/player'].map((path) => openPage(path)));
    const endedAt = Date.now() - 250;
    // WPBSA 3.10(a): the cue ball missed every ball: 4 away
    const r = server.service.recordMove({
      shot: breakOff({ firstContact: [] }),
      start: 0,
      end: 1,
      endedAt,
    });
    if (!r.ok || !r.value) throw new Error('stroke not recorded');
    const stroke = String(r.value.move);
    const shown = await Promise.all(
      pages.map(async (page) => {
        const el = await page.waitForSelector(`.latest-ruling[data-stroke="${stroke}"]`);
        return {
          text: await el.textContent(),
          foul: await el.evaluate((e) => e.classList.contains('foul')),
          endedAt: Number(await el.getAttribute('data-ended-at')),
        };
      }),
    );
    for (const s of shown) expect(s).toMatchObject({ foul: true, endedAt });
    expect(shown[0]?.text).toMatch(/FOUL, 4 away/);
    // The stream sees the result without the rule book's citation.
    expect(shown[1]?.text).toBe('FOUL — 4 to Player 2: the cue ball missed all object balls');
    expect(shown[2]?.text).toMatch(/FOUL, 4 away/);
    // The server times it too, for /api/health.
    expect(server.service.rulingLatency.strokes).toBeGreaterThan(0);
    expect(server.service.rulingLatency.lastMs).toBeGreaterThanOrEqual(250);
    await Promise.all(pages.map((p) => p.close()));
  });

  it("names the players in the ruling, not their places: the stream's banner and the referee's alert", async () => {
    server.service.act(
      { name: 'setup', role: 'referee' },
      { type: 'startMatch', players: ['Ronnie', 'Judd'], options: { bestOf: 3 } },
    );
    const [referee, overlay] = await Promise.all(['/referee', '/overlay'].map((path) => openPage(path)));
    if (!referee || !overlay) throw new Error('pages not opened');
    const r = server.service.recordMove({ shot: breakOff({ firstContact: [] }), start: 0, end: 1 });
    if (!r.ok || !r.value) throw new Error('stroke not recorded');
    const banner = await overlay.waitForSelector(`.latest-ruling[data-stroke="${r.value.move}"]`);
    // WPBSA 3.10(a): Ronnie missed every ball, 4 away to Judd.
    expect(await banner.textContent()).toBe('FOUL — 4 to Judd: the cue ball missed all object balls');
    await referee.waitForSelector('#alert:not([hidden])');
    expect(await referee.textContent('#alert')).toMatch(/FOUL — 4 points to Judd/);
    expect(await referee.textContent('#log li')).toMatch(/^Ronnie hit nothing/);
    await Promise.all([referee.close(), overlay.close()]);
  });
});

describe('/overlay', () => {
  it('draws each ball where the pipeline says, over a transparent background', async () => {
    const page = await openPage('/overlay?show=balls,score');
    const balls = [
      { id: 'cue' as const, x: 400, y: 900 },
      { id: 'black' as const, x: 889, y: 3245 },
      { id: 'red' as const, track: 'red7', x: 1200, y: 2800 },
    ];
    server.service.updateBalls(1000, balls);
    await page.waitForSelector('circle.ball-black');
    const drawn = await page.$$eval('circle.ball', (cs) =>
      cs.map((c) => ({
        id: c.getAttribute('data-id'),
        x: Number(c.getAttribute('data-x')),
        y: Number(c.getAttribute('data-y')),
      })),
    );
    expect(drawn).toEqual(balls.map(({ id, x, y }) => ({ id, x, y })));
    // screen position: the playing area's box maps table y to screen x, table x to screen y
    const area = await page.locator('#playing-area').boundingBox();
    const black = await page.locator('circle.ball-black').boundingBox();
    if (!area || !black) throw new Error('not drawn');
    const scale = area.width / table.length;
    expect(black.x + black.width / 2 - area.x).toBeCloseTo(3245 * scale, 0);
    expect(black.y + black.height / 2 - area.y).toBeCloseTo(889 * scale, 0);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgba(0, 0, 0, 0)');
    await page.screenshot({ path: '.tmp/overlay.png', omitBackground: true });
    await page.close();
  });
});

describe('/player', () => {
  it('confirms a respot only once the camera sees the ball within 5 mm of its spot', async () => {
    server.service.act({ name: 'setup', role: 'referee' }, { type: 'reRack' });
    const withoutPink = [...layout().filter((b) => b.id !== 'pink'), CUE];
    server.service.recordMove({
      shot: breakOff({ potted: ['pink'], after: withoutPink }),
      start: 0,
      end: 1,
    });
    const page = await openPage('/player');
    server.service.updateBalls(2000, [...withoutPink, { id: 'pink', x: 889 + 9, y: 2676.75 }]);
    await page.waitForSelector('li[data-id="pink"]');
    await page.waitForFunction(() =>
      document.querySelector('li[data-id="pink"]')?.textContent?.includes('9.0 mm'),
    );
    expect(await page.isDisabled('li[data-id="pink"] button')).toBe(true);
    server.service.updateBalls(2100, [...withoutPink, { id: 'pink', x: 889 + 2, y: 2676.75 + 1 }]);
    await page.waitForFunction(() =>
      document.querySelector('li[data-id="pink"]')?.textContent?.includes('2.2 mm'),
    );
    expect(await page.isDisabled('li[data-id="pink"] button')).toBe(false);
    await page.screenshot({ path: '.tmp/player.png' });
    await page.click('li[data-id="pink"] button');
    await page.waitForFunction(() =>
      document.querySelector('li[data-id="pink"]')?.textContent?.includes('confirmed'),
    );
    expect(snookerView(server.service).respots[0]?.confirmed).toBe(true);
    await page.close();
  });
});
