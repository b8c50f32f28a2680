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

const openPage = (): Promise<Page> => dashboard.openPage(api);

/** Replaces the editor's text as if typed (insertText goes through CodeMirror's input handling). */
async function typeSql(page: Page, sql: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(sql);
}

const snippetPath = (url: string) => new URL(url).pathname.match(/\/sql\/([0-9a-f-]{36})$/)?.[1];

beforeAll(async () => {
  dashboard = await startDashboard();
  platform = dashboard.platform;
  api = new ApiClient(platform.url);
  await api.signUp(uniqueEmail('sql'));
  const slug = (await api.post('/api/platform/organizations', { name: 'Queried' })).body.slug;
  ref = await healthyProject(api, slug, 'Editor');
  const { connectionString } = (await api.get(`/api/platform/projects/${ref}`)).body;
  await query(
    connectionString,
    `create table orders (id int primary key, item text); insert into orders select g, 'item ' || g from generate_series(1, 120000) g`,
  );
}, 180_000);
afterAll(() => dashboard?.close());

describe('SQL editor in the dashboard', () => {
  it('runs a query, saves it as a snippet, renames it and reopens it', async () => {
    const page = await openPage();
    await page.goto(`${platform.url}/project/${ref}`);
    await page.getByRole('link', { name: 'SQL Editor' }).click();
    await page.locator('.cm-content').waitFor();

    await typeSql(page, 'select id, item from orders order by id');
    // The first edit creates the snippet: the address becomes /sql/{id}.
    await expect.poll(() => snippetPath(page.url()), { timeout: 15_000 }).toBeTruthy();
    const id = snippetPath(page.url())!;

    await page.keyboard.press('Control+Enter');
    await expect.poll(() => page.getByTestId('result-summary').textContent(), { timeout: 30_000 }).toBe('120,000 rows');
    await page.getByText('Only the first 100,000 rows are shown', { exact: false }).waitFor();
    await page.getByText('item 3', { exact: true }).waitFor();
    // Virtualized: a few dozen rows in the DOM, and scrolling brings far ones in.
    expect(await page.getByRole('row').count()).toBeLessThan(80);
    await page.getByTestId('results-grid').evaluate((grid) => grid.scrollTo(0, 28 * 99_990));
    await page.getByText('item 100000', { exact: true }).waitFor();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'sql-editor-results.png') });

    await page.getByRole('button', { name: 'Actions for Untitled query' }).click();
    await page.getByRole('menuitem', { name: 'Rename query' }).click();
    await page.getByRole('dialog').getByRole('textbox').fill('Orders by id');
    await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('link', { name: 'Orders by id' }).waitFor();

    // Reopen: a new query, then the saved one from the list, then a reload of its address.
    await page.getByRole('link', { name: 'New query' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/project/${ref}/sql`);
    await page.getByRole('link', { name: 'Orders by id' }).click();
    await expect.poll(() => page.locator('.cm-content').textContent()).toBe('select id, item from orders order by id');
    await page.reload();
    await expect.poll(() => page.locator('.cm-content').textContent(), { timeout: 15_000 }).toBe('select id, item from orders order by id');
    expect(snippetPath(page.url())).toBe(id);
    expect((await api.get(`/api/platform/projects/${ref}/snippets/${id}`)).body).toMatchObject({
      name: 'Orders by id',
      sql: 'select id, item from orders order by id',
    });

    await page.getByRole('button', { name: 'Actions for Orders by id' }).click();
    await page.getByRole('menuitem', { name: 'Delete query' }).click();
    await page.getByRole('dialog').getByRole('textbox').fill('Orders by id');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete query' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/project/${ref}/sql`);
    await page.getByText('No saved queries yet').waitFor();
    expect((await api.get(`/api/platform/projects/${ref}/snippets/${id}`)).status).toBe(404);
    await page.context().close();
  });

  it('shows an error at its line and column', async () => {
    const page = await openPage();
    await page.goto(`${platform.url}/project/${ref}/sql`);
    await page.locator('.cm-content').waitFor();
    await typeSql(page, 'select id,\n  nope\nfrom orders');
    await page.getByRole('button', { name: /Run/ }).click();
    await page.getByText('ERROR: column "nope" does not exist').waitFor();
    expect(await page.getByTestId('error-position').textContent()).toBe('At line 2, column 3');
    expect(await page.getByTestId('sql-error-mark').textContent()).toBe('nope');
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'sql-editor-error.png') });
    await page.context().close();
  });
});
