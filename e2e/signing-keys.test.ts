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

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUTPUT_DIR, `signing-keys-${name}.png`), fullPage: true });
const jwks = async () =>
  ((await (await fetch(`${platform.url}/api/projects/${ref}/gateway/auth/v1/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] })
    .keys;

beforeAll(async () => {
  dashboard = await startDashboard();
  platform = dashboard.platform;
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('signing-keys'));
  const slug = (await owner.post('/api/platform/organizations', { name: 'Keys' })).body.slug;
  ref = await healthyProject(owner, slug, 'App');
}, 180_000);
afterAll(() => dashboard?.close());

describe('Project Settings → JWT Keys in the dashboard', () => {
  it('creates a standby key, rotates to it, and revokes the one before', async () => {
    const page = await dashboard.openPage(owner);
    await page.goto(`${platform.url}/project/${ref}/settings/jwt`);
    const rows = page.getByRole('row');
    await rows.filter({ hasText: 'Legacy HS256 (shared secret)' }).getByText('In use').waitFor();
    await page.getByRole('textbox', { name: 'JWKS URL' }).waitFor();

    await page.getByRole('button', { name: 'Create standby key' }).click();
    const create = page.getByRole('dialog', { name: 'Create a standby key' });
    await create.getByRole('radio', { name: 'RS256 (RSA)' }).click();
    await create.getByRole('radio', { name: 'ES256 (ECC)' }).press('Space');
    await create.getByRole('button', { name: 'Create standby key' }).click();
    const standby = rows.filter({ hasText: 'ECC (P-256)' });
    await standby.getByText('Standby').waitFor();
    const kid = (await owner.get(`/api/platform/projects/${ref}/config/auth/signing-keys`)).body.keys[1].id as string;
    expect((await jwks()).map((key) => key.kid)).toEqual([kid]);
    await shot(page, 'standby');

    await page.getByRole('button', { name: 'Rotate keys' }).click();
    await page.getByRole('dialog', { name: 'Rotate to the standby key?' }).getByRole('button', { name: 'Rotate keys' }).click();
    await standby.getByText('In use').waitFor();
    await rows.filter({ hasText: 'Legacy HS256 (shared secret)' }).getByText('Previously used').waitFor();
    await page.getByRole('button', { name: 'Create standby key' }).waitFor();
    await shot(page, 'rotated');

    // Back to the legacy secret, then revoke the ECC key and delete it.
    await rows.filter({ hasText: 'Legacy HS256' }).getByRole('button', { name: 'Use the legacy secret' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Use the legacy secret' }).click();
    await standby.getByText('Previously used').waitFor();
    await standby.getByRole('button', { name: 'Revoke key' }).click();
    const revoke = page.getByRole('dialog', { name: 'Revoke this key?' });
    await revoke.getByText('Every access token it signed stops working at once').waitFor();
    await revoke.getByRole('button', { name: 'Revoke key' }).click();
    await standby.getByText('Revoked').waitFor();
    expect(await jwks()).toEqual([]);
    await standby.getByRole('button', { name: 'Delete key' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete key' }).click();
    await standby.waitFor({ state: 'detached' });
    await shot(page, 'after-revoke');
  });
});
