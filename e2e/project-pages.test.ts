import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, healthyProject, query, uniqueEmail } from '../packages/server/test/harness.ts';
import { deployFunction } from '../packages/server/test/functions-fixture.ts';
import { takeBackup } from '../packages/server/src/services/backups/backups.ts';
import * as projects from '../packages/server/src/store/projects.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard, type TestPlatform } from './dashboard.ts';

// The project pages of issue 14 on a real project: each opens from the project menu (or the page
// that leads to it) and shows its real content.
let dashboard: Dashboard;
let platform: TestPlatform;
let owner: ApiClient;
let slug: string;
let ref: string;

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUTPUT_DIR, `project-pages-${name}.png`), fullPage: true });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Project' });

beforeAll(async () => {
  dashboard = await startDashboard();
  platform = dashboard.platform;
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('pages-owner'));
  slug = (await owner.post('/api/platform/organizations', { name: 'Pages' })).body.slug;
  ref = await healthyProject(owner, slug, 'Pages');
  const deployed = await deployFunction(
    owner,
    ref,
    'hello-pages',
    { 'index.ts': 'Deno.serve(() => new Response("hi"));' },
    { entrypoint_path: 'index.ts' },
  );
  expect(deployed.status).toBe(201);
}, 180_000);
afterAll(() => dashboard?.close());

describe('the project pages', () => {
  it('Vault: adds a secret from the page, reveals it, and SQL reads it decrypted', async () => {
    const page = await dashboard.openPage(owner);
    await page.goto(`${platform.url}/project/${ref}`);
    await menu(page).getByRole('link', { name: 'Vault' }).click();
    await page.getByRole('heading', { name: 'Vault', exact: true }).waitFor();
    await page.getByText('No secrets yet').waitFor();
    await page.getByRole('button', { name: 'Add new secret' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add new secret' });
    await dialog.getByLabel('Name').fill('stripe_key');
    await dialog.getByLabel('Description').fill('Stripe live key');
    await dialog.getByLabel('Secret value').fill('sk_live_from_the_browser');
    await dialog.getByRole('button', { name: 'Add secret' }).click();
    const row = page.getByRole('row', { name: /stripe_key/ });
    await row.waitFor();
    expect(await row.textContent()).not.toContain('sk_live_from_the_browser');
    await row.getByRole('button', { name: 'Reveal stripe_key' }).click();
    await row.getByText('sk_live_from_the_browser').waitFor();
    await shot(page, 'vault');

    const { connectionString } = (await owner.get(`/api/platform/projects/${ref}`)).body;
    const { rows } = await query(
      connectionString,
      `select decrypted_secret, secret from vault.decrypted_secrets where name = 'stripe_key'`,
    );
    expect(rows[0].decrypted_secret).toBe('sk_live_from_the_browser');
    expect(rows[0].secret).not.toContain('sk_live');
    await page.context().close();
  }, 120_000);

  it('Integrations: the GitHub connection and what else connects', async () => {
    const page = await dashboard.openPage(owner);
    await page.goto(`${platform.url}/project/${ref}`);
    await menu(page).getByRole('link', { name: 'Integrations' }).click();
    await page.getByRole('heading', { name: 'Integrations', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'GitHub' }).waitFor();
    await page.getByLabel('Repository').waitFor();
    expect(await page.getByRole('link', { name: /Access tokens/ }).getAttribute('href')).toBe('/account/tokens');
    await shot(page, 'integrations');
    await page.context().close();
  }, 60_000);

  it('API Keys: the publishable and secret keys, also from /api-keys/new', async () => {
    const page = await dashboard.openPage(owner);
    await page.goto(`${platform.url}/project/${ref}/api-keys/new`);
    await page.getByRole('heading', { name: 'API Keys', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/project/${ref}/settings/api-keys/new`);
    const settings = (await owner.get(`/api/platform/projects/${ref}/settings`)).body;
    const anon = settings.service_api_keys.find((key: { tags: string }) => key.tags === 'anon').api_key;
    expect(await page.getByLabel('anon key').inputValue()).toBe(anon);
    await page.getByRole('heading', { name: 'Secret key' }).waitFor();
    expect(await menu(page).getByRole('link', { name: 'API Keys' }).getAttribute('aria-current')).toBe('page');
    await shot(page, 'api-keys');
    await page.context().close();
  }, 60_000);

  it('Database settings: connection facts, no pooler, SSL, and a password reset that works', async () => {
    const page = await dashboard.openPage(owner);
    await page.goto(`${platform.url}/project/${ref}`);
    await menu(page).getByRole('link', { name: 'Settings', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Database Settings' }).waitFor();
    const { connectionString } = (await owner.get(`/api/platform/projects/${ref}`)).body;
    await page.getByText(new URL(connectionString).port, { exact: true }).waitFor();
    await page.getByText(/Basin runs no connection pooler/).waitFor();
    await page.getByText('Not enforced', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Reset database password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset database password' });
    await dialog.getByLabel('New password').fill('reset-from-the-browser-1');
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Successfully updated database password').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const fresh = (await owner.get(`/api/platform/projects/${ref}`)).body.connectionString;
    expect(new URL(fresh).password).toBe('reset-from-the-browser-1');
    expect((await query(fresh, 'select current_user as who')).rows).toEqual([{ who: 'postgres' }]);
    await shot(page, 'database-settings');
    await page.context().close();
  }, 60_000);

  it('Point in time: off, with Upgrade to Pro on the free plan', async () => {
    const page = await dashboard.openPage(owner);
    await page.goto(`${platform.url}/project/${ref}/database/backups/scheduled`);
    await page.getByRole('navigation', { name: 'Backups' }).getByRole('link', { name: 'Point in time' }).click();
    await page.getByRole('heading', { name: 'Point in time recovery is off' }).waitFor();
    const upgrade = page.getByRole('link', { name: 'Upgrade to Pro' });
    expect(await upgrade.getAttribute('href')).toBe(`/org/${slug}/billing?panel=subscriptionPlan&source=backupsPitr`);
    expect(await menu(page).getByRole('link', { name: 'Backups' }).getAttribute('aria-current')).toBe('page');
    await shot(page, 'pitr');
    await upgrade.click();
    await page.waitForURL((url) => url.pathname === `/org/${slug}/billing`);
    expect(new URL(page.url()).searchParams.get('panel')).toBe('subscriptionPlan');
    await page.context().close();
  }, 60_000);

  // Issue 21: the signed link opens with the member's session only; the browser sends it.
  it('Scheduled backups: the Download button saves the archive', async () => {
    const backup = await takeBackup(platform.ctx, (await projects.findByRef(platform.ctx.db, ref))!, 'scheduled');
    const page = await dashboard.openPage(owner);
    await page.goto(`${platform.url}/project/${ref}/database/backups/scheduled`);
    const button = page.getByRole('button', { name: `Download backup ${backup.id}` });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${ref}-backup-${backup.id}-.+\\.tar\\.gz$`));
    expect((await readFile((await download.path())!)).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip
    await page.context().close();
  }, 90_000);

  // Issue 22: the API answers these refs with a 400, which once showed the error screen.
  it('/project/default and a malformed ref show Project not found, not the error screen', async () => {
    const page = await dashboard.openPage(owner);
    for (const [name, bad] of [
      ['default', 'default'],
      ['malformed', 'NOT-A-REF/settings/general'],
    ]) {
      await page.goto(`${platform.url}/project/${bad}`);
      await page.getByRole('heading', { name: 'Project not found' }).waitFor();
      expect(await page.getByText('Something went wrong').count()).toBe(0);
      await shot(page, `not-found-${name}`);
      await page.getByRole('link', { name: 'Go to your organizations' }).click();
      await page.waitForURL((url) => url.pathname === '/organizations');
    }
    await page.context().close();
  }, 60_000);

  // Issue 22: each example card shows its framework's logo (Simple Icons, bundled), not a letter tile.
  it('Example projects: each card shows its framework’s logo', async () => {
    const page = await dashboard.openPage(owner, { viewport: { width: 1440, height: 1400 } });
    await page.goto(`${platform.url}/project/${ref}`);
    const examples = page.getByRole('region', { name: 'Example projects' });
    const cards = examples.getByRole('listitem');
    await cards.first().waitFor();
    const icons = await cards.evaluateAll((items) =>
      items.map((item) => {
        const mark = item.querySelector('[data-framework]');
        const svg = mark?.querySelector('svg');
        const box = svg?.getBoundingClientRect();
        return {
          framework: mark?.getAttribute('data-framework'),
          title: svg?.querySelector('title')?.textContent,
          path: svg?.querySelector('path')?.getAttribute('d')?.length ?? 0,
          fill: svg?.getAttribute('fill'),
          width: box?.width ?? 0,
        };
      }),
    );
    const titles: Record<string, string> = {
      nextjs: 'Next.js',
      react: 'React',
      vue: 'Vue.js',
      nuxt: 'Nuxt',
      sveltekit: 'Svelte',
      angular: 'Angular',
      solid: 'Solid',
      expo: 'Expo',
      flutter: 'Flutter',
      swift: 'Swift',
    };
    expect(icons.length).toBeGreaterThan(0);
    for (const icon of icons) {
      expect(icon.title).toBe(titles[icon.framework ?? '']);
      expect(icon.path).toBeGreaterThan(50);
      expect(icon.width).toBeGreaterThan(10);
      expect(icon.fill).toMatch(/^(#[0-9A-Fa-f]{6}|currentColor)$/);
    }
    expect(new Set(icons.map((icon) => icon.framework)).size).toBe(Object.keys(titles).length);
    await examples.scrollIntoViewIfNeeded();
    await examples.screenshot({ path: path.join(OUTPUT_DIR, 'project-pages-example-logos.png') });
    // Black logos (Next.js, Expo) take the text colour, so they stay visible in the dark theme.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('html.dark').waitFor({ state: 'attached' });
    await examples.screenshot({ path: path.join(OUTPUT_DIR, 'project-pages-example-logos-dark.png') });
    await page.context().close();
  }, 60_000);

  // The workspace's own split panes (the project home no longer loads a panels library).
  it('Layout: the product menu resizes by its handle up to 33% and collapses; the assistant opens beside the page at 30%', async () => {
    const page = await dashboard.openPage(owner);
    await page.goto(`${platform.url}/project/${ref}`);
    const handle = page.getByRole('separator', { name: 'Resize project menu' });
    await handle.waitFor();
    const size = async (separator = handle) => Number(await separator.getAttribute('aria-valuenow'));
    const menuWidth = async () => Math.round((await menu(page).boundingBox())!.width);
    expect([await size(), await menuWidth()]).toEqual([220, 220]);

    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 300);
    await page.mouse.down();
    await page.mouse.move(box.x + 100, box.y + 300, { steps: 5 });
    await page.mouse.up();
    expect(Math.abs((await size()) - 320)).toBeLessThanOrEqual(1);
    await page.mouse.move(box.x + box.width / 2 + 100, box.y + 300);
    await page.mouse.down();
    await page.mouse.move(box.x + 1000, box.y + 300, { steps: 5 });
    await page.mouse.up();
    expect(await size()).toBe(Math.round(1440 * 0.33));
    expect(await menuWidth()).toBe(Math.round(1440 * 0.33));
    await handle.focus();
    await page.keyboard.press('Home');
    expect(await size()).toBe(160);

    await page.getByRole('button', { name: 'Collapse menu' }).click();
    await handle.waitFor({ state: 'detached' });
    expect(await menuWidth()).toBe(48);
    await page.getByRole('button', { name: 'Expand menu' }).click();
    expect(await size()).toBe(160);

    await page.getByRole('button', { name: 'Toggle AI assistant' }).click();
    const assistant = page.getByRole('separator', { name: 'Resize assistant' });
    await assistant.waitFor();
    expect(await size(assistant)).toBe(Math.round(1440 * 0.3));
    await shot(page, 'layout-assistant');
    await page.context().close();
  }, 60_000);

  it('Storage settings and a function’s details open too', async () => {
    const page = await dashboard.openPage(owner);
    await page.goto(`${platform.url}/project/${ref}`);
    await menu(page).getByRole('link', { name: 'Storage Settings' }).click();
    await page.getByText('Upload file size limit').waitFor();
    await page.goto(`${platform.url}/project/${ref}/functions/hello-pages/details`);
    await page.getByRole('heading', { name: 'hello-pages' }).first().waitFor();
    expect(await page.getByText('Page not found').count()).toBe(0);
    await shot(page, 'function-details');
    await page.context().close();
  }, 60_000);
});
