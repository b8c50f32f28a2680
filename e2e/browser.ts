import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** The built dashboard (`npm test` builds it first) and where screenshots go. */
export const WEB_DIR = path.resolve(import.meta.dirname, '../packages/web/dist');
export const OUTPUT_DIR = path.resolve(import.meta.dirname, '../test-results/e2e');

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * The Chromium to drive: CHROMIUM_PATH, else the system's (Debian's package), else the headless
 * Chromium that ships inside the @sparticuz/chromium npm package (unpacked to /tmp on first use),
 * so `npm test` needs nothing beyond npm on a fresh machine.
 */
async function chromiumPath(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}

/** Chromium, headless, with the flags that keep it off this machine's closed network. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: await chromiumPath(),
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
