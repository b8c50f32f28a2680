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

beforeAll(async () => {
  dashboard = await startDashboard();
  platform = dashboard.platform;
  api = new ApiClient(platform.url);
  await api.signUp(uniqueEmail('advisors'));
  const slug = (await api.post('/api/platform/organizations', { name: 'Advised' })).body.slug;
  ref = await healthyProject(api, slug, 'Linted');
  const { connectionString } = (await api.get(`/api/platform/projects/${ref}`)).body;
  // A foreign key without an index: the unindexed_foreign_keys finding, fixed on the indexes page.
  await query(
    connectionString,
    `create table public.customers (id int primary key);
     create table public.invoices (id int primary key, customer_id int references public.customers (id));
     alter table public.customers enable row level security;
     alter table public.invoices enable row level security;
     insert into public.customers select generate_series(1, 60);`,
  );
}, 180_000);
afterAll(() => dashboard?.close());

describe('advisors in the dashboard', () => {
  it('shows a seeded finding, links to the page that fixes it, and hides it once acknowledged', async () => {
    const page = await openPage();
    await page.goto(`${platform.url}/project/${ref}/advisors`);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('tab', { name: /Info/ }).click();
    const finding = page.getByRole('listitem', { name: 'Unindexed foreign keys' }).filter({ hasText: 'invoices' });
    await finding.waitFor({ timeout: 60_000 });
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'advisors-info.png') });

    await finding.getByRole('link', { name: 'Fix' }).click();
    await page.getByRole('heading', { name: 'Indexes' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/project/${ref}/database/indexes`);
    expect(new URL(page.url()).searchParams.get('table')).toBe('invoices');
    await page.getByText('invoices_pkey', { exact: true }).waitFor();
    expect(await page.getByText('customers_pkey', { exact: true }).count()).toBe(0);
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'advisors-indexes.png') });

    await page.goBack();
    await page.getByRole('tab', { name: /Info/ }).click();
    await finding.getByRole('button', { name: 'Acknowledge' }).click();
    await page.getByLabel('Note').fill('Invoices are only read by id');
    await page.getByRole('dialog').getByRole('button', { name: 'Acknowledge' }).click();
    await finding.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: /Acknowledged/ }).click();
    await page.getByRole('listitem', { name: 'Unindexed foreign keys' }).filter({ hasText: 'Invoices are only read by id' }).waitFor();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'advisors-acknowledged.png') });
    await page.context().close();
  }, 180_000);

  it('saves auth settings from their page', async () => {
    const page = await openPage();
    await page.goto(`${platform.url}/project/${ref}/auth/providers`);
    const minLength = page.getByLabel('Minimum password length');
    await expect.poll(() => minLength.isEnabled()).toBe(true);
    await minLength.fill('12');
    await page.getByRole('form', { name: 'Passwords' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved the authentication settings').waitFor();
    await page.screenshot({ path: path.join(OUTPUT_DIR, 'auth-providers.png') });
    expect((await api.get(`/api/platform/auth/${ref}/config`)).body.PASSWORD_MIN_LENGTH).toBe(12);

    await page.context().close();
  }, 120_000);
});
