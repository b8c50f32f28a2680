import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, healthyProject, uniqueEmail } from '../packages/server/test/harness.ts';
import { signUpMember } from '../packages/server/test/membership.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard, type TestPlatform } from './dashboard.ts';

let dashboard: Dashboard;
let platform: TestPlatform;
let owner: ApiClient;
let ref: string;
let developer: ApiClient;

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUTPUT_DIR, `realtime-settings-${name}.png`) });

beforeAll(async () => {
  dashboard = await startDashboard();
  platform = dashboard.platform;
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('realtime-settings'));
  const slug = (await owner.post('/api/platform/organizations', { name: 'Live' })).body.slug;
  ref = await healthyProject(owner, slug, 'Chat');
  developer = await signUpMember(owner, slug, 'Developer', 'realtime-developer');
}, 180_000);
afterAll(() => dashboard?.close());

describe('Realtime settings in the dashboard', () => {
  it('saves a limit as an Owner, and keeps it across a reload', async () => {
    const page = await dashboard.openPage(owner);
    await page.goto(`${platform.url}/project/${ref}/realtime/settings`);
    await page.getByRole('heading', { name: 'Realtime Settings' }).waitFor();
    const channels = page.getByLabel('Max channels per client');
    await expect.poll(() => channels.inputValue()).toBe('100');
    await expect.poll(() => channels.isEditable()).toBe(true);
    const save = page.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    // The side navigation has the page under its Realtime heading.
    await page
      .getByRole('link', { name: 'Settings' })
      .and(page.locator(`[href="/project/${ref}/realtime/settings"]`))
      .waitFor();

    await channels.fill('0');
    await page.getByText('Max channels per client must be at least 1').waitFor();
    await shot(page, 'invalid');
    await channels.fill('1');
    await page.getByText('Max channels per client must be at least 1').waitFor({ state: 'detached' });
    await save.click();
    await page.getByText('Saved the Realtime settings').waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);

    const stored = await owner.get(`/api/platform/projects/${ref}/config/realtime`);
    expect(stored.body).toMatchObject({ max_channels_per_client: 1, max_concurrent_users: 200, private_only: false });

    await page.reload();
    await page.getByRole('heading', { name: 'Realtime Settings' }).waitFor();
    await expect.poll(() => page.getByLabel('Max channels per client').inputValue()).toBe('1');
    await shot(page, 'saved');
  });

  it('shows a Developer the values read-only, with the reason, and no way to save', async () => {
    const page = await dashboard.openPage(developer);
    await page.goto(`${platform.url}/project/${ref}/realtime/settings`);
    await page.getByText('These settings are read-only for you').waitFor();
    await page.getByText('Only Owners and Administrators can change Realtime settings.').waitFor();
    const clients = page.getByLabel('Max concurrent clients');
    await expect.poll(() => clients.inputValue()).toBe('200');
    expect(await clients.isEditable()).toBe(false);
    expect(await page.getByRole('switch', { name: 'Private channels only' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    const refused = await developer.patch(`/api/platform/projects/${ref}/config/realtime`, { max_concurrent_users: 5 });
    expect(refused.status).toBe(403);
    await shot(page, 'read-only');
  });
});
