import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, healthyProject, query, uniqueEmail } from '../packages/server/test/harness.ts';
import { signUpMember } from '../packages/server/test/membership.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard, type TestPlatform } from './dashboard.ts';

let dashboard: Dashboard;
let platform: TestPlatform;
let owner: ApiClient;
let reader: ApiClient;
let ref: string;

async function openPanel(client: ApiClient): Promise<Page> {
  const page = await dashboard.openPage(client, { acceptDownloads: true });
  await page.goto(`${platform.url}/project/${ref}`);
  await page.getByRole('button', { name: 'API Docs' }).click();
  await page.getByRole('navigation', { name: 'API docs' }).waitFor();
  return page;
}

beforeAll(async () => {
  dashboard = await startDashboard();
  platform = dashboard.platform;
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('docs'));
  const slug = (await owner.post('/api/platform/organizations', { name: 'Docs' })).body.slug;
  reader = await signUpMember(owner, slug, 'Read-only', 'docs-reader');
  ref = await healthyProject(owner, slug, 'Documented');
  const { connectionString } = (await owner.get(`/api/platform/projects/${ref}`)).body;
  await query(
    connectionString,
    `create table public."Order Items" (id bigint generated always as identity primary key, note text);
     create function public.add_numbers(a int, b int) returns int language sql as 'select a + b';`,
  );
}, 180_000);
afterAll(() => dashboard?.close());

describe('API docs panel in the dashboard', () => {
  it('documents tables and functions, and downloads the types as supabase.ts', async () => {
    const page = await openPanel(owner);
    const nav = page.getByRole('navigation', { name: 'API docs' });
    await nav.getByRole('button', { name: 'Order Items' }).click();
    await page.getByText('.limit(100)').first().waitFor();
    // Issue 22: the insert and update examples set the table's own column, not a made-up one.
    await page.getByText(".insert({ note: 'value' })").first().waitFor();
    await page.getByText(".update({ note: 'new value' })").first().waitFor();
    await page.getByText(".eq('id', 1)").first().waitFor();
    expect(await page.getByText('some_column').count()).toBe(0);
    await page.getByText('Insert a row').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'docs-panel-insert-update.png') });
    await page.getByRole('button', { name: 'Bash' }).click();
    await page.getByText('/rest/v1/Order%20Items?select=*&limit=100').first().waitFor();
    await page.getByText(`-d '{ "note": "value" }'`).first().waitFor();
    await page.getByText(`-d '{ "note": "new value" }'`).first().waitFor();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'docs-panel-table.png') });
    await nav.getByRole('button', { name: 'add_numbers' }).click();
    await page.getByText('/rest/v1/rpc/add_numbers').first().waitFor();

    await nav.getByRole('button', { name: 'Connect' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Generate and download types' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('supabase.ts');
    const types = await readFile((await download.path()) ?? '', 'utf8');
    expect(types).toContain('Order Items');
    await page.getByText('Successfully generated types! File is being downloaded').waitFor();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'docs-panel-connect.png') });

    await page.getByRole('link', { name: 'GraphiQL' }).click();
    await page.getByRole('heading', { name: 'GraphiQL' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/\/api\/graphiql$/);
    expect(await page.getByRole('navigation', { name: 'API docs' }).count()).toBe(0);
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'graphiql.png') });
    await page.context().close();
  }, 120_000);

  it('hides API keys and the OAuth entry from a Read-only member', async () => {
    const page = await openPanel(reader);
    await page.getByText("You don't have permission to view API keys. These keys restricted to users with higher access levels.").waitFor();
    await page.getByRole('navigation', { name: 'API docs' }).getByRole('button', { name: 'User Management' }).click();
    await page.getByRole('heading', { name: 'Sign up' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Sign in with a third-party provider' }).count()).toBe(0);
    await page.context().close();
  }, 120_000);
});
