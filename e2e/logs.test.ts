import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, healthyProject, uniqueEmail, waitFor } from '../packages/server/test/harness.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard, type TestPlatform } from './dashboard.ts';

// The logs explorer in the browser: a request that fails at the project's gateway is found with a
// query filtered to its status, and its detail shows what the gateway logged.
let dashboard: Dashboard;
let platform: TestPlatform;
let api: ApiClient;
let ref: string;
let anonKey: string;

const MISSING = '/rest/v1/no_such_table';
const screenshot = (page: Page, name: string) => page.screenshot({ path: path.join(OUTPUT_DIR, name) });
const gateway = (rest: string, key: string) =>
  fetch(`${platform.url}/api/projects/${ref}/gateway${rest}`, { headers: { apikey: key, authorization: `Bearer ${key}` } });

/** Replaces the editor's text as if typed (insertText goes through CodeMirror's input handling). */
async function typeSql(page: Page, sql: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(sql);
}

beforeAll(async () => {
  dashboard = await startDashboard();
  platform = dashboard.platform;
  api = new ApiClient(platform.url);
  await api.signUp(uniqueEmail('logs'));
  const slug = (await api.post('/api/platform/organizations', { name: 'Logged' })).body.slug;
  ref = await healthyProject(api, slug, 'Traffic');
  const settings = (await api.get(`/api/platform/projects/${ref}/settings`)).body;
  anonKey = settings.service_api_keys.find((k: { tags: string }) => k.tags === 'anon').api_key;
}, 180_000);
afterAll(() => dashboard?.close());

describe('logs explorer in the browser', () => {
  it('filters the explorer to a failing request and opens its detail', async () => {
    // A table that does not exist (404) and a key that is not the project's (401), through the gateway.
    expect((await gateway(MISSING, anonKey)).status).toBe(404);
    expect((await gateway('/rest/v1/no_such_table', 'not-a-key')).status).toBe(401);
    // Gateway logs are written in batches: wait until logs.all sees the failing request.
    const sql = `select id, status from edge_logs where path = '${MISSING}'`;
    await waitFor(
      () => api.get(`/api/platform/projects/${ref}/analytics/endpoints/logs.all?${new URLSearchParams({ sql })}`),
      (answer) => answer.status === 200 && answer.body.result.length >= 2,
      30_000,
      250,
    );

    const page = await dashboard.openPage(api);
    await page.goto(`${platform.url}/project/${ref}`);
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Logs Explorer' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/project/${ref}/logs/explorer`);
    const grid = page.getByRole('grid', { name: 'Log events' });
    await grid.getByText(`GET ${MISSING} 404`).waitFor({ timeout: 30_000 });

    // The template of recent errors shows both failures.
    await page
      .getByRole('list', { name: 'Templates' })
      .getByRole('button', { name: /^Recent errors/ })
      .click();
    await grid.getByRole('columnheader', { name: 'status' }).waitFor();
    await grid.getByText('401', { exact: true }).waitFor();
    await grid.getByText('404', { exact: true }).first().waitFor();
    await screenshot(page, 'logs-recent-errors.png');

    // Filtered by hand to the 404: one row, whose detail shows what the gateway logged.
    await typeSql(page, `select id, timestamp, method, path, status\nfrom edge_logs\nwhere status = 404\norder by timestamp desc`);
    await page.keyboard.press('Control+Enter');
    await expect
      .poll(() => new URLSearchParams(new URL(page.url()).search).get('sql'), { timeout: 15_000 })
      .toContain('where status = 404');
    await expect.poll(() => page.getByTestId('result-summary').textContent(), { timeout: 15_000 }).toBe('1 row');
    // logs.all asked with the view's own query and range (from its address) answers the row the grid shows.
    const view = new URLSearchParams(new URL(page.url()).search);
    const asked = new URLSearchParams({
      sql: view.get('sql')!,
      iso_timestamp_start: view.get('its')!,
      iso_timestamp_end: view.get('ite')!,
    });
    const answer = (await api.get(`/api/platform/projects/${ref}/analytics/endpoints/logs.all?${asked}`)).body;
    expect(answer.result).toHaveLength(1);
    expect(answer.result[0]).toMatchObject({ method: 'GET', path: MISSING, status: 404 });
    const shown = grid.getByRole('row').filter({ hasText: MISSING }).getByRole('gridcell');
    expect((await shown.allTextContents())[0]).toBe(String(answer.result[0].id));
    await grid.getByText(MISSING).click();
    const detail = page.getByRole('complementary', { name: 'Event detail' });
    await detail.getByRole('heading', { name: `GET ${MISSING} 404` }).waitFor();
    await detail.getByText('"status_code": 404').waitFor();
    await detail.getByText('anon', { exact: true }).first().waitFor();
    expect(await detail.getByTestId('field-metadata').textContent()).toContain(`"path": "${MISSING}"`);
    await screenshot(page, 'logs-event-detail.png');

    // The address reproduces the view: the same query over the same range, one row.
    const address = page.url();
    const fresh = await dashboard.openPage(api);
    await fresh.goto(address);
    await expect.poll(() => fresh.getByTestId('result-summary').textContent(), { timeout: 30_000 }).toBe('1 row');
    await expect.poll(() => fresh.locator('.cm-content').textContent()).toContain('where status = 404');
    await fresh.context().close();

    // Parser warnings show beside the rows; an error from the store beside them too.
    await typeSql(page, `select id, path from edge_logs where path ilike '%no_such%'`);
    await page.getByRole('button', { name: /^Run/ }).click();
    const messages = page.getByRole('region', { name: 'Query messages' });
    await messages.getByText('BigQuery does not support ILIKE. Use REGEXP_CONTAINS instead.').waitFor({ timeout: 15_000 });
    await typeSql(page, `select nope from (select 1) as s`);
    await page.keyboard.press('Escape'); // the editor's completions
    await page.getByRole('button', { name: /^Run/ }).click();
    await messages.getByText('The parser does not yet support WITH and subquery statements.').waitFor({ timeout: 15_000 });
    await messages.getByText('column "nope" does not exist').waitFor();
    await screenshot(page, 'logs-warnings-and-error.png');
    await page.context().close();
  });

  it('shows a failing SQL statement on the Postgres logs page', async () => {
    const failing = await api.post(`/api/platform/pg-meta/${ref}/query`, { query: 'select * from no_such_relation' });
    expect(failing.status).toBe(400);
    // The instance's log is tailed into the store: wait until logs.all sees the statement.
    const sql = `select id from postgres_logs where query like '%no_such_relation%'`;
    await waitFor(
      () => api.get(`/api/platform/projects/${ref}/analytics/endpoints/logs.all?${new URLSearchParams({ sql })}`),
      (answer) => answer.status === 200 && answer.body.result.length >= 1,
      30_000,
      250,
    );

    const page = await dashboard.openPage(api);
    await page.goto(`${platform.url}/project/${ref}/logs/explorer`);
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Postgres logs' }).click();
    await page.getByRole('heading', { name: 'Postgres logs' }).waitFor();
    await page
      .getByRole('list', { name: 'Templates' })
      .getByRole('button', { name: /^Failing SQL statements/ })
      .click();
    const grid = page.getByRole('grid', { name: 'Log events' });
    await grid.getByText('relation "no_such_relation" does not exist').first().click();
    const detail = page.getByRole('complementary', { name: 'Event detail' });
    await detail.getByText('42P01', { exact: true }).waitFor();
    await detail.getByText('ERROR', { exact: true }).waitFor();
    await screenshot(page, 'logs-postgres-failing-sql.png');
    await page.context().close();
  });
});
