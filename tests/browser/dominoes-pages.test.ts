// The dominoes pages in real Chromium on a real server (port 0, the match log in memory): the referee
// enters moves by hand and sees the chain and the clock count down; the overlay shows the chain and the
// scores; players sign the score sheet on /player and the referee countersigns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { pino } from 'pino';
import { launchBrowser } from '../helpers/browser.ts';
import { startServer, type RunningServer } from '../../src/server/app.ts';
import { MatchService } from '../../src/server/service.ts';
import { dominoes } from '../../src/games/dominoes/index.ts';
import { FISH } from '../games/dominoes/rounds.ts';
import { leftInHand } from '../games/dominoes/helpers.ts';

const PIN = '135790';
let server: RunningServer;
let service: MatchService;
let browser: Browser;
let referee: Page;
// The server's clock runs `skew` ms ahead of the wall clock when a test says so; its timers are fired by
// the test (a fake timer: the move clock's 20 s are not waited for).
let skew = 0;
const timers: { fire: () => void; live: boolean }[] = [];
const fireTimers = (): void => {
  for (const t of timers.splice(0)) if (t.live) t.fire();
};

const act = (message: Record<string, unknown>): void => {
  const r = service.act({ name: 'Ref', role: 'referee' }, message as never);
  if (!r.ok) throw new Error(r.error.message);
};

beforeAll(async () => {
  const logger = pino({ level: 'silent' });
  const table = dominoes.parseTable('dominoes');
  if (!table.ok) throw new Error(table.error.message);
  const opened = MatchService.open(':memory:', {
    game: dominoes,
    table: table.value,
    logger,
    now: () => Date.now() + skew,
    source: { description: 'test', dropped: 0, live: false },
    setTimer: (fire) => {
      const t = { fire, live: true };
      timers.push(t);
      return () => {
        t.live = false;
      };
    },
  });
  if (!opened.ok) throw new Error(opened.error.message);
  service = opened.value;
  service.setPin(PIN);
  server = await startServer({ port: 0, host: '127.0.0.1', table: table.value, logger, service });
  browser = await launchBrowser();
  referee = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await referee.goto(`${server.url}/referee`);
  await referee.waitForSelector('body[data-ready="true"]');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  service?.close();
});

describe('/referee (dominoes)', () => {
  it('signs in with the PIN and starts a match of four', async () => {
    await referee.fill('#name', 'Ref');
    await referee.fill('#pin', PIN);
    await referee.click('#login button[type="submit"]');
    await referee.waitForSelector('body[data-auth="referee"]');
    for (const [p, name] of ['Ann', 'Bob', 'Cat', 'Dan'].entries())
      await referee.fill(`#start-names input[data-player="${p}"]`, name);
    await referee.click('#start button[type="submit"]');
    await expect.poll(() => referee.textContent('.team[data-team="0"] .names')).toBe('Ann & Cat');
    expect(await referee.textContent('#turn')).toMatch(/Ann to move \(20 s/);
  });

  it('enters a tile by hand and draws it; the next tile goes on its end; a double lies crosswise', async () => {
    await referee.click('#tile-picker button[data-tile="1:6"]');
    await referee.click('#put-down');
    await referee.waitForSelector('svg#table g.tile[data-tile="6:1"]');
    expect(await referee.textContent('#turn')).toMatch(/Bob to move/);
    await referee.click('#tile-picker button[data-tile="3:6"]');
    await referee.click('#put-down');
    await referee.waitForSelector('svg#table g.tile[data-tile="3:6"], svg#table g.tile[data-tile="6:3"]');
    expect(await referee.locator('svg#table g.tile').count()).toBe(2);
    // [6, 1] starts the chain as given (ends 6 and 1); [6, 3] goes on the 6.
    expect(await referee.textContent('#ends')).toBe('3 · 1');
    // A tile that does not match is refused with the reason.
    await referee.click('#tile-picker button[data-tile="4:4"]');
    await referee.click('#put-down');
    await expect.poll(() => referee.textContent('#error')).toMatch(/\[4, 4\] matches neither end \(3, 1\)/);
    // Each tile is drawn with its pips: [6|1] and [6|3] (or [3|6]) carry 7 and 9.
    expect(await referee.locator('svg#table g.tile[data-tile="6:1"] circle.pip').count()).toBe(7);
    await referee.click('#tile-picker button[data-tile="3:5"]');
    await referee.click('#put-down');
    await referee.click('#tile-picker button[data-tile="5:5"]');
    await referee.click('#put-down');
    await referee.waitForSelector('svg#table g.tile.double');
    const dbl = await referee.locator('svg#table g.tile.double rect').evaluate((e) => {
      const b = (e as SVGGraphicsElement).getBBox();
      return { width: b.width, height: b.height };
    });
    expect(dbl.height).toBeGreaterThan(dbl.width); // crosswise to the row
  });

  it('the clock counts down for the player to move, and runs over into red', async () => {
    const first = await referee.textContent('#clock');
    expect(first).toMatch(/^(20|19) s$/);
    await referee.waitForTimeout(1300);
    const later = Number((await referee.textContent('#clock'))?.replace(/\D/g, ''));
    expect(later).toBeLessThan(Number(first?.replace(/\D/g, '')));
    // The turn began long ago as far as the view says: the clock shows the overrun.
    await referee.evaluate(() => {
      const realNow = Date.now.bind(Date);
      Date.now = () => realNow() + 25_000;
    });
    await expect.poll(() => referee.textContent('#clock')).toMatch(/over/);
    expect(await referee.getAttribute('#clock', 'class')).toMatch(/overrun/);
    await referee.click('#clock-over');
    await expect.poll(() => referee.locator('#alerts li[data-kind="clock"]').count()).toBe(1);
    expect(await referee.textContent('#alerts li[data-kind="clock"]')).toMatch(/Ann \(player 1\): a warning/);
  });

  it('the server’s clock raises "clock exceeded" when the turn’s time passes, with a sound; an alert from following play sounds too', async () => {
    // The page's clock back to the wall clock (the test before moved it on), so only the server says when.
    await referee.evaluate(() => {
      Date.now = () => Math.round(performance.timeOrigin + performance.now());
    });
    // Ann plays [1, 2] on the 1: Bob's 20 s (the hands unknown) begin on the server's clock.
    act({ type: 'enterMove', move: { player: 0, tile: [1, 2] } });
    await expect
      .poll(() => referee.textContent('#turn'))
      .toMatch(/Bob to move \(20 s, hands unknown: a 5-s clock cannot be told yet\)/);
    const beeps = Number((await referee.getAttribute('body', 'data-beeps')) ?? '0');
    skew = 21_000;
    fireTimers();
    await expect.poll(() => referee.locator('#alerts li[data-kind="clockExceeded"]').count()).toBe(1);
    expect(await referee.textContent('#alerts li[data-kind="clockExceeded"]')).toMatch(
      /clock exceeded: Bob \(player 2\) has had his 20 s \(the hands are not known/,
    );
    // One sound for the run-out clock (the page's countdown and the server's alert are the same event).
    await expect.poll(() => referee.getAttribute('body', 'data-beeps')).toBe(String(beeps + 1));
    expect(await referee.getAttribute('body', 'data-last-beep')).toBe('clock');
    // Following play saw a tile put down touching no end: shown and sounded.
    service.alertSeen({
      kind: 'misplaced',
      message: '[2, 2] was put down touching neither end of the chain',
    });
    await expect.poll(() => referee.locator('#alerts li[data-kind="misplaced"]').count()).toBe(1);
    await expect.poll(() => referee.getAttribute('body', 'data-last-beep')).toBe('misplaced');
    expect(await referee.getAttribute('body', 'data-beeps')).toBe(String(beeps + 2));
    // Undo takes Ann's [1, 2] back (and the referee's decision clears what following play saw).
    skew = 0;
    await referee.click('#undo');
    await expect.poll(() => referee.textContent('#turn')).toMatch(/Ann to move/);
    expect(await referee.locator('#alerts li[data-kind="misplaced"]').count()).toBe(0);
    expect(await referee.locator('#alerts li[data-kind="clockExceeded"]').count()).toBe(0);
  });

  it('a penalty is a button in words, and Undo says what it takes back', async () => {
    await referee.click('#pair-penalties button:nth-child(2)');
    await expect.poll(() => referee.textContent('.team[data-team="1"] .score')).toBe('-40');
    expect(await referee.textContent('#undo')).toBe('Undo the penalty on pair 2 (players 2 and 4)');
    await referee.click('#undo');
    await expect.poll(() => referee.textContent('.team[data-team="1"] .score')).toBe('0');
  });

  it('looks right in a screenshot', async () => {
    mkdirSync('.tmp', { recursive: true });
    const shot = await referee.screenshot({ path: '.tmp/dominoes-referee.png', fullPage: true });
    expect(shot.byteLength).toBeGreaterThan(10_000);
  });
});

describe('/overlay and /player (dominoes)', () => {
  it('the overlay shows the chain, the pairs’ scores and whose turn', async () => {
    const overlay = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    await overlay.goto(`${server.url}/overlay`);
    await overlay.waitForSelector('body[data-ready="true"]');
    await overlay.waitForSelector('svg#table g.tile');
    expect(await overlay.locator('svg#table g.tile').count()).toBe(4);
    expect(await overlay.textContent('.team[data-team="1"] .names')).toBe('Bob & Dan');
    expect(await overlay.textContent('#turn')).toMatch(/Ann to play/);
    const bg = await overlay.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgba(0, 0, 0, 0)');
    await overlay.close();
  });

  it('players sign the round’s sheet per pair; the referee countersigns; all are events in the log', async () => {
    // A round played through and its hands shown (as the referee would enter them).
    act({ type: 'newRound', abandon: true, leader: 0 });
    for (const move of FISH.moves) act({ type: 'enterMove', move });
    act({
      type: 'handsShown',
      left: FISH.hands.map((hand, p) =>
        leftInHand(
          hand,
          FISH.moves.filter((m) => m.player === p),
        ),
      ),
    });
    const player = await browser.newPage({ viewport: { width: 1100, height: 700 } });
    await player.goto(`${server.url}/player`);
    await player.waitForSelector('body[data-ready="true"]');
    await player.waitForSelector('#sheet tr[data-round="2"] button.sign');
    expect(await player.textContent('#sheet tr[data-round="2"]')).toMatch(/fish: Ann & Cat \+90/);
    await player.fill('#signer', 'Cat');
    await player.click('#sheet tr[data-round="2"] button.sign[data-team="0"]');
    await expect.poll(() => player.locator('#sheet tr[data-round="2"] button.sign').count()).toBe(1);
    await player.fill('#signer', 'Bob');
    await player.click('#sheet tr[data-round="2"] button.sign[data-team="1"]');
    await expect.poll(() => player.locator('#sheet tr[data-round="2"] button.sign').count()).toBe(0);
    expect(await player.getAttribute('#sheet tr[data-round="2"]', 'data-signed')).toBe('false');
    // The referee countersigns on his page.
    await referee.click('#sheet tr[data-round="2"] button');
    await expect.poll(() => player.getAttribute('#sheet tr[data-round="2"]', 'data-signed')).toBe('true');
    expect(await player.textContent('#sheet tr[data-round="2"]')).toMatch(/CatBobRef/);
    const signatures = service.events.filter(
      (e) => e.event.type === 'action' && ['signSheet', 'countersign'].includes(e.event.action.type),
    );
    expect(signatures.map((e) => e.by)).toEqual(['player', 'player', 'Ref']);
    await player.screenshot({ path: '.tmp/dominoes-player.png' });
    await player.close();
  });
});
