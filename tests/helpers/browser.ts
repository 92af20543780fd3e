// Real Chromium for browser tests: Debian's package at /usr/bin/chromium driven by playwright-core
// (a browser download is impossible here). Flags as the machine's docs advise for a closed network;
// playwright gives each launch a fresh, empty profile of its own.
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
