import type { BrowserContext } from 'playwright-core';
import type { ApiClient } from '../packages/server/test/harness.ts';

/** Hands the API client's session to the browser, so a test can set up through the API and look in the browser. */
export async function shareSession(api: ApiClient, context: BrowserContext): Promise<void> {
  const cookies = api.cookie.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: api.baseUrl };
  });
  await context.addCookies(cookies);
}
