import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** The built dashboard (`npm test` builds it first) and where screenshots go. */
export const WEB_DIR = path.resolve(import.meta.dirname, '../packages/web/dist');
export const OUTPUT_DIR = path.resolve(import.meta.dirname, '../test-results/e2e');

/** Debian's Chromium, headless, with the flags that keep it off this machine's closed network. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
