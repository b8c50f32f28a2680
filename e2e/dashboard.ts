import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import type { PlatformConfig } from '../packages/server/src/config.ts';
import { startTestPlatform, type ApiClient } from '../packages/server/test/harness.ts';
import { launchChromium, WEB_DIR } from './browser.ts';

export type TestPlatform = Awaited<ReturnType<typeof startTestPlatform>>;

/** A real platform serving the built dashboard, and Chromium to look at it. */
export interface Dashboard {
  platform: TestPlatform;
  browser: Browser;
  /** A page in a fresh browser context signed in as the client's user (set up through the API). */
  openPage(as: ApiClient, options?: BrowserContextOptions): Promise<Page>;
  close(): Promise<void>;
}

export async function startDashboard(overrides: Partial<PlatformConfig> = {}): Promise<Dashboard> {
  const platform = await startTestPlatform({ webDir: WEB_DIR, ...overrides });
  const browser = await launchChromium();
  return {
    platform,
    browser,
    async openPage(as, options = {}) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options });
      await context.addCookies(
        as.cookie.split('; ').map((pair) => {
          const at = pair.indexOf('=');
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url: as.baseUrl };
        }),
      );
      return context.newPage();
    },
    async close() {
      await browser.close();
      await platform.destroy();
    },
  };
}
