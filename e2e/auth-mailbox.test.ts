import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, healthyProject, uniqueEmail } from '../packages/server/test/harness.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard, type TestPlatform } from './dashboard.ts';

let dashboard: Dashboard;
let platform: TestPlatform;
let owner: ApiClient;
let ref: string;
let anonKey: string;

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUTPUT_DIR, `auth-mailbox-${name}.png`) });

beforeAll(async () => {
  dashboard = await startDashboard();
  platform = dashboard.platform;
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('mailbox'));
  const slug = (await owner.post('/api/platform/organizations', { name: 'Mailbox' })).body.slug;
  ref = await healthyProject(owner, slug, 'App');
  const settings = await owner.get(`/api/platform/projects/${ref}/settings`);
  anonKey = settings.body.service_api_keys.find((key: { tags: string }) => key.tags === 'anon').api_key;
  expect((await owner.patch(`/api/platform/auth/${ref}/config`, { MAILER_AUTOCONFIRM: false, SMTP_MAX_FREQUENCY: 0 })).status).toBe(200);
}, 180_000);
afterAll(() => dashboard?.close());

/** A sign-up from the project's app, as supabase-js sends it. */
async function signUpFromApp(email: string) {
  const response = await fetch(`${platform.url}/api/projects/${ref}/gateway/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'a fine password 1' }),
  });
  expect(response.status).toBe(200);
}

describe('Authentication → Mailbox in the dashboard', () => {
  it('shows a sign-up confirmation the project kept, whose link confirms the user', async () => {
    const page = await dashboard.openPage(owner);
    await page.goto(`${platform.url}/project/${ref}/auth/mailbox`);
    await page.getByText('No emails kept').waitFor();

    await signUpFromApp('ada@example.com');
    await page.getByRole('button', { name: 'Refresh' }).click();
    const list = page.getByRole('list', { name: 'Kept emails' });
    await list.getByRole('button', { name: /ada@example\.com/ }).waitFor();
    const shown = page.getByRole('region', { name: 'Email to ada@example.com' });
    await shown.getByRole('heading', { name: 'Confirm your signup' }).waitFor();
    const body = page.frameLocator('iframe[title="Confirm your signup (email body)"]');
    await body.getByRole('link').first().waitFor();
    await shot(page, 'confirmation');

    // The link, opened as the user would: it confirms the address.
    const link = await shown.getByRole('link', { name: 'Open link' }).getAttribute('href');
    expect((await fetch(link!, { redirect: 'manual' })).status).toBe(303);
    const users = await owner.get(`/api/platform/auth/${ref}/users?keywords=ada`);
    expect(users.body.users[0].email_confirmed_at).toBeTruthy();

    // The Users page points here.
    await page.getByRole('link', { name: 'Users' }).first().click();
    await page.getByText('Auth emails are kept in the Mailbox').waitFor();

    await page.goto(`${platform.url}/project/${ref}/auth/mailbox`);
    await page.getByRole('button', { name: 'Empty mailbox' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Empty mailbox' }).click();
    await page.getByText('No emails kept').waitFor();
    await shot(page, 'empty');
  });
});
