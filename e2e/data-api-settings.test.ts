import path from 'node:path';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, healthyProject, query, uniqueEmail } from '../packages/server/test/harness.ts';
import { signUpMember } from '../packages/server/test/membership.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard, type TestPlatform } from './dashboard.ts';

let dashboard: Dashboard;
let platform: TestPlatform;
let owner: ApiClient;
let developer: ApiClient;
let ref: string;
let anonKey: string;

/** The card alone: the page scrolls inside the shell, so a page shot would not reach it. */
const shot = (card: Locator, name: string) =>
  card.locator('..').screenshot({ path: path.join(OUTPUT_DIR, `data-api-settings-${name}.png`) });

/** The sum of the orders' totals through the project's data API, as an app with the anon key asks for it. */
const sumOfTotals = () =>
  fetch(`${platform.url}/api/projects/${ref}/gateway/rest/v1/orders?select=total.sum()`, {
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
  });

beforeAll(async () => {
  dashboard = await startDashboard();
  platform = dashboard.platform;
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('data-api'));
  const slug = (await owner.post('/api/platform/organizations', { name: 'Data' })).body.slug;
  ref = await healthyProject(owner, slug, 'Shop');
  developer = await signUpMember(owner, slug, 'Developer', 'data-api-developer');
  const { connectionString } = (await owner.get(`/api/platform/projects/${ref}`)).body;
  await query(connectionString, 'create table public.orders (id int primary key, total int); insert into orders values (1, 5), (2, 7);');
  const settings = (await owner.get(`/api/platform/projects/${ref}/settings`)).body;
  anonKey = settings.service_api_keys.find((key: { tags: string }) => key.tags === 'anon').api_key;
}, 180_000);
afterAll(() => dashboard?.close());

describe('Data API settings in the dashboard', () => {
  it('turns aggregate functions on from the card, after which a REST aggregate works', async () => {
    expect((await (await sumOfTotals()).json()).code).toBe('PGRST123');
    const page = await dashboard.openPage(owner);
    await page.goto(`${platform.url}/project/${ref}/settings/api`);
    const card = page.getByRole('form', { name: 'Data API settings' });
    await expect.poll(() => card.getByLabel('Exposed schemas').inputValue()).toBe('public');
    await shot(card, 'owner');
    const save = card.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await card.getByRole('switch', { name: /Enable aggregate functions/ }).check();
    await save.click();
    await page.getByText('Saved the Data API settings').waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);

    const response = await sumOfTotals();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ sum: 12 }]);
    await page.reload();
    await expect.poll(() => card.getByRole('switch', { name: /Enable aggregate functions/ }).isChecked()).toBe(true);
  });

  it('shows a Developer the settings read-only, with the reason', async () => {
    const page = await dashboard.openPage(developer);
    await page.goto(`${platform.url}/project/${ref}/settings/api`);
    await page.getByText('These settings are read-only for you').waitFor();
    const card = page.getByRole('form', { name: 'Data API settings' });
    expect(await card.getByLabel('Exposed schemas').isEditable()).toBe(false);
    expect(await card.getByRole('switch', { name: /Enable explain\(\)/ }).isDisabled()).toBe(true);
    await shot(card, 'read-only');
  });
});
