import { mkdir, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBytes, setStoredDisk } from '../packages/server/test/disk-helpers.ts';
import { ApiClient, healthyProject, query, uniqueEmail, waitFor } from '../packages/server/test/harness.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard, type TestPlatform } from './dashboard.ts';

const GB = 1024 ** 3;

let dashboard: Dashboard;
let platform: TestPlatform;
let api: ApiClient;
let ref: string;

const disk = async () => (await api.get(`/api/platform/projects/${ref}/disk`)).body;
const warning = async () => (await api.get(`/api/platform/projects-resource-warnings?ref=${ref}`)).body[0];

/** Scrolls the Disk card to the top, the history below it (the page scrolls inside its main area). */
const showDiskCards = (page: Page) =>
  page.getByRole('heading', { name: 'Disk', exact: true }).evaluate((heading) => heading.scrollIntoView({ block: 'start' }));

/**
 * Reloads until the locator shows, a few times: on a loaded machine a sample may land between the
 * API's answer and the page's. Each miss says what the API answered then, to tell a slow page from
 * a warning that went away.
 */
async function showsAfterReload(page: Page, locator: Locator, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    await page.reload();
    try {
      return await locator.waitFor({ timeout: 15_000 });
    } catch (error) {
      const status = (await api.get(`/api/platform/projects/${ref}/status`)).body?.status;
      console.warn(`attempt ${attempt}: not shown; project ${status}, warning ${JSON.stringify(await warning())}`);
      await page.screenshot({ path: path.join(OUTPUT_DIR, `disk-autoscale-miss-${attempt}.png`) });
      if (attempt === attempts) throw error;
    }
  }
}

beforeAll(async () => {
  // Sampling every half second, where a real install samples every minute.
  dashboard = await startDashboard({ resourceSampleIntervalMs: 500 });
  platform = dashboard.platform;
  api = new ApiClient(platform.url);
  await api.signUp(uniqueEmail('autoscale'));
  const slug = (await api.post('/api/platform/organizations', { name: 'Growing' })).body.slug;
  await api.put(`/api/platform/organizations/${slug}/billing/subscription`, { plan: 'pro' });
  ref = await healthyProject(api, slug, 'Growing disk');
}, 180_000);
afterAll(() => dashboard?.close());

describe('disk autoscaling in the dashboard', () => {
  it('shows the disk that grew by itself in its history, then why it cannot grow again yet', async () => {
    const sizeGb = (await databaseBytes(platform.ctx, ref)) / 0.85 / GB;
    await setStoredDisk(platform.ctx.db, ref, sizeGb);
    const { connectionString } = (await api.get(`/api/platform/projects/${ref}`)).body;
    await query(connectionString, 'create table filler as select repeat(md5(i::text), 30) as body from generate_series(1, 10000) i');
    await waitFor(disk, (d) => d.attributes.size_gb > sizeGb, 30_000);

    const page = await dashboard.openPage(api, { viewport: { width: 1440, height: 1400 } });
    await page.goto(`${platform.url}/project/${ref}/settings/compute-and-disk`);
    const history = page.getByRole('table');
    await history.getByRole('cell', { name: 'Autoscaling' }).waitFor();
    expect(await history.innerText()).toMatch(/Size \d+(\.\d+)? MB → 5 GB \(\d+(\.\d+)? MB used\)/);
    await page.getByText('Disk changes are on cooldown').waitFor();
    await showDiskCards(page);
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'disk-autoscaled.png') });

    // Past 90% again inside the cooldown (a sparse upload under way counts its size): no growth, and why.
    const uploads = path.join(platform.dataDir, 'storage', ref, '.tmp');
    await mkdir(uploads, { recursive: true });
    const filler = path.join(uploads, 'filler');
    await writeFile(filler, '');
    await truncate(filler, Math.ceil(0.93 * (await disk()).attributes.size_gb * GB));
    await waitFor(warning, (w) => w?.disk_autoscale_blocked?.reason === 'cooldown', 30_000);
    // The disk card's alert (the layout's resource-warning banner may say it too). Warnings are
    // cached for an hour, so a reload is how a member sees the new one.
    const blocked = page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'The disk cannot grow automatically' });
    await showsAfterReload(page, blocked.getByText(/changed less than 6 hours ago, so it cannot grow automatically before/));
    await showDiskCards(page);
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'disk-autoscale-blocked.png') });

    // Elsewhere the banner says it too.
    await page.goto(`${platform.url}/project/${ref}`);
    const banner = page.getByRole('status').filter({ hasText: 'Your project is running out of disk space' });
    await banner.getByText(/cannot grow automatically before/).waitFor();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'disk-autoscale-banner.png') });
    await page.context().close();
  }, 120_000);
});
