// `referee serve` following one picture over and over (a folder of links to it, stillFolder) and a
// browser to look at its pages: what the browser tests of a camera at rest share. The picture is
// replaced while serve runs to show the camera something else (a knock, the balls set up).
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startServeProcess } from '../../scripts/serve-process.ts';
import { launchBrowser } from './browser.ts';
import { stillFolder } from './still-source.ts';

export interface StillServe {
  readonly url: string;
  readonly browser: Browser;
  /** Close the browser, stop serve and remove `dir`. */
  close(): Promise<void>;
}

/**
 * serve (with `pin` and `args` besides its source) following `frames` frames of `picture`, made in
 * `dir`, and a browser.
 */
export const serveStill = async (
  dir: string,
  picture: string,
  frames: number,
  pin: string,
  args: readonly string[],
): Promise<StillServe> => {
  const folder = stillFolder(path.join(dir, 'frames'), picture, frames);
  const server = await startServeProcess(pin, ['--source', folder, ...args], { logLevel: 'silent' });
  const browser = await launchBrowser();
  return {
    url: server.url,
    browser,
    close: async () => {
      await browser.close();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

/** From the next frame decoded on, `picture` is `png` (written beside, then renamed over: never half a file). */
export const showPicture = (picture: string, png: Buffer): void => {
  const part = `${picture}.part`;
  writeFileSync(part, png);
  renameSync(part, picture);
};
