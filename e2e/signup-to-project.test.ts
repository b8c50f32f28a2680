import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform } from '../packages/server/test/harness.ts';
import { OUTPUT_DIR, WEB_DIR, launchChromium } from './browser.ts';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let browser: Browser;

beforeAll(async () => {
  platform = await startTestPlatform({ webDir: WEB_DIR });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await platform?.destroy();
});

describe('a newcomer', () => {
  it('signs up, creates an organization and a project, and watches it come up', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${platform.url}/sign-up`);
    await page.getByLabel('Email').fill(`newcomer-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/organizations');

    await page.getByRole('button', { name: 'New organization' }).click();
    await page.getByLabel('Name').fill('Newcomer Inc');
    await page.getByRole('button', { name: 'Create organization' }).click();
    await page.waitForURL('**/org/newcomer-inc');

    await page.getByRole('button', { name: 'New project' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Storefront');
    await expect.poll(() => dialog.getByLabel('Postgres version').textContent()).toMatch(/17/);
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(/\/project\/[a-z]{20}$/);

    await page.getByText('While you wait').waitFor();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'project-setup.png'), fullPage: true });
    // No reload: the status poll notices the project is healthy and the home replaces the setup screen.
    await page.getByText('While you wait').waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: 'Storefront' }).waitFor();
    await page.getByRole('group', { name: 'Connection string', exact: true }).waitFor();
    expect(await page.title()).toContain('Storefront');

    const assistant = page.getByRole('complementary', { name: 'AI assistant' });
    expect(await assistant.count()).toBe(0);
    await page.keyboard.press('i');
    await assistant.waitFor();
    await page.keyboard.press('i');
    await assistant.waitFor({ state: 'detached' });

    await page.screenshot({ path: path.join(OUTPUT_DIR, 'project-home.png'), fullPage: true });
  });
});
