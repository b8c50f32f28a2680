import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, healthyProject, uniqueEmail } from '../packages/server/test/harness.ts';
import { asBrowserCredential, type CreationOptions, SoftAuthenticator } from '../packages/server/test/soft-authenticator.ts';
import { supabaseClient } from '../packages/server/test/supabase-client.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard, type TestPlatform } from './dashboard.ts';

let dashboard: Dashboard;
let platform: TestPlatform;
let owner: ApiClient;
let ref: string;
let anonKey: string;

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUTPUT_DIR, `auth-users-${name}.png`) });
const usersTable = (page: Page) => page.getByRole('table');

beforeAll(async () => {
  dashboard = await startDashboard();
  platform = dashboard.platform;
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('users'));
  const slug = (await owner.post('/api/platform/organizations', { name: 'Users' })).body.slug;
  ref = await healthyProject(owner, slug, 'App');
  const settings = (await owner.get(`/api/platform/projects/${ref}/settings`)).body;
  anonKey = settings.service_api_keys.find((key: { tags: string }) => key.tags === 'anon').api_key;
}, 180_000);
afterAll(() => dashboard?.close());

describe('Authentication → Users in the dashboard', () => {
  it('creates a user, finds it by search, opens its details and deletes it', async () => {
    const page = await dashboard.openPage(owner);
    await page.goto(`${platform.url}/project/${ref}/auth`);
    await page.waitForURL(`**/project/${ref}/auth/users`);
    await page.getByText('No users in your project yet').waitFor();
    await page.getByText('Auth emails are kept in the Mailbox').waitFor();
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

  it("shows a user's MFA factors in the details and removes them", async () => {
    const email = 'trinity@matrix.example';
    const password = 'a fine password 1';
    const { id } = (await owner.post(`/api/platform/auth/${ref}/users`, { email, password })).body;
    // The user enrolls and verifies a TOTP factor through the project's auth API, as an app's MFA screen does.
    const client = supabaseClient(`${platform.url}/api/projects/${ref}/gateway`, anonKey);
    expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator app' });
    expect(enrolled.error).toBeNull();
    const { id: factorId, totp } = enrolled.data as { id: string; totp: { secret: string } };
    const code = new TOTP({ secret: Secret.fromBase32(totp.secret) }).generate();
    expect((await client.auth.mfa.challengeAndVerify({ factorId, code })).error).toBeNull();
    // And a security key, answered by a software authenticator for the project's default site URL.
    expect(
      (await owner.patch(`/api/platform/auth/${ref}/config`, { MFA_WEB_AUTHN_ENROLL_ENABLED: true, MFA_WEB_AUTHN_VERIFY_ENABLED: true }))
        .status,
    ).toBe(200);
    const key = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Security key' });
    const webauthn = { rpId: 'localhost', rpOrigins: ['http://localhost:3000'] };
    const challenge = await client.auth.mfa.challenge({ factorId: key.data!.id, webauthn });
    const publicKey = (challenge.data as unknown as { webauthn: { credential_options: { publicKey: CreationOptions } } }).webauthn
      .credential_options.publicKey;
    const credential = asBrowserCredential(new SoftAuthenticator('http://localhost:3000', 'localhost').create(publicKey));
    const verified = await client.auth.mfa.verify({
      factorId: key.data!.id,
      challengeId: challenge.data!.id,
      webauthn: { type: 'create', ...webauthn, credential_response: credential as never },
    });
    expect(verified.error).toBeNull();

    const page = await dashboard.openPage(owner);
    await page.goto(`${platform.url}/project/${ref}/auth/users?user=${id}`);
    const panel = page.getByRole('dialog', { name: email });
    const factors = panel.getByRole('region', { name: 'MFA factors (2)' });
    await factors.getByText('Authenticator app').waitFor();
    await factors.getByText('TOTP').waitFor();
    await factors.getByText('Security key').waitFor();
    await factors.getByText('WebAuthn').waitFor();
    expect(await factors.getByText('Verified').count()).toBe(2);
    await factors.scrollIntoViewIfNeeded();
    await shot(page, 'mfa-factors');

    await factors.getByRole('button', { name: 'Remove Security key' }).click();
    await page.getByRole('dialog', { name: 'Remove MFA factor' }).getByRole('button', { name: 'Remove factor' }).click();
    await page.getByText(`Removed MFA factor Security key from ${email}`).waitFor();
    await panel.getByRole('region', { name: 'MFA factors (1)' }).getByText('Authenticator app').waitFor();

    await panel.getByRole('button', { name: 'Remove Authenticator app' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove MFA factor' });
    await confirm.getByText(/sessions that used it drop to aal1/).waitFor();
    await confirm.getByRole('button', { name: 'Remove factor' }).click();
    await page.getByText(`Removed MFA factor Authenticator app from ${email}`).waitFor();
    await panel.getByRole('region', { name: 'MFA factors (0)' }).getByText('No MFA factors: this user signs in with one factor.').waitFor();
    expect((await owner.get(`/api/platform/auth/${ref}/users/${id}`)).body.factors).toBeUndefined();
  });

  it("shows a user's passkeys in the details and removes one", async () => {
    const email = 'morpheus@matrix.example';
    const password = 'a fine password 1';
    const { id } = (await owner.post(`/api/platform/auth/${ref}/users`, { email, password })).body;
    expect((await owner.patch(`/api/platform/auth/${ref}/config`, { PASSKEY_ENABLED: true })).status).toBe(200);
    // The user adds a passkey through the project's auth API, answered by a software authenticator.
    const client = supabaseClient(`${platform.url}/api/projects/${ref}/gateway`, anonKey);
    expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
    const { data: options } = await client.auth.passkey.startRegistration();
    const authenticator = new SoftAuthenticator('http://localhost:3000', 'localhost');
    const created = await client.auth.passkey.verifyRegistration({
      challengeId: options!.challenge_id,
      credential: authenticator.create(options!.options as unknown as CreationOptions) as never,
    });
    expect(created.error).toBeNull();
    await client.auth.passkey.update({ passkeyId: created.data!.id, friendlyName: 'Laptop' });

    const page = await dashboard.openPage(owner);
    await page.goto(`${platform.url}/project/${ref}/auth/users?user=${id}`);
    const passkeys = page.getByRole('dialog', { name: email }).getByRole('region', { name: 'Passkeys' });
    await passkeys.getByText('Laptop').waitFor();
    await passkeys.scrollIntoViewIfNeeded();
    await shot(page, 'passkeys');
    await passkeys.getByRole('button', { name: 'Remove Laptop' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove passkey' });
    await confirm.getByText(/can no longer sign in with this passkey/).waitFor();
    await confirm.getByRole('button', { name: 'Remove passkey' }).click();
    await page.getByText(`Removed passkey Laptop from ${email}`).waitFor();
    await passkeys.getByText('No passkeys: this user signs in another way.').waitFor();
    expect((await owner.get(`/api/platform/auth/${ref}/users/${id}/passkeys`)).body.passkeys).toEqual([]);
  });
});
