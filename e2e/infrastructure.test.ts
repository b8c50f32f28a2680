import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, query, uniqueEmail, waitFor } from '../packages/server/test/harness.ts';
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
  ref = (
    await api.post('/api/platform/projects', {
      name: 'Measured',
      organization_slug: slug,
      region: 'local',
      postgres_engine: '17',
      release_channel: 'ga',
    })
  ).body.ref;
  await waitFor(
    () => api.get(`/api/platform/projects/${ref}/status`),
    (a) => a.body.status === 'ACTIVE_HEALTHY',
  );
  connectionString = (await api.get(`/api/platform/projects/${ref}`)).body.connectionString;
}, 180_000);
afterAll(() => dashboard?.close());

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
});
