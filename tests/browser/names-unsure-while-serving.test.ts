// The balls' names unsure while `referee serve` runs, and the referee told so (issue 14: "a hint on the
// referee's page where the white is rarely recognised", held-out 46's first run): serve follows a
// folder of frames of held-out 46's celery table, whose cue ball, yellowed with age, the classifier
// calls yellow, so no ball is called the white and the names go by a white chosen by likeness (the
// pale pink, named the cue ball). With no ball set given or kept, after a few seconds of such frames
// /health says the names are unsure and the referee's page raises the alert, with the way to fix it:
// /calibrate's Learn. Then the balls are set up (the frames become the table's opening): the set is
// learned by itself, and the alert clears. The folder's frames are links to one picture, replaced
// when the test sets the balls up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drawAltFrame } from '../helpers/alt-frame.ts';
import { serveStill, showPicture, type StillServe } from '../helpers/serve-still.ts';
import { pngOf } from '../helpers/still-source.ts';

/** The celery table of held-out 46: a cluster after the break, and its opening (the balls set up). */
const CLUSTER = 13_102_000;
const OPENING = 13_100_000;
/** Frames in the folder: played as fast as they are detected, they must last past both checks. */
const FRAMES = 3000;

const dir = mkdtempSync(path.join(tmpdir(), 'referee-names-'));
const picture = path.join(dir, 'picture.png');
let serving: StillServe | undefined;
let url: string;
let browser: Browser;
let referee: Page;

interface Health {
  names?: { state: string; text: string; at: number };
}
const health = async (): Promise<Health> => (await (await fetch(`${url}/api/health`)).json()) as Health;

/** From the next frame decoded on, the picture is held-out 46's frame `seed`. */
const show = async (seed: number): Promise<void> => {
  const { image } = await drawAltFrame('held-out-46', seed);
  showPicture(picture, await pngOf(image));
};

beforeAll(async () => {
  await show(CLUSTER);
  // The demo's camera (the frames are drawn through it), copied: no ball set kept beside it.
  const calibration = path.join(dir, 'camera.json');
  copyFileSync('calibration/demo.json', calibration);
  serving = await serveStill(dir, picture, FRAMES, '246813', ['--calibration', calibration]);
  url = serving.url;
  browser = serving.browser;
}, 120_000);

afterAll(async () => {
  await serving?.close();
});

describe("the balls' names unsure while serve runs (a cue ball the classifier does not know)", () => {
  it('the white seldom called and no set learned: /health says unsure, the referee page raises the alert with a link to /calibrate', async () => {
    await expect.poll(async () => (await health()).names?.state, { timeout: 90_000 }).toBe('unsure');
    expect((await health()).names?.text).toMatch(
      /^the balls' names may be wrong: the cue ball is seldom recognised/,
    );
    referee = await browser.newPage();
    await referee.goto(`${url}/referee`);
    const alert = referee.locator('#names-banner');
    await alert.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await alert.textContent()).toMatch(
      /The balls' names may be wrong: the cue ball is seldom recognised on this table and no ball set has been learned; set the balls up for a frame, or learn the ball set at \/calibrate\. Learn the ball set/,
    );
    expect(await alert.locator('a').getAttribute('href')).toBe('/calibrate');
  }, 120_000);

  it('the balls set up: the set is learned by itself, /health says sure and the alert clears, no restart', async () => {
    await show(OPENING);
    await expect.poll(async () => (await health()).names?.state, { timeout: 30_000 }).toBe('sure');
    await referee.locator('#names-banner').waitFor({ state: 'hidden', timeout: 10_000 });
  }, 60_000);
});
