import { markingsOf } from '../../src/games/snooker/equipment.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { launchBrowser } from '../helpers/browser.ts';
import { startTestServer } from '../helpers/server.ts';
import type { RunningServer } from '../../src/server/app.ts';
import { snookerTable } from '../../src/games/snooker/equipment.ts';

const table = snookerTable();
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 800 } });
  await page.goto(`${server.url}/referee`);
  await page.waitForSelector('body[data-ready="true"]');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Screen box of an element, in CSS pixels. */
const box = async (selector: string) => {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not drawn`);
  return b;
};

describe("/referee draws the table from the game's equipment (src/games/snooker), to scale", () => {
  it('the playing area has the bed proportions 3569 : 1778, baulk end on the left', async () => {
    const area = await box('#playing-area');
    expect(area.width / area.height).toBeCloseTo(3569 / 1778, 2);
  });

  it('draws the six spots where the WPBSA puts them', async () => {
    const area = await box('#playing-area');
    const scale = area.width / table.length; // px per mm
    const spots = await page.locator('circle.spot').all();
    expect(spots).toHaveLength(6);
    for (const [colour, spot] of Object.entries(markingsOf(table).spots)) {
      const b = await box(`circle[data-spot="${colour}"]`);
      // screen right = table y, screen down = table x
      expect(b.x + b.width / 2 - area.x).toBeCloseTo(spot.y * scale, 0);
      expect(b.y + b.height / 2 - area.y).toBeCloseTo(spot.x * scale, 0);
    }
  });

  it('draws the baulk line 737 mm from the baulk cushion and the D of radius 292 mm', async () => {
    const area = await box('#playing-area');
    const scale = area.width / table.length;
    const baulk = await box('.baulk-line');
    expect(baulk.x + baulk.width / 2 - area.x).toBeCloseTo(737 * scale, 0);
    // The D's geometry in the drawing's own units (mm), without the stroke.
    const d = await page.locator('#the-d').evaluate((e) => {
      const b = (e as SVGGraphicsElement).getBBox();
      return { x: b.x, y: b.y, width: b.width, height: b.height };
    });
    expect(d.height).toBeCloseTo(2 * 292, 0);
    expect(d.width).toBeCloseTo(292, 0);
    expect(d.x + d.width).toBeCloseTo(737, 0); // on the baulk side of the line
    expect(d.y + d.height / 2).toBeCloseTo(889, 0);
  });

  it('draws six pockets at the corners and the middles of the sides', async () => {
    expect(await page.locator('polygon.pocket-hole').count()).toBe(6);
    const pockets = await page
      .locator('polygon.pocket-hole')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-pocket')));
    expect(pockets.sort()).toEqual(['BL', 'BR', 'ML', 'MR', 'TL', 'TR']);
  });

  it('looks right in a screenshot', async () => {
    mkdirSync('.tmp', { recursive: true });
    const shot = await page.screenshot({ path: '.tmp/referee-page.png' });
    expect(shot.byteLength).toBeGreaterThan(10_000);
  });
});
