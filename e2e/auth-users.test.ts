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

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUTPUT_DIR, `auth-users-${name}.png`) });
const usersTable = (page: Page) => page.getByRole('table');

beforeAll(async () => {
  dashboard = await startDashboard();
  platform = dashboard.platform;
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('users'));
  const slug = (await owner.post('/api/platform/organizations', { name: 'Users' })).body.slug;
  ref = await healthyProject(owner, slug, 'App');
}, 180_000);
afterAll(() => dashboard?.close());

describe('Authentication → Users in the dashboard', () => {
  it('creates a user, finds it by search, opens its details and deletes it', async () => {
    const page = await dashboard.openPage(owner);
    await page.goto(`${platform.url}/project/${ref}/auth`);
    await page.waitForURL(`**/project/${ref}/auth/users`);
    await page.getByText('No users in your project yet').waitFor();
    await page.getByText('Auth emails are not sent').waitFor();
    await shot(page, 'empty');

    // A few users through the page's own API, so that the list has something to search among.
    for (const name of ['ada', 'bob', 'cy']) {
      expect(
        (await owner.post(`/api/platform/auth/${ref}/users`, { email: `${name}@example.com`, password: 'a fine password 1' })).status,
      ).toBe(201);
    }
    await owner.post(`/api/platform/auth/${ref}/users`, {
      email: 'pending@example.com',
      password: 'a fine password 1',
      autoConfirm: false,
    });

    // Create one with the keyboard-usable dialog.
    await page.reload();
    await page.getByRole('button', { name: /Add user/ }).click();
    await page.getByRole('menuitem', { name: 'Create new user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a new user' });
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await dialog.getByText('Enter a valid email address').waitFor();
    await dialog.getByLabel('Email address').fill('neo@matrix.example');
    await dialog.getByLabel('User password').fill('1');
    // Leaving the email field clears its error a moment later, moving the button: click once it moved.
    await dialog.getByText('Enter a valid email address').waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await dialog.getByText(/Password should be at least 6 characters/).waitFor();
    await shot(page, 'create-refused');
    await dialog.getByLabel('User password').fill('follow the white rabbit');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Created user neo@matrix.example').waitFor();
    await usersTable(page).getByRole('button', { name: 'neo@matrix.example', exact: true }).waitFor();
    await expect.poll(() => usersTable(page).locator('tbody tr').count()).toBe(5);
    await shot(page, 'list');

    // Search: debounced, kept in the URL.
    await page.getByRole('searchbox', { name: 'Search users' }).fill('MATRIX');
    await page.waitForURL(/search=MATRIX/);
    await expect.poll(() => usersTable(page).locator('tbody tr').count()).toBe(1);
    await usersTable(page).getByRole('button', { name: 'neo@matrix.example', exact: true }).waitFor();

    // Details in the side panel, in the URL too.
    await usersTable(page).getByRole('button', { name: 'neo@matrix.example', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'neo@matrix.example' });
    await panel.getByRole('region', { name: 'Identities (1)' }).waitFor();
    await expect.poll(() => page.url()).toMatch(/user=[0-9a-f-]{36}/);
    expect(await panel.getByLabel('User id').textContent()).toMatch(/^[0-9a-f-]{36}$/);
    await shot(page, 'detail');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });

    // Delete from the row's menu.
    await page.getByRole('button', { name: 'Actions for neo@matrix.example' }).click();
    await page.getByRole('menuitem', { name: 'Delete user' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete user' });
    await confirm.getByRole('button', { name: 'Delete user' }).click();
    await page.getByText('Deleted neo@matrix.example').waitFor();
    await page.getByText('No users found').waitFor();
    expect((await owner.get(`/api/platform/auth/${ref}/users?keywords=matrix`)).body.total).toBe(0);

    await page.getByRole('searchbox', { name: 'Search users' }).fill('');
    await expect.poll(() => usersTable(page).locator('tbody tr').count()).toBe(4);
  });
});
