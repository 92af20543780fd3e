// The picture's burned-in graphics marked on /calibrate (issue 14; held-out 42): `serve` follows a CCTV
// camera whose clock and name are written into its picture over the bed's edges, and the running
// detector takes the clock's digits for balls. The person installing presses Mark a box and drags one
// over each, then Save: the calibration file keeps the boxes (docs/formats.md §2, `overlays`), the
// running detector takes it, and nothing is found on the graphics any more — the balls clear of them
// still are. `referee detect` with the saved file says the same of the picture.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AltCase } from '../../bench/detect-alt.ts';
import { osdBoxes, type OsdBox } from '../../src/sim/alt/index.ts';
import { drawAltFrame } from '../helpers/alt-frame.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { parseCalibration } from '../helpers/games.ts';
import { runReferee } from '../helpers/spawn.ts';
import { stillFolder, writePng } from '../helpers/still-source.ts';
import { startServeProcess, type ServeProcess } from '../../scripts/serve-process.ts';

const PIN = '975312';
const dir = mkdtempSync(path.join(tmpdir(), 'referee-graphics-'));
const calibration = path.join(dir, 'camera.json');
const picture = path.join(dir, 'cctv.png');
let server: ServeProcess | undefined;
let browser: Browser;
let k: AltCase;
let boxes: OsdBox[];

interface Seen {
  readonly x: number;
  readonly y: number;
}

/** What was found farther than a ball's radius from every ball of the picture. */
const stray = (found: readonly Seen[]): Seen[] =>
  found.filter(
    (f) => !k.balls.some((b) => Math.hypot(f.x - b.x, f.y - b.y) < k.calibration.table.ballRadius),
  );

const view = async (): Promise<Seen[]> => {
  const v = (await (await fetch(`${server?.url ?? ''}/api/view`)).json()) as { balls?: Seen[] };
  return v.balls ?? [];
};

beforeAll(async () => {
  copyFileSync('calibration/demo.json', calibration);
  // A dim frame's clusters under the acid-green cloth: the clock over the top rail at the left.
  const frame = await drawAltFrame('held-out-42', 12_702_002);
  k = frame.k;
  const osd = k.style.osd;
  if (!osd) throw new Error('the frame has no graphics');
  boxes = osdBoxes(osd, frame.image.width, frame.image.height);
  await writePng(picture, frame.image);
  const folder = stillFolder(path.join(dir, 'frames'), picture);
  server = await startServeProcess(PIN, ['--source', folder, '--fps', '5', '--calibration', calibration], {
    logLevel: 'silent',
  });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Drag on the page from one picture pixel to another. */
const drag = async (page: Page, from: [number, number], to: [number, number]): Promise<void> => {
  const screen = ([u, v]: [number, number]) =>
    page.evaluate(
      ([u, v]) => {
        const m = document.querySelector<SVGSVGElement>('#frame')?.getScreenCTM();
        if (!m) throw new Error('no frame drawn');
        const q = new DOMPoint(u, v).matrixTransform(m);
        return { x: q.x, y: q.y };
      },
      [u, v] as const,
    );
  const a = await screen(from);
  const b = await screen(to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
};

describe("the camera's graphics, marked on /calibrate", () => {
  it('unmarked, the running detector finds balls on the clock', async () => {
    await expect
      .poll(async () => stray(await view()).length, { timeout: 60_000, interval: 500 })
      .toBeGreaterThan(0);
  }, 90_000);

  it('a box dragged over each and saved: the file keeps them, the detector takes it, nothing is found on them', async () => {
    // Wide enough that a CSS pixel is no more than a pixel of the frame.
    const page = await browser.newPage({ viewport: { width: 2000, height: 1400 } });
    await page.goto(`${server?.url ?? ''}/calibrate`);
    await page.fill('#name', 'installer');
    await page.fill('#pin', PIN);
    await page.click('#login button');
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    expect(await page.locator('#overlay-count').textContent()).toBe('none');
    expect(await page.locator('#unmark').isDisabled()).toBe(true);

    // Each box from a little above and left of the graphics to a little below and right of them.
    const marked = boxes.map((b) => ({
      u: b.u0 - 3,
      v: b.v0 - 3,
      width: b.u1 - b.u0 + 6,
      height: b.v1 - b.v0 + 6,
    }));
    for (const m of marked) {
      await page.click('#mark');
      // Dragged from the bottom right to the top left: a box is a box whichever way it is drawn.
      await drag(page, [m.u + m.width - 0.5, m.v + m.height - 0.5], [m.u - 0.5, m.v - 0.5]);
    }
    expect(await page.locator('#overlay-count').textContent()).toBe(`${marked.length} boxes marked`);
    expect(await page.locator('rect.overlay').count()).toBe(marked.length);
    // A box too many, and taken back.
    await page.click('#mark');
    await drag(page, [900, 500], [960, 540]);
    expect(await page.locator('#overlay-count').textContent()).toBe(`${marked.length + 1} boxes marked`);
    await page.click('#unmark');
    expect(await page.locator('#overlay-count').textContent()).toBe(`${marked.length} boxes marked`);

    await page.click('#save');
    await page.waitForSelector('body[data-saved="true"]', { timeout: 20_000 });
    expect(await page.locator('#message').textContent()).toMatch(/The referee uses it now\.$/);
    const saved = parseCalibration(JSON.parse(readFileSync(calibration, 'utf8')));
    if (!saved.ok) throw new Error(saved.error.message);
    const overlays = saved.value.overlays ?? [];
    expect(overlays).toHaveLength(marked.length);
    // Where the mouse lands: each side within a pixel of the drag's.
    for (const [i, o] of overlays.entries()) {
      const m = marked[i];
      if (!m) throw new Error('a box too many');
      expect(Math.abs(o.u - m.u)).toBeLessThanOrEqual(1);
      expect(Math.abs(o.v - m.v)).toBeLessThanOrEqual(1);
      expect(Math.abs(o.u + o.width - (m.u + m.width))).toBeLessThanOrEqual(1);
      expect(Math.abs(o.v + o.height - (m.v + m.height))).toBeLessThanOrEqual(1);
    }
    await expect.poll(async () => stray(await view()), { timeout: 60_000, interval: 500 }).toEqual([]);
    // The boxes are shown again on a page opened afterwards.
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
    expect(await page.locator('rect.overlay').count()).toBe(marked.length);
    await page.close();
  }, 120_000);

  it('referee detect with the saved file finds nothing on the graphics, and every ball of the picture', async () => {
    const cli = await runReferee(['detect', '--calibration', calibration, picture]);
    expect(cli.code).toBe(0);
    const found = (JSON.parse(cli.stdout) as { balls: Seen[] }).balls;
    expect(stray(found)).toEqual([]);
    const r = k.calibration.table.ballRadius;
    for (const b of k.balls)
      expect(
        found.filter((f) => Math.hypot(f.x - b.x, f.y - b.y) < r),
        `${b.id} at (${b.x}, ${b.y})`,
      ).toHaveLength(1);
  }, 60_000);
});
