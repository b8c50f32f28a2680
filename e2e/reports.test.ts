import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, healthyProject, query, uniqueEmail, waitFor } from '../packages/server/test/harness.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard, type TestPlatform } from './dashboard.ts';

// Reports and usage in the browser: the built-in charts drawn from the resource samples the
// platform takes and the requests it serves, a custom report made and filled from the page (a typed
// query and a dropped assistant card), and the usage pages of the project and the organization.
let dashboard: Dashboard;
let platform: TestPlatform;
let api: ApiClient;
let slug: string;
let ref: string;
let anonKey: string;

const screenshot = (page: Page, name: string) => page.screenshot({ path: path.join(OUTPUT_DIR, name), fullPage: true });
/** The pages scroll inside the layout, not the window: a tall window shows (and screenshots) them whole. */
const TALL = { viewport: { width: 1440, height: 2000 } };

beforeAll(async () => {
  // Sampling every half second, where a real install samples every minute.
  dashboard = await startDashboard({ resourceSampleIntervalMs: 500 });
  platform = dashboard.platform;
  api = new ApiClient(platform.url);
  await api.signUp(uniqueEmail('reports'));
  slug = (await api.post('/api/platform/organizations', { name: 'Charted' })).body.slug;
  ref = await healthyProject(api, slug, 'Shop');
  const project = (await api.get(`/api/platform/projects/${ref}`)).body;
  await query(
    project.connectionString,
    `create table orders (id serial primary key, placed_on date not null, total numeric not null);
     insert into orders (placed_on, total) select current_date - (g % 7), 10 + g % 13 from generate_series(1, 200) g`,
  );
  const settings = (await api.get(`/api/platform/projects/${ref}/settings`)).body;
  anonKey = settings.service_api_keys.find((k: { tags: string }) => k.tags === 'anon').api_key;
}, 180_000);
afterAll(() => dashboard?.close());

describe('reports and usage in the browser', () => {
  it('draws the built-in charts from real samples and requests', async () => {
    for (let i = 0; i < 5; i += 1)
      await fetch(`${platform.url}/api/projects/${ref}/gateway/rest/v1/orders?select=id`, { headers: { apikey: anonKey } });
    await fetch(`${platform.url}/api/projects/${ref}/gateway/rest/v1/missing`, { headers: { apikey: anonKey } });
    // A few samples in, so the last hour's CPU line has points to join.
    await waitFor(
      () =>
        platform.ctx.db.query(
          'select count(*)::int as n from resource_sample_history h join projects p on p.id = h.project_id where p.ref = $1',
          [ref],
        ),
      (result) => result.rows[0].n >= 4,
      30_000,
      250,
    );

    const page = await dashboard.openPage(api, TALL);
    await page.goto(`${platform.url}/project/${ref}`);
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Reports', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Last hour' }).click();
    expect(new URL(page.url()).search).toBe('?range=1h');

    // Samples every half second fall in this minute's bucket: one point per chart, drawn as a dot.
    const cpu = page.getByRole('img', { name: 'Database CPU chart' });
    await cpu.locator('.recharts-line-dots circle').first().waitFor();
    expect(await cpu.locator('path.recharts-line-curve').getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+/);
    const connections = page.getByRole('img', { name: 'Database connections chart' });
    await connections.locator('.recharts-line-dots circle').first().waitFor();
    const disk = page.getByRole('img', { name: 'Disk size used chart' });
    await disk.locator('.recharts-area-dots circle').first().waitFor();
    // The headline is the latest sample: what the databases take, in MB.
    await page
      .getByRole('region', { name: 'Disk size used' })
      .getByText(/^Latest: \d+(\.\d+)? MB$/)
      .waitFor();

    const requests = page.getByRole('region', { name: 'API requests', exact: true });
    await requests.getByRole('img', { name: 'API requests chart' }).locator('.recharts-bar-rectangle path').first().waitFor();
    await requests.getByText('Total: 6').waitFor(); // five reads, one missing table
    await page.getByRole('region', { name: 'API requests by path' }).getByText('/rest/v1/orders').waitFor();
    await screenshot(page, 'reports.png');
    await page.context().close();
  }, 180_000);

  it('makes a custom report, adds a typed query and a dropped assistant card, and charts both', async () => {
    const page = await dashboard.openPage(api, TALL);
    await page.goto(`${platform.url}/project/${ref}/reports`);
    await page.getByRole('button', { name: 'New report' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Orders');
    await page.getByRole('dialog').getByRole('button', { name: 'Create report' }).click();
    await page.getByRole('heading', { name: 'Orders', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/project/${ref}/reports/[0-9a-f-]{36}$`));
    await page.getByText('No charts yet').waitFor();

    await page.getByRole('button', { name: 'Add chart' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Write SQL' }).click();
    await dialog.getByLabel('SQL').fill('select placed_on, sum(total) as revenue from orders group by 1 order by 1');
    await dialog.getByLabel(/Label/).fill('Revenue per day');
    await dialog.getByRole('button', { name: 'Add chart' }).click();
    const revenue = page.getByRole('region', { name: 'Revenue per day' });
    await revenue.getByRole('img', { name: 'Revenue per day chart' }).locator('.recharts-bar-rectangle path').first().waitFor();
    expect(await revenue.getByRole('img', { name: 'Revenue per day chart' }).locator('.recharts-bar-rectangle').count()).toBe(7);

    // An assistant result card dropped on the page, carrying the drag payload the panel sets.
    await page.getByTestId('sql-card-drop-zone').evaluate((zone) => {
      const transfer = new DataTransfer();
      transfer.setData(
        'application/x-basin-sql-card',
        JSON.stringify({
          sql: 'select placed_on, count(*) as orders from orders group by 1 order by 1',
          label: 'Orders per day',
          chartConfig: { view: 'chart', xAxis: 'placed_on', yAxis: 'orders' },
        }),
      );
      for (const type of ['dragenter', 'dragover', 'drop'])
        zone.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    });
    const dropped = page.getByRole('region', { name: 'Orders per day' });
    await dropped.getByRole('img', { name: 'Orders per day chart' }).locator('.recharts-bar-rectangle path').first().waitFor();
    await page.getByText('Added to Orders').waitFor();

    await dropped.getByRole('combobox', { name: 'Chart type' }).click();
    await page.getByRole('option', { name: 'Line' }).click();
    await dropped.getByRole('img', { name: 'Orders per day chart' }).locator('path.recharts-line-curve').waitFor();
    await screenshot(page, 'report.png');

    // The layout is stored: a reload shows both charts, the line kept.
    await page.reload();
    await page
      .getByRole('region', { name: 'Orders per day' })
      .getByRole('img', { name: 'Orders per day chart' })
      .locator('path.recharts-line-curve')
      .waitFor();
    await page.getByRole('region', { name: 'Revenue per day' }).waitFor();
    await page.context().close();
  }, 180_000);

  it('opens the project’s and the organization’s usage with real figures', async () => {
    const page = await dashboard.openPage(api, TALL);
    await page.goto(`${platform.url}/project/${ref}`);
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Usage' }).click();
    await page.getByRole('heading', { name: 'Usage', exact: true }).waitFor();
    const database = page.getByRole('group', { name: 'Database size' });
    await database.getByText(/ MB$/).first().waitFor();
    await database.getByText(/of 512 MB/).waitFor();
    expect(Number(await database.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await page.getByRole('group', { name: 'Egress' }).getByText(/ KB$/).waitFor();
    await page
      .getByRole('group', { name: 'Compute hours' })
      .getByText(/no quota on the Free plan/)
      .waitFor();
    await screenshot(page, 'usage.png');

    await page.getByRole('link', { name: 'The organization’s usage' }).click();
    await page.getByRole('table', { name: 'Usage by project' }).getByRole('link', { name: 'Shop' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/org/${slug}/usage`);
    expect(
      await page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: 'Usage' }).getAttribute('aria-current'),
    ).toBe('page');
    await screenshot(page, 'org-usage.png');
    await page.context().close();
  }, 180_000);
});
