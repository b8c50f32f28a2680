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
let connectionString: string;

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUTPUT_DIR, `table-editor-${name}.png`) });
const range = (page: Page) => page.getByTestId('rows-range').textContent();
const grid = (page: Page) => page.getByRole('grid', { name: 'Rows of public.products' });
/** The first data row's cells, as text. */
const firstRow = async (page: Page) => (await grid(page).locator('tbody tr').first().locator('td').allTextContents()).slice(2, 5);

async function openProducts(as: ApiClient): Promise<Page> {
  const page = await dashboard.openPage(as);
  await page.goto(`${platform.url}/project/${ref}/editor?schema=public&table=products`);
  await grid(page).waitFor();
  return page;
}

beforeAll(async () => {
  dashboard = await startDashboard();
  platform = dashboard.platform;
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('rows'));
  const slug = (await owner.post('/api/platform/organizations', { name: 'Rows' })).body.slug;
  reader = await signUpMember(owner, slug, 'Read-only', 'rows-reader');
  ref = await healthyProject(owner, slug, 'Shop');
  connectionString = (await owner.get(`/api/platform/projects/${ref}`)).body.connectionString;
  await query(
    connectionString,
    `create table products (id serial primary key, name text not null, price int, tags text[]);
     insert into products (name, price, tags) select 'product ' || g, g, array['tag' || (g % 3)] from generate_series(1, 130) g`,
  );
}, 180_000);
afterAll(() => dashboard?.close());

describe('table editor in the dashboard', () => {
  it('sorts, filters, pages, and inserts, edits and deletes a row', async () => {
    const page = await openProducts(owner);
    await expect.poll(() => range(page)).toBe('Rows 1–100 of 130');
    // The page title names the table, then the project and organization (spec part 1 §2).
    await expect.poll(() => page.title()).toBe('products | Shop | Rows | Basin');
    expect(await firstRow(page)).toEqual(['1', 'product 1', '1']);

    // Sort: the price header twice is descending.
    const price = page.getByRole('columnheader', { name: /price/ });
    await price.getByRole('button').click();
    await price.getByRole('button').click();
    await expect.poll(() => price.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => firstRow(page)).toEqual(['130', 'product 130', '130']);
    await shot(page, 'sorted');

    // Pages of 100.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => range(page)).toBe('Rows 101–130 of 130');
    await expect.poll(() => firstRow(page)).toEqual(['30', 'product 30', '30']);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => range(page)).toBe('Rows 1–100 of 130');

    // A filter chip: price <= 5.
    await page.getByRole('button', { name: 'Add filter' }).click();
    const form = page.getByRole('dialog', { name: 'Add filter' });
    await form.getByRole('combobox', { name: 'Column' }).click();
    await page.getByRole('option', { name: 'price' }).click();
    await form.getByRole('combobox', { name: 'Operator' }).click();
    await page.getByRole('option', { name: /^less or equal/ }).click();
    await form.getByLabel('Value').fill('5');
    await shot(page, 'filter-form');
    await form.getByRole('button', { name: 'Apply filter' }).click();
    await page.getByText('price lte 5', { exact: true }).waitFor();
    await expect.poll(() => range(page)).toBe('Rows 1–5 of 5');
    await shot(page, 'filtered');

    // Insert: empty id takes the sequence's next value.
    await page.getByRole('button', { name: 'Insert row' }).click();
    const insert = page.getByRole('dialog', { name: 'Insert row' });
    await insert.getByLabel('name').fill('Basin mug');
    await insert.getByLabel('price').fill('3');
    await insert.getByLabel('tags').fill('["mug","new"]');
    await shot(page, 'insert-panel');
    await insert.getByRole('button', { name: 'Insert row' }).click();
    await page.getByText('Row inserted').waitFor();
    await expect.poll(() => range(page)).toBe('Rows 1–6 of 6');
    const mug = grid(page).locator('tbody tr', { hasText: 'Basin mug' });
    expect((await mug.locator('td').allTextContents()).slice(2)).toEqual(['131', 'Basin mug', '3', '["mug","new"]', '']);

    // Edit it: price 3 -> 4.
    await mug.getByRole('button', { name: /^Edit row/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit row' });
    await edit.getByLabel('price').fill('4');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Row updated').waitFor();
    await expect.poll(async () => (await mug.locator('td').allTextContents())[4]).toBe('4');
    expect((await query(connectionString, `select price, tags from products where name = 'Basin mug'`)).rows).toEqual([
      { price: 4, tags: ['mug', 'new'] },
    ]);
    await shot(page, 'edited');

    // Delete it, after the confirmation.
    await mug.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Delete 1 row' }).click();
    await shot(page, 'delete-confirm');
    await page.getByRole('dialog', { name: 'Delete 1 row?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted 1 row').waitFor();
    await expect.poll(() => range(page)).toBe('Rows 1–5 of 5');
    expect((await query(connectionString, `select count(*)::int as n from products where name = 'Basin mug'`)).rows).toEqual([{ n: 0 }]);
    await page.context().close();
  });

  it('edits typed cells: exact big numbers, booleans, enums, JSON, times, uuids and a foreign key picked from its rows', async () => {
    await query(
      connectionString,
      `create type mood as enum ('sad', 'happy');
       create table customers (id bigint primary key, name text not null);
       insert into customers values (9007199254740993, 'Ada'), (9007199254740995, 'Bea');
       create table orders (
         id bigint primary key, note text, paid boolean, mood mood, data jsonb,
         placed_at timestamptz, token uuid, customer_id bigint references customers
       );
       insert into orders (id, note) values (9007199254740993, 'first'), (9007199254740995, 'second')`,
    );
    const page = await dashboard.openPage(owner);
    await page.goto(`${platform.url}/project/${ref}/editor?schema=public&table=orders`);
    const orders = page.getByRole('grid', { name: 'Rows of public.orders' });
    // Past 2^53 every digit stays (a JSON number would read ...992 and ...996).
    await orders.getByRole('gridcell', { name: '9007199254740993', exact: true }).waitFor();
    await orders.getByRole('gridcell', { name: '9007199254740995', exact: true }).waitFor();

    await orders.getByRole('gridcell', { name: 'first' }).dblclick();
    const edit = page.getByRole('dialog', { name: 'Edit row' });
    await edit.getByRole('combobox', { name: 'paid' }).click();
    await page.getByRole('option', { name: 'true' }).click();
    await edit.getByRole('combobox', { name: 'mood' }).click();
    await page.getByRole('option', { name: 'happy' }).click();
    await edit.getByLabel('data').fill('{"size": ');
    await edit.getByLabel('placed_at').fill('2026-12-02T10:30:15');
    await edit.getByRole('button', { name: 'Generate UUID' }).click();
    await edit.getByRole('button', { name: 'Pick a row of public.customers' }).click();
    await page.getByRole('textbox', { name: 'Search public.customers by id' }).fill('9007199254740995');
    await page.getByRole('list', { name: 'Rows of public.customers' }).getByRole('button', { name: /Bea/ }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    // Bad JSON is caught before Postgres is asked.
    await edit.getByText(/^Not valid JSON/).waitFor();
    await edit.getByLabel('data').fill('{"size": "L"}');
    await shot(page, 'typed-edit');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Row updated').waitFor();
    const [saved] = (
      await query(
        connectionString,
        `select paid, mood::text, data, placed_at, token is not null as has_token, customer_id::text from orders where id = 9007199254740993`,
      )
    ).rows;
    expect(saved).toMatchObject({ paid: true, mood: 'happy', data: { size: 'L' }, has_token: true, customer_id: '9007199254740995' });
    // The picker's time is the browser's (this machine's) local time.
    expect((saved.placed_at as Date).toISOString()).toBe(new Date('2026-12-02T10:30:15').toISOString());

    // The keyboard: from the first note down to the second, copy it, paste it over the first.
    await orders.getByRole('gridcell', { name: 'second' }).waitFor();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await orders.getByRole('gridcell', { name: 'first' }).click();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('second');
    await page.keyboard.press('Control+C');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Control+V');
    await page.getByText('Pasted into 1 row').waitFor();
    expect((await query(connectionString, `select note from orders order by id`)).rows).toEqual([{ note: 'second' }, { note: 'second' }]);
    await shot(page, 'typed-grid');
    await page.context().close();
  });

  it('shows rows read-only to Read-only members', async () => {
    const page = await openProducts(reader);
    await expect.poll(() => range(page)).toBe('Rows 1–100 of 130');
    const insert = page.getByRole('button', { name: 'Insert row' });
    await expect.poll(() => insert.isDisabled()).toBe(true);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await insert.locator('..').hover();
    await page.getByRole('tooltip').getByText('Read-only members can view rows but not change them').waitFor();
    await shot(page, 'read-only');
    await page.context().close();
  });
});
