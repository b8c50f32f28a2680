import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, healthyProject, query, uniqueEmail } from '../packages/server/test/harness.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard } from './dashboard.ts';

let dashboard: Dashboard;
let api: ApiClient;
let ref: string;

beforeAll(async () => {
  dashboard = await startDashboard();
  api = new ApiClient(dashboard.platform.url);
  await api.signUp(uniqueEmail('addons'));
  const slug: string = (await api.post('/api/platform/organizations', { name: 'Add-ons' })).body.slug;
  ref = await healthyProject(api, slug, 'Growing');
});
afterAll(() => dashboard?.close());

describe('project add-ons in the dashboard', () => {
  it('opens the compute panel from the link, picks a size, and the project comes back on it', async () => {
    const page = await dashboard.openPage(api);
    await page.goto(`${dashboard.platform.url}/project/${ref}/settings/addons?panel=computeInstance&source=e2e`);
    const panel = page.getByRole('dialog', { name: 'Change compute size' });
    await panel.getByRole('radio', { name: /^Small/ }).check();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'addons-compute-panel.png') });
    await panel.getByRole('button', { name: 'Change compute size' }).click();

    await page.getByText('Changing the compute size to Small: the database restarts on it').waitFor();
    await page.getByRole('heading', { name: 'Resizing Growing' }).waitFor();
    // Once healthy again the page returns, without the panel, on the new size.
    await page.getByRole('heading', { name: 'Small' }).waitFor({ timeout: 60_000 });
    await page.getByText('Compute add-on ci_small is selected.').waitFor();
    expect(await panel.count()).toBe(0);
    expect(new URL(page.url()).search).toBe('');
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'addons-page.png'), fullPage: true });

    const project = (await api.get(`/api/platform/projects/${ref}`)).body;
    expect(project.infra_compute_size).toBe('small');
    expect((await query(project.connectionString, 'show shared_buffers')).rows[0].shared_buffers).toBe('64MB');
  });
});
