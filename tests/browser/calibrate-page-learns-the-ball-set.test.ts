// The club's ball set learned on /calibrate (issue 14): the person installing sets the balls up, presses
// Learn the ball set, and the referee names the club's own balls by it from then on, without a command
// line. Held-out 36's maroon-referee set, whose rosewood brown the classifier calls pink with certainty
// (tests/vision-a-club-ball-set-learned-from-its-set-up): `serve` follows its set-up picture (one no
// benchmark case draws), the page's button learns it — the same file `referee learn-looks` writes from
// that picture, kept beside the calibration — and the running detector takes it. Then `serve` is
// started again on a frame of play with the brown alone on a side cushion and no --looks: it finds the
// set beside the calibration and names the brown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drawCase, installCase } from '../../bench/detect-alt.ts';
import { drawAltFrame } from '../helpers/alt-frame.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { loadDemoCalibration } from '../helpers/games.ts';
import { runReferee } from '../helpers/spawn.ts';
import { stillFolder, writePng } from '../helpers/still-source.ts';
import { startServeProcess, type ServeProcess } from '../../scripts/serve-process.ts';

const PIN = '246810';
const dir = mkdtempSync(path.join(tmpdir(), 'referee-ball-set-'));
const calibration = path.join(dir, 'camera.json');
const setUpPicture = path.join(dir, 'set-up.png');
const playPicture = path.join(dir, 'play.png');
/** Where the brown lies in the frame of play (the side cushion), mm. */
const BROWN = { x: 1408.7, y: 26.8 };
let server: ServeProcess | undefined;
let browser: Browser;

/** What serve logged, by message. */
const logged: string[] = [];
const serve = (folder: string): Promise<ServeProcess> =>
  startServeProcess(PIN, ['--source', folder, '--fps', '5', '--calibration', calibration], {
    logLevel: 'info',
    onLog: (line) => {
      if (line.startsWith('{')) logged.push((JSON.parse(line) as { msg: string }).msg);
    },
  });

beforeAll(async () => {
  copyFileSync('calibration/demo.json', calibration);
  const k = installCase(loadDemoCalibration(), 'held-out-36', 'maroon-referee', '1080p');
  await writePng(setUpPicture, await drawCase(k));
  await writePng(playPicture, (await drawAltFrame('held-out-36', 12_101_001)).image);
  server = await serve(stillFolder(path.join(dir, 'set-up'), setUpPicture));
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("the club's ball set, learned on /calibrate", () => {
  it('Learn the ball set writes what learn-looks writes from the picture, beside the calibration, and the running detector takes it', async () => {
    const url = server?.url ?? '';
    const page = await browser.newPage({ viewport: { width: 1600, height: 1200 } });
    await page.goto(`${url}/calibrate`);
    await page.fill('#name', 'installer');
    await page.fill('#pin', PIN);
    await page.click('#login button');
    // Opened before the source's first frame, the page waits for it.
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    expect(await page.locator('#ball-set').isVisible()).toBe(true);
    expect(await page.locator('#ball-set-state').textContent()).toBe(
      'not learned: the balls are named by the classifier alone',
    );
    await page.click('#learn');
    await page.waitForSelector('body[data-learned="true"]', { timeout: 60_000 });
    const beside = `${calibration}.looks.json`;
    expect(await page.locator('#message').textContent()).toBe(
      `Learned cue, red, yellow, green, brown, blue, pink, black into ${beside}. The referee uses it now.`,
    );
    expect(await page.locator('#ball-set-state').textContent()).toBe(`learned, in use (${beside})`);
    expect(logged).toContain('the detector took the new ball set');
    // The same set the command learns from the same picture, byte for byte.
    const cli = await runReferee(['learn-looks', '--calibration', calibration, setUpPicture]);
    expect(cli.code).toBe(0);
    expect(readFileSync(beside, 'utf8')).toBe(cli.stdout);
    // A page opened afterwards says the set is in use.
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    expect(await page.locator('#ball-set-state').textContent()).toBe(`learned, in use (${beside})`);
    await page.close();
  }, 120_000);

  it('serve started again finds the set beside the calibration and names the brown on the side cushion', async () => {
    await server?.stop();
    server = undefined;
    expect(existsSync(`${calibration}.looks.json`)).toBe(true);
    server = await serve(stillFolder(path.join(dir, 'play'), playPicture));
    const url = server.url;
    const near = async (): Promise<string[]> => {
      const view = (await (await fetch(`${url}/api/view`)).json()) as {
        balls?: { id: string; x: number; y: number }[];
      };
      return (view.balls ?? []).filter((b) => Math.hypot(b.x - BROWN.x, b.y - BROWN.y) < 26).map((b) => b.id);
    };
    await expect.poll(near, { timeout: 60_000, interval: 500 }).toEqual(['brown']);
  }, 120_000);

  it('a picture whose balls are not set up is refused, naming the empty places; the set in use is kept', async () => {
    const url = server?.url ?? '';
    const before = readFileSync(`${calibration}.looks.json`, 'utf8');
    const res = await fetch(`${url}/api/calibration/looks`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${PIN}` },
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('IMPOSSIBLE_STATE');
    expect(body.error.message).toMatch(/places have no ball seen on them \(the red's \(889, 2730\)/);
    expect(readFileSync(`${calibration}.looks.json`, 'utf8')).toBe(before);
    expect((await fetch(`${url}/api/calibration/looks`, { method: 'POST' })).status).toBe(401);
  }, 60_000);
});
