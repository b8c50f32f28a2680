import { COMPUTE_SIZES, computeSize } from '@basin/core';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, healthyProject, query, uniqueEmail } from '../packages/server/test/harness.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard, type TestPlatform } from './dashboard.ts';

let dashboard: Dashboard;
let platform: TestPlatform;
let api: ApiClient;
let ref: string;
let connectionString: string;

beforeAll(async () => {
  dashboard = await startDashboard();
  platform = dashboard.platform;
  api = new ApiClient(platform.url);
  await api.signUp(uniqueEmail('infrastructure'));
  const slug = (await api.post('/api/platform/organizations', { name: 'Hosted' })).body.slug;
  ref = await healthyProject(api, slug, 'Measured');
  connectionString = (await api.get(`/api/platform/projects/${ref}`)).body.connectionString;
}, 180_000);
afterAll(() => dashboard?.close());

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUTPUT_DIR, `infrastructure-${name}.png`), fullPage: true });
/** A catalogue id as the API spells it (`24xlarge_optimized_cpu`, `ci_small`): never on these pages. */
const RAW_SIZE_ID = /\b(ci_[a-z0-9_]+|\d*xlarge(_[a-z_]+)?|optimized_cpu|optimized_memory|high_memory)\b/;

describe('infrastructure settings', () => {
  it('opens from the network_restrictions_not_set Fix link and shows what the instance says', async () => {
    const page = await dashboard.openPage(api);
    await page.goto(`${platform.url}/project/${ref}/advisors`);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('tab', { name: /Info/ }).click();
    const finding = page.getByRole('listitem', { name: 'Network restrictions not set' });
    await finding.waitFor({ timeout: 60_000 });
    await finding.getByRole('link', { name: 'Fix' }).click();

    const network = page.locator('div.rounded-lg', { has: page.getByRole('heading', { name: 'Network', exact: true }) });
    await network.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/project/${ref}/settings/infrastructure`);
    const { port } = new URL(connectionString);
    await network.getByText(`127.0.0.1:${port}`).waitFor();
    await network.getByText('Not configurable').waitFor();
    const ssl = String((await query(connectionString, 'show ssl')).rows[0].ssl);
    await network.getByText(ssl === 'on' ? 'On' : 'Off', { exact: true }).waitFor();

    const version = String((await query(connectionString, 'show server_version')).rows[0].server_version);
    await page.getByText(`Postgres ${version}`, { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Infrastructure' }).getAttribute('aria-current')).toBe('page');
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'infrastructure.png'), fullPage: true });
    await page.context().close();
  }, 180_000);

  // Issue 22: the compute picker, its resize dialog and the infrastructure card say the catalogue's names.
  it('names every compute size as the catalogue does, in the picker, the resize dialog and the infrastructure card', async () => {
    const { infra_compute_size: current } = (await api.get(`/api/platform/projects/${ref}`)).body;
    const page = await dashboard.openPage(api, { viewport: { width: 1440, height: 1000 } });
    await page.goto(`${platform.url}/project/${ref}/settings/compute-and-disk`);
    const picker = page.getByRole('group', { name: 'Compute size' });
    await picker.getByRole('radio').first().waitFor();
    expect(await picker.getByRole('radio').count()).toBe(COMPUTE_SIZES.length);
    // Each choice is named as the catalogue names its size (the id stays in the value only).
    const choices = await picker
      .getByRole('radio')
      .evaluateAll((radios) =>
        radios.map((radio) => [(radio as HTMLInputElement).value, radio.nextElementSibling?.firstElementChild?.textContent]),
      );
    expect(choices).toEqual(COMPUTE_SIZES.map((size) => [size.size, size.size === current ? `${size.name} (current)` : size.name]));
    expect(await picker.innerText()).not.toMatch(RAW_SIZE_ID);

    await picker.getByRole('radio', { name: /^24XL Optimized CPU / }).check();
    await page.getByRole('button', { name: 'Change compute size' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Measured to 24XL Optimized CPU?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).not.toMatch(RAW_SIZE_ID);
    await shot(page, 'resize-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await picker.getByRole('radio', { name: /^24XL Optimized CPU / }).scrollIntoViewIfNeeded();
    await shot(page, 'compute-picker');

    await page.goto(`${platform.url}/project/${ref}/settings/infrastructure`);
    const card = page.locator('div.rounded-lg', { has: page.getByRole('heading', { name: 'Compute and disk', exact: true }) });
    await card.getByText(computeSize(current).name, { exact: true }).waitFor();
    expect(await card.innerText()).not.toMatch(RAW_SIZE_ID);
    await shot(page, 'compute-card');
    await page.context().close();
  }, 120_000);
});
