import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBytes, setStoredDisk } from '../packages/server/test/disk-helpers.ts';
import { ApiClient, healthyProject, query, uniqueEmail, waitFor } from '../packages/server/test/harness.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard, type TestPlatform } from './dashboard.ts';

const GB = 1024 ** 3;
const READ_ONLY_TITLE = 'Your project is in read-only mode';
const INSERT = `insert into filler values ('more')`;

let dashboard: Dashboard;
let platform: TestPlatform;
let api: ApiClient;
let ref: string;
let connectionString: string;

/** The project's warnings; none while it is not healthy (a disk resize may restart it), so poll on. */
const warning = async () =>
  (await api.get<{ is_readonly_mode_enabled: boolean; disk_space: string | null }[]>(`/api/platform/projects-resource-warnings?ref=${ref}`))
    .body[0];

/** Replaces the SQL editor's text as if typed. */
async function typeSql(page: Page, sql: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(sql);
}

beforeAll(async () => {
  // Sampling every half second, where a real install samples every minute.
  dashboard = await startDashboard({ resourceSampleIntervalMs: 500 });
  platform = dashboard.platform;
  api = new ApiClient(platform.url);
  await api.signUp(uniqueEmail('warnings'));
  const slug = (await api.post('/api/platform/organizations', { name: 'Crowded' })).body.slug;
  ref = await healthyProject(api, slug, 'Full disk');
  connectionString = (await api.get(`/api/platform/projects/${ref}`)).body.connectionString;
}, 180_000);
afterAll(() => dashboard?.close());

describe('resource warnings in the dashboard', () => {
  it('turns a project read-only when its small disk fills up, says so, and lifts it when the disk grows', async () => {
    // A disk quota far below what the form allows, that the project's databases already fill to 90%.
    await setStoredDisk(platform.ctx.db, ref, (await databaseBytes(platform.ctx, ref)) / 0.9 / GB);
    await waitFor(warning, (w) => w?.disk_space === 'warning');
    const page = await dashboard.openPage(api);
    await page.goto(`${platform.url}/project/${ref}`);
    await page.getByRole('status').filter({ hasText: 'Your project is running out of disk space' }).waitFor();

    // Past 95% the sampler switches the database read-only.
    await query(connectionString, 'create table filler as select repeat(md5(i::text), 30) as body from generate_series(1, 10000) i');
    await waitFor(warning, (w) => w?.is_readonly_mode_enabled === true, 30_000);
    await page.reload();
    const banner = page.getByRole('alert').filter({ hasText: READ_ONLY_TITLE });
    await banner.getByText('start a transaction with BEGIN READ WRITE', { exact: false }).waitFor();
    expect(await banner.getByRole('link', { name: 'Learn more' }).getAttribute('target')).toBe('_blank');
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'resource-warning-read-only.png') });

    // Writes fail from any client, the SQL editor included.
    await expect(query(connectionString, INSERT)).rejects.toThrow(/read-only transaction/);
    await page.getByRole('link', { name: 'SQL Editor' }).click();
    await typeSql(page, INSERT);
    await page.keyboard.press('Control+Enter');
    await page.getByText('ERROR: cannot execute INSERT in a read-only transaction').waitFor({ timeout: 30_000 });
    await banner.waitFor();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'resource-warning-sql-editor.png') });

    // Growing the disk lifts read-only mode at once; the banner does not come back.
    await banner.getByRole('link', { name: 'Increase disk size' }).click();
    // Once in four full runs the disk form left the page for over 30 s after this link; the cause is
    // not found yet (see the closing note of stop 20), so the form gets longer than Playwright's 30 s.
    await page.waitForURL(`**/project/${ref}/settings/compute-and-disk`);
    await page
      .getByLabel('Disk size (GB)')
      .fill('8', { timeout: 90_000 })
      .catch(async (error: Error) => {
        // What stood in the form's place, for the next engineer reading CI's output.
        throw new Error(`${error.message}\nThe page at ${page.url()} showed:\n${(await page.locator('body').innerText()).slice(0, 3000)}`);
      });
    expect(await page.getByRole('alert').filter({ hasText: READ_ONLY_TITLE }).count()).toBe(0);
    await page.getByRole('button', { name: 'Save disk' }).click();
    await waitFor(warning, (w) => w !== undefined && !w.is_readonly_mode_enabled && w.disk_space === null);
    await query(connectionString, INSERT);
    await page.getByTestId('product-menu').getByRole('link', { name: 'Home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Full disk' }).waitFor();
    await expect.poll(() => page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'Your project' }).count()).toBe(0);
  });
});
