import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, healthyProject, query, uniqueEmail } from '../packages/server/test/harness.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard, type TestPlatform } from './dashboard.ts';

let dashboard: Dashboard;
let platform: TestPlatform;
let owner: ApiClient;
let ref: string;
let connectionString: string;

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUTPUT_DIR, `table-import-export-${name}.png`) });
const grid = (page: Page) => page.getByRole('grid', { name: 'Rows of public.contacts' });

const CSV =
  'Full name,Email,Ignore me,Age\n"Lovelace, Ada",ada@example.com,x,36\n"Grace ""Amazing"" Hopper",grace@example.com,y,\nAlan Turing,alan@example.com,z,41\n';

beforeAll(async () => {
  dashboard = await startDashboard();
  platform = dashboard.platform;
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('transfer'));
  const slug = (await owner.post('/api/platform/organizations', { name: 'Transfer' })).body.slug;
  ref = await healthyProject(owner, slug, 'Contacts');
  connectionString = (await owner.get(`/api/platform/projects/${ref}`)).body.connectionString;
  await query(connectionString, 'create table contacts (id serial primary key, name text not null, email text, age int)');
}, 180_000);
afterAll(() => dashboard?.close());

describe('table import and export in the dashboard', () => {
  it('imports a CSV through the panel, shows the rows, and exports them as a file', async () => {
    const page = await dashboard.openPage(owner, { acceptDownloads: true });
    await page.goto(`${platform.url}/project/${ref}/editor?schema=public&table=contacts`);
    await grid(page).waitFor();

    await page.getByRole('button', { name: 'Import data' }).click();
    const panel = page.getByRole('dialog', { name: 'Import data into contacts' });
    await panel.getByLabel('CSV file').setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await panel.getByRole('table', { name: 'Preview' }).waitFor();
    await panel.getByLabel('Column for Full name').selectOption('name');
    expect(await panel.getByLabel('Column for Email').inputValue()).toBe('email');
    expect(await panel.getByLabel('Column for Ignore me').inputValue()).toBe('');
    expect(await panel.getByLabel('Column for Age').inputValue()).toBe('age');
    await shot(page, 'preview');
    await panel.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Imported 3 rows').waitFor();
    await expect.poll(() => grid(page).locator('tbody tr').count()).toBe(3);
    await grid(page).getByText('Grace "Amazing" Hopper').waitFor();
    await shot(page, 'imported');

    // A bad row: nothing is imported, and the panel says where.
    await page.getByRole('button', { name: 'Import data' }).click();
    await panel.getByLabel('Pasted rows').fill('name\tage\nKatherine Johnson\t101\nDorothy Vaughan\tninety\n');
    await panel.getByRole('button', { name: 'Use pasted rows' }).click();
    await panel.getByRole('button', { name: 'Import', exact: true }).click();
    const alert = panel.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Nothing was imported: line 3, column age');
    await shot(page, 'refused');
    await panel.getByRole('button', { name: 'Cancel' }).click();
    expect((await query(connectionString, 'select count(*)::int as n from contacts')).rows[0].n).toBe(3);

    await page.getByRole('button', { name: 'Export' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV (all rows)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('contacts.csv');
    const text = await readFile((await download.path())!, 'utf8');
    expect(text).toBe(
      'id,name,email,age\n1,"Lovelace, Ada",ada@example.com,36\n2,"Grace ""Amazing"" Hopper",grace@example.com,\n3,Alan Turing,alan@example.com,41\n',
    );
    await page.context().close();
  });
});
