import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, healthyProject, uniqueEmail } from '../packages/server/test/harness.ts';
import { type OidcStandIn, startOidcStandIn } from '../packages/server/test/oidc-stand-in.ts';
import { OUTPUT_DIR } from './browser.ts';
import { startDashboard, type Dashboard, type TestPlatform } from './dashboard.ts';

let dashboard: Dashboard;
let platform: TestPlatform;
let owner: ApiClient;
let ref: string;
let anonKey: string;
let idp: OidcStandIn;
let apiUrl: string;

/** A provider's folded card: its summary, by the provider's heading. */
const summaryOf = (page: Page, name: string) => page.locator('summary').filter({ has: page.getByRole('heading', { name, exact: true }) });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUTPUT_DIR, `auth-providers-${name}.png`), fullPage: true });

beforeAll(async () => {
  dashboard = await startDashboard();
  platform = dashboard.platform;
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('providers'));
  const slug = (await owner.post('/api/platform/organizations', { name: 'Providers' })).body.slug;
  ref = await healthyProject(owner, slug, 'App');
  const settings = await owner.get(`/api/platform/projects/${ref}/settings`);
  anonKey = settings.body.service_api_keys.find((key: { tags: string }) => key.tags === 'anon').api_key;
  apiUrl = `${settings.body.app_config.protocol}://${settings.body.app_config.endpoint}`;
  idp = await startOidcStandIn({
    client_id: 'dashboard-app',
    client_secret: 'a provider secret',
    redirect_uris: [`${apiUrl}/auth/v1/callback`],
  });
  idp.accounts.set('ada', { sub: 'ada-1', email: 'ada@idp.example.com', email_verified: true, name: 'Ada' });
}, 180_000);
afterAll(async () => {
  await dashboard?.close();
  await idp?.close();
});

describe('Authentication → Providers in the dashboard', () => {
  it('enables Keycloak with its client, keeps the secret write-only, and users sign in through it', async () => {
    const page = await dashboard.openPage(owner);
    await page.goto(`${platform.url}/project/${ref}/auth/providers`);
    // Folded, each provider says whether it is on; opening one shows its settings.
    const summary = summaryOf(page, 'Keycloak');
    await summary.scrollIntoViewIfNeeded();
    await summary.getByText('Disabled').waitFor();
    await shot(page, 'list');
    await summary.click();
    const keycloak = page.getByRole('form', { name: 'Keycloak' });
    const callback = keycloak.getByLabel('Callback URL (for OAuth)');
    await expect.poll(() => callback.inputValue()).toBe(`${apiUrl}/auth/v1/callback`);

    // Keyboard only: tab from the switch through the fields, and save with Enter.
    await keycloak.getByLabel(/Enable Keycloak/).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.type('dashboard-app');
    await page.keyboard.press('Tab');
    await page.keyboard.type('a provider secret');
    await page.keyboard.press('Tab');
    await page.keyboard.type(idp.issuer);
    await page.keyboard.press('Enter');
    await page.getByText('Saved the authentication settings').waitFor();
    await summary.getByText('Enabled').waitFor();
    await expect.poll(() => keycloak.getByLabel('Client secret').getAttribute('placeholder')).toBe('Set: type a new one to replace it');
    expect(await keycloak.getByLabel('Client secret').inputValue()).toBe('');
    await shot(page, 'keycloak');

    const config = (await owner.get(`/api/platform/auth/${ref}/config`)).body;
    expect(config).toMatchObject({
      EXTERNAL_KEYCLOAK_ENABLED: true,
      EXTERNAL_KEYCLOAK_SECRET_SET: true,
      EXTERNAL_KEYCLOAK_URL: idp.issuer,
    });
    expect(JSON.stringify(config)).not.toContain('a provider secret');

    // An app signs in through the provider just configured.
    const authorize = await fetch(`${apiUrl}/auth/v1/authorize?provider=keycloak`, { redirect: 'manual', headers: { apikey: anonKey } });
    expect(authorize.status).toBe(302);
    const back = await idp.signIn(authorize.headers.get('location')!, 'ada');
    const landing = await fetch(back, { redirect: 'manual' });
    expect(new URLSearchParams(new URL(landing.headers.get('location')!).hash.slice(1)).get('access_token')).toBeTruthy();
    const users = await owner.get(`/api/platform/auth/${ref}/users?keywords=ada`);
    expect(users.body.users[0]).toMatchObject({ email: 'ada@idp.example.com' });
  });

  it('refuses an issuer URL that is not one, with the reason beside the field', async () => {
    const page = await dashboard.openPage(owner);
    await page.goto(`${platform.url}/project/${ref}/auth/providers`);
    // The one just enabled says so.
    await summaryOf(page, 'Keycloak').getByText('Enabled').waitFor();
    await summaryOf(page, 'OpenID Connect').click();
    const oidc = page.getByRole('form', { name: 'OpenID Connect' });
    await oidc.getByLabel('Issuer URL').fill('issuer.example.com');
    await oidc.getByRole('button', { name: 'Save' }).click();
    await oidc.getByText('OpenID Connect: Issuer URL must be an http:// or https:// URL').waitFor();
    await shot(page, 'invalid-issuer');
  });
});
