/**
 * OAuth and OpenID Connect sign-in with the real supabase-js client against a real authorization
 * server run locally (oidc-stand-in.ts, oidc-provider): signInWithOAuth through the provider's
 * login and Basin's callback to a session (implicit and PKCE), identities as GoTrue stores them,
 * automatic linking by verified email, refused states and codes, signInWithIdToken, and
 * linkIdentity / unlinkIdentity.
 */
import { createHash } from 'node:crypto';
import type { SupabaseClient, UserIdentity } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from './harness.ts';
import { type OidcStandIn, startOidcStandIn } from './oidc-stand-in.ts';
import { type RestProject, startRestProject } from './rest-project.ts';
import { supabaseClient } from './supabase-client.ts';

let project: RestProject;
let idp: OidcStandIn;
let apiUrl: string;
const APP = 'http://localhost:3000';
const CLIENT = { client_id: 'basin-app', client_secret: 'a provider secret' };
const PASSWORD = 'a fine password 1';
let count = 0;
/** A new account at the provider: its login name. */
function account(verified = true): string {
  const login = `user${Date.now().toString(36)}${count++}`;
  idp.accounts.set(login, { sub: `sub-${login}`, email: `${login}@idp.example.com`, email_verified: verified, name: `User ${login}` });
  return login;
}

const appClient = (flowType: 'implicit' | 'pkce' = 'implicit'): SupabaseClient =>
  supabaseClient(apiUrl, project.keys.anon, undefined, { flowType, detectSessionInUrl: false });
const admin = () => supabaseClient(apiUrl, project.keys.service);
const config = (body: Record<string, unknown>) => project.meta.owner.patch(`/api/platform/auth/${project.meta.ref}/config`, body);

/** A browser opening `url` with no key: where Basin redirects it. */
async function open(url: string): Promise<{ status: number; location: URL }> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.headers.get('location'), await response.clone().text()).toBeTruthy();
  return { status: response.status, location: new URL(response.headers.get('location')!) };
}

/** The whole round: Basin's /authorize, the provider's login as `login`, Basin's callback; the app's landing URL. */
async function signInThroughProvider(authorizeUrl: string, login: string): Promise<URL> {
  const toProvider = await open(authorizeUrl);
  expect(toProvider.status).toBe(302);
  expect(toProvider.location.origin).toBe(idp.issuer);
  return landing(await idp.signIn(toProvider.location.href, login));
}

/** Basin's callback as the provider sent the browser there. */
async function landing(callback: URL): Promise<URL> {
  expect(callback.href.startsWith(`${apiUrl}/auth/v1/callback?`)).toBe(true);
  const { status, location } = await open(callback.href);
  expect(status).toBe(302);
  return location;
}

const fragment = (url: URL) => Object.fromEntries(new URLSearchParams(url.hash.slice(1)));

async function oauthUrl(client: SupabaseClient, provider: string, redirectTo = `${APP}/welcome`): Promise<string> {
  const { data, error } = await client.auth.signInWithOAuth({
    provider: provider as 'keycloak',
    options: { redirectTo, skipBrowserRedirect: true },
  });
  expect(error).toBeNull();
  return data.url!;
}

beforeAll(async () => {
  project = await startRestProject('select 1');
  apiUrl = `${project.meta.platform.url}/api/projects/${project.meta.ref}/gateway`;
  idp = await startOidcStandIn({ ...CLIENT, redirect_uris: [`${apiUrl}/auth/v1/callback`] });
  const answer = await config({
    SITE_URL: APP,
    URI_ALLOW_LIST: `${APP}/**`,
    MAILER_AUTOCONFIRM: false,
    EXTERNAL_KEYCLOAK_ENABLED: true,
    EXTERNAL_KEYCLOAK_CLIENT_ID: CLIENT.client_id,
    EXTERNAL_KEYCLOAK_SECRET: CLIENT.client_secret,
    EXTERNAL_KEYCLOAK_URL: idp.issuer,
    EXTERNAL_OIDC_ENABLED: true,
    EXTERNAL_OIDC_CLIENT_ID: CLIENT.client_id,
    EXTERNAL_OIDC_SECRET: CLIENT.client_secret,
    EXTERNAL_OIDC_URL: `${idp.issuer}/`,
    EXTERNAL_GITHUB_ENABLED: true,
    EXTERNAL_GITHUB_CLIENT_ID: CLIENT.client_id,
    EXTERNAL_GITHUB_SECRET: CLIENT.client_secret,
    EXTERNAL_GITHUB_URL: idp.issuer,
    SECURITY_MANUAL_LINKING_ENABLED: true,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}, 120_000);

afterAll(async () => {
  await project?.meta.platform.stop();
  await idp?.close();
});

describe('provider settings', () => {
  it('answers whether a secret is set, never the secret', async () => {
    const { status, body } = await project.meta.owner.get(`/api/platform/auth/${project.meta.ref}/config`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      EXTERNAL_KEYCLOAK_ENABLED: true,
      EXTERNAL_KEYCLOAK_CLIENT_ID: CLIENT.client_id,
      EXTERNAL_KEYCLOAK_SECRET_SET: true,
      EXTERNAL_KEYCLOAK_URL: idp.issuer,
      EXTERNAL_GOOGLE_ENABLED: false,
      EXTERNAL_GOOGLE_SECRET_SET: false,
      SECURITY_MANUAL_LINKING_ENABLED: true,
    });
    expect(JSON.stringify(body)).not.toContain(CLIENT.client_secret);
    expect(body).not.toHaveProperty('EXTERNAL_KEYCLOAK_SECRET');
  });

  it('refuses a bad URL and a provider enabled without its credentials, changing nothing', async () => {
    const badUrl = await config({ EXTERNAL_OIDC_URL: 'issuer.example.com' });
    expect(badUrl.status).toBe(400);
    expect(JSON.stringify(badUrl.body)).toContain('OpenID Connect: Issuer URL must be an http:// or https:// URL');
    const bare = await config({ EXTERNAL_GITLAB_ENABLED: true, EXTERNAL_GITLAB_CLIENT_ID: 'gl-app' });
    expect(bare).toMatchObject({ status: 400, body: { message: 'GitLab needs a secret before it can be enabled' } });
    const after = (await project.meta.owner.get(`/api/platform/auth/${project.meta.ref}/config`)).body;
    // Kept without the trailing slash it was given with.
    expect(after).toMatchObject({ EXTERNAL_OIDC_URL: idp.issuer, EXTERNAL_GITLAB_ENABLED: false, EXTERNAL_GITLAB_CLIENT_ID: null });
  });

  it('lists the enabled providers in /settings by the names apps use', async () => {
    const response = await fetch(`${apiUrl}/auth/v1/settings`, { headers: { apikey: project.keys.anon } });
    const { external } = (await response.json()) as { external: Record<string, boolean> };
    expect(external).toMatchObject({
      email: true,
      keycloak: true,
      'custom:oidc': true,
      github: true,
      gitlab: false,
      google: false,
    });
  });
});

describe('signInWithOAuth', () => {
  it('signs in through the provider: the session in the fragment, the identity as GoTrue stores it', async () => {
    const login = account();
    const authorize = await oauthUrl(appClient(), 'keycloak');
    const toProvider = await open(authorize);
    // The provider is asked for Basin's callback with a state GoTrue would sign (a JWT).
    expect(toProvider.location.searchParams.get('redirect_uri')).toBe(`${apiUrl}/auth/v1/callback`);
    expect(toProvider.location.searchParams.get('client_id')).toBe(CLIENT.client_id);
    expect(toProvider.location.searchParams.get('state')).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
    const landed = await landing(await idp.signIn(toProvider.location.href, login));
    expect(`${landed.origin}${landed.pathname}`).toBe(`${APP}/welcome`);
    const session = fragment(landed);
    expect(session).toMatchObject({ token_type: 'bearer', provider_token: expect.any(String), refresh_token: expect.any(String) });

    const client = appClient();
    const { data, error } = await client.auth.setSession({ access_token: session.access_token!, refresh_token: session.refresh_token! });
    expect(error).toBeNull();
    const user = data.user!;
    expect(user.email).toBe(`${login}@idp.example.com`);
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.app_metadata).toEqual({ provider: 'keycloak', providers: ['keycloak'] });
    expect(user.user_metadata).toMatchObject({
      sub: `sub-${login}`,
      email: user.email,
      email_verified: true,
      name: `User ${login}`,
      iss: idp.issuer,
    });
    expect(user.identities).toEqual([
      expect.objectContaining({
        provider: 'keycloak',
        id: `sub-${login}`,
        user_id: user.id,
        identity_data: expect.objectContaining({
          sub: `sub-${login}`,
          email: user.email,
          email_verified: true,
          full_name: `User ${login}`,
        }),
      }),
    ]);
    const claims = JSON.parse(Buffer.from(session.access_token!.split('.')[1]!, 'base64url').toString());
    expect(claims.amr).toEqual([{ method: 'oauth', timestamp: expect.any(Number) }]);

    // Signing in again is the same user and identity.
    const again = fragment(await signInThroughProvider(await oauthUrl(appClient(), 'keycloak'), login));
    const second = (await admin().auth.getUser(again.access_token)).data.user!;
    expect(second.id).toBe(user.id);
    expect(second.identities).toHaveLength(1);
  });

  it('signs in with GitHub (Enterprise URL) through its plain OAuth 2.0 endpoints and REST API', async () => {
    const login = account();
    const toProvider = await open(await oauthUrl(appClient(), 'github'));
    expect(toProvider.location.pathname).toBe('/login/oauth/authorize');
    expect(toProvider.location.searchParams.get('scope')).toBe('user:email');
    const session = fragment(await landing(await idp.signIn(toProvider.location.href, login)));
    const user = (await admin().auth.getUser(session.access_token)).data.user!;
    expect(user.app_metadata).toEqual({ provider: 'github', providers: ['github'] });
    expect(user.identities?.[0]).toMatchObject({
      provider: 'github',
      id: expect.stringMatching(/^\d+$/),
      identity_data: expect.objectContaining({
        iss: `${idp.issuer}/api/v3`,
        user_name: login,
        email: `${login}@idp.example.com`,
        email_verified: true,
      }),
    });
  });

  it('takes the answer posted back to the callback (response_mode=form_post, as Apple answers)', async () => {
    const login = account();
    const authorize = `${await oauthUrl(appClient(), 'custom:oidc', `${APP}/posted`)}&response_mode=form_post`;
    const toProvider = await open(authorize);
    expect(toProvider.location.searchParams.get('response_mode')).toBe('form_post');
    const { action, fields } = await idp.postBack(toProvider.location.href, login);
    expect(action).toBe(`${apiUrl}/auth/v1/callback`);
    const response = await fetch(action, { method: 'POST', body: fields, redirect: 'manual' });
    expect(response.status).toBe(302);
    const landed = new URL(response.headers.get('location')!);
    expect(landed.pathname).toBe('/posted');
    expect(fragment(landed).access_token).toBeTruthy();
  });

  it('runs PKCE: the callback lands with a code the client exchanges once', async () => {
    const login = account();
    const client = appClient('pkce');
    const landed = await signInThroughProvider(await oauthUrl(client, 'custom:oidc', `${APP}/auth/callback`), login);
    expect(landed.hash).toBe('');
    const code = landed.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.provider_token).toEqual(expect.any(String));
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['custom:oidc']);
    expect((await client.auth.exchangeCodeForSession(code)).error).not.toBeNull();
  });

  it('links to the user whose address the provider verified, and not by an unverified one', async () => {
    const login = account();
    const email = `${login}@idp.example.com`;
    const created = await admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const session = fragment(await signInThroughProvider(await oauthUrl(appClient(), 'custom:oidc'), login));
    const user = (await admin().auth.getUser(session.access_token)).data.user!;
    expect(user.id).toBe(created.data.user!.id);
    expect(user.identities?.map((identity) => identity.provider)).toEqual(['email', 'custom:oidc']);
    expect(user.app_metadata.providers).toEqual(['email', 'custom:oidc']);

    const unverified = account(false);
    await admin().auth.admin.createUser({ email: `${unverified}@idp.example.com`, password: PASSWORD, email_confirm: true });
    const refused = await signInThroughProvider(await oauthUrl(appClient(), 'keycloak'), unverified);
    expect(fragment(refused)).toMatchObject({ error: 'access_denied', error_code: 'provider_email_needs_verification' });
  });

  it('refuses a state that is not Basin’s, and a code the provider did not issue', async () => {
    const forged = await open(`${apiUrl}/auth/v1/callback?code=abc&state=not-a-state`);
    expect(forged.status).toBe(303);
    expect(`${forged.location.origin}${forged.location.pathname}`).toBe(`${APP}/`);
    expect(Object.fromEntries(forged.location.searchParams)).toEqual({
      error: 'invalid_request',
      error_code: 'bad_oauth_state',
      error_description: 'OAuth callback with invalid state',
    });

    const login = account();
    const toProvider = await open(await oauthUrl(appClient(), 'keycloak', `${APP}/back`));
    const callback = await idp.signIn(toProvider.location.href, login);
    callback.searchParams.set('code', 'a-code-never-issued');
    const refused = await landing(callback);
    expect(refused.pathname).toBe('/back');
    const said = { error: 'server_error', error_code: 'unexpected_failure', error_description: 'Unable to exchange external code' };
    expect(Object.fromEntries(refused.searchParams)).toEqual(said);
    expect(fragment(refused)).toEqual(said);

    // A code used once is used up.
    const good = await idp.signIn((await open(await oauthUrl(appClient(), 'keycloak'))).location.href, login);
    expect(fragment(await landing(good)).access_token).toBeTruthy();
    expect(fragment(await landing(good)).error_description).toBe('Unable to exchange external code');
  });

  it('makes no new user while sign-ups are disabled, sending the browser back with access_denied', async () => {
    expect((await config({ DISABLE_SIGNUP: true })).status).toBe(200);
    try {
      const refused = await signInThroughProvider(await oauthUrl(appClient(), 'keycloak'), account());
      expect(fragment(refused)).toEqual({
        error: 'access_denied',
        error_code: 'signup_disabled',
        error_description: 'Signups not allowed for this instance',
      });
    } finally {
      await config({ DISABLE_SIGNUP: false });
    }
  });

  it('lets the before user created hook refuse a sign-up through a provider, creating nothing', async () => {
    await query(
      project.meta.connectionString,
      `create function public.no_new_users(event jsonb) returns jsonb language sql as $$
         select jsonb_build_object('error', jsonb_build_object('http_code', 403, 'message', 'Closed to ' || (event -> 'user' ->> 'email')))
       $$;
       grant execute on function public.no_new_users(jsonb) to supabase_auth_admin;`,
    );
    await config({ HOOK_BEFORE_USER_CREATED_ENABLED: true, HOOK_BEFORE_USER_CREATED_URI: 'pg-functions://postgres/public/no_new_users' });
    try {
      const login = account();
      const refused = await signInThroughProvider(await oauthUrl(appClient(), 'keycloak'), login);
      expect(fragment(refused)).toMatchObject({ error_description: `Closed to ${login}@idp.example.com` });
      const users = await query(project.meta.connectionString, 'select count(*)::int as n from auth.users where email = $1', [
        `${login}@idp.example.com`,
      ]);
      expect(users.rows[0].n).toBe(0);
    } finally {
      await config({ HOOK_BEFORE_USER_CREATED_ENABLED: false });
    }
  });

  it('accepts an invite through the provider (invite_token), whether or not the provider verified the address', async () => {
    const login = account(false);
    const email = `${login}@idp.example.com`;
    const invite = (await admin().auth.admin.generateLink({ type: 'invite', email })).data;
    const token = invite.properties!.hashed_token;
    const authorize = `${await oauthUrl(appClient(), 'keycloak')}&invite_token=${token}`;
    // The provider is not told the token.
    expect((await open(authorize)).location.searchParams.has('invite_token')).toBe(false);
    const session = fragment(await signInThroughProvider(authorize, login));
    const user = (await admin().auth.getUser(session.access_token)).data.user!;
    expect(user.id).toBe(invite.user!.id);
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.app_metadata).toEqual({ provider: 'keycloak', providers: ['keycloak'] });
    expect(user.identities?.map((identity) => identity.provider)).toEqual(['keycloak']);

    // Accepted once: the token is used up, refused before the provider is asked.
    const again = await fetch(authorize, { redirect: 'manual', headers: { 'x-supabase-api-version': '2024-01-01' } });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ code: 'user_not_found', message: 'User identified by token not found' });

    // The provider's user must have the invited address.
    const other = (await admin().auth.admin.generateLink({ type: 'invite', email: `invited-${login}@example.com` })).data;
    const mismatch = await signInThroughProvider(
      `${await oauthUrl(appClient(), 'keycloak')}&invite_token=${other.properties!.hashed_token}`,
      account(),
    );
    expect(fragment(mismatch)).toEqual({
      error: 'invalid_request',
      error_code: 'validation_failed',
      error_description: 'Invited email does not match emails from external provider',
    });
    expect((await admin().auth.admin.getUserById(other.user!.id)).data.user?.identities?.map((identity) => identity.provider)).toEqual([
      'email',
    ]);
  });

  it('refuses a provider that is not enabled with GoTrue’s error', async () => {
    const response = await fetch(`${apiUrl}/auth/v1/authorize?provider=gitlab&redirect_to=${encodeURIComponent(APP)}`, {
      redirect: 'manual',
      headers: { 'x-supabase-api-version': '2024-01-01' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'validation_failed', message: 'Unsupported provider: provider is not enabled' });
    const unknown = await fetch(`${apiUrl}/auth/v1/authorize?provider=myspace`, { redirect: 'manual' });
    expect(await unknown.json()).toMatchObject({ code: 400, msg: 'Unsupported provider: Provider myspace could not be found' });
  });
});

describe('signInWithIdToken', () => {
  const nonce = 'a nonce the app made';
  const hashed = createHash('sha256').update(nonce).digest('hex');

  it('signs in with an ID token the issuer signed for the client', async () => {
    const login = account();
    const token = await idp.idToken(login, { aud: CLIENT.client_id, nonce: hashed });
    const client = appClient();
    const { data, error } = await client.auth.signInWithIdToken({ provider: 'keycloak', token, nonce });
    expect(error).toBeNull();
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'keycloak', id: `sub-${login}` });
    expect(data.session?.access_token).toBeTruthy();
  });

  it('refuses a forged, an expired, a foreign and a replayed token', async () => {
    const login = account();
    const tryToken = async (token: string, tokenNonce?: string) =>
      (await appClient().auth.signInWithIdToken({ provider: 'custom:oidc', token, nonce: tokenNonce })).error?.message;
    expect(await tryToken(await idp.idToken(login, { aud: CLIENT.client_id }, 'forged'))).toBe('Bad ID token');
    const past = Math.floor(Date.now() / 1000) - 3600;
    expect(await tryToken(await idp.idToken(login, { aud: CLIENT.client_id, exp: past }))).toBe('Bad ID token');
    expect(await tryToken(await idp.idToken(login, { aud: 'another-app' }))).toBe('Unacceptable audience in id_token: [another-app]');
    expect(await tryToken(await idp.idToken(login, { aud: CLIENT.client_id, nonce: hashed }), 'another nonce')).toBe('Nonces mismatch');
    const disabled = await appClient().auth.signInWithIdToken({ provider: 'google', token: 'x' });
    expect(disabled.error?.message).toBe('Provider (issuer "https://accounts.google.com") is not enabled');
  });

  it('checks the at_hash of the access token sent with the ID token', async () => {
    const login = account();
    const accessToken = 'the access token the provider issued with the ID token';
    const atHash = createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url');
    const token = await idp.idToken(login, { aud: CLIENT.client_id, at_hash: atHash });
    const signIn = (access_token?: string) => appClient().auth.signInWithIdToken({ provider: 'keycloak', token, access_token });
    const refused = (await signIn('another access token')).error;
    expect(refused).toMatchObject({ status: 400, message: 'Bad ID token' });
    expect(refused?.code).toBeUndefined();
    expect((await signIn(accessToken)).error).toBeNull();
    // Without an access token there is nothing to check it against (GoTrue only logs that).
    expect((await signIn()).error).toBeNull();
  });

  it('answers GoTrue’s OAuth error body for a refused token and its API error for a refused provider', async () => {
    const login = account();
    const grant = async (body: Record<string, unknown>) => {
      const response = await fetch(`${apiUrl}/auth/v1/token?grant_type=id_token`, {
        method: 'POST',
        headers: { apikey: project.keys.anon, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify(body),
      });
      expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      return { status: response.status, body: await response.json() };
    };
    const withToken = async (claims: Record<string, unknown>, key?: 'forged', nonce?: string) =>
      grant({ provider: 'keycloak', id_token: await idp.idToken(login, { aud: CLIENT.client_id, ...claims }, key), nonce });
    const badToken = { status: 400, body: { error: 'invalid request', error_description: 'Bad ID token' } };
    expect(await withToken({}, 'forged')).toEqual(badToken);
    expect(await withToken({ exp: Math.floor(Date.now() / 1000) - 3600 })).toEqual(badToken);
    expect(await withToken({ iss: 'https://issuer.example.com' })).toEqual(badToken);
    expect(await withToken({ nonce: hashed }, undefined, 'another nonce')).toEqual({
      status: 400,
      body: { error: 'invalid nonce', error_description: 'Nonces mismatch' },
    });
    expect(await grant({ provider: 'keycloak' })).toEqual({
      status: 400,
      body: { error: 'invalid request', error_description: 'id_token required' },
    });
    expect(await grant({ provider: 'myspace', id_token: 'x' })).toEqual({
      status: 400,
      body: { code: 'validation_failed', message: 'Custom OIDC provider "myspace" not allowed' },
    });
    expect(await grant({ provider: 'google', id_token: 'x' })).toEqual({
      status: 400,
      body: { code: 'provider_disabled', message: 'Provider (issuer "https://accounts.google.com") is not enabled' },
    });
  });
});

describe('identity linking', () => {
  async function passwordUser() {
    const email = `linker-${Date.now().toString(36)}${count++}@example.com`;
    await admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const client = appClient();
    expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    return client;
  }

  it('links a provider to the signed-in user and unlinks it, never the last identity', async () => {
    const client = await passwordUser();
    const me = (await client.auth.getUser()).data.user!;
    const { data, error } = await client.auth.linkIdentity({ provider: 'keycloak', options: { redirectTo: `${APP}/linked` } });
    expect(error).toBeNull();
    const login = account();
    const landed = await landing(await idp.signIn(data.url!, login));
    expect(landed.pathname).toBe('/linked');
    const linked = (await admin().auth.getUser(fragment(landed).access_token)).data.user!;
    expect(linked.id).toBe(me.id);
    expect(linked.identities?.map((identity) => identity.provider)).toEqual(['email', 'keycloak']);

    // The same identity cannot join another user.
    const other = await passwordUser();
    const again = await other.auth.linkIdentity({ provider: 'keycloak' });
    const refused = await landing(await idp.signIn(again.data.url!, login));
    expect(fragment(refused)).toMatchObject({
      error_code: 'identity_already_exists',
      error_description: 'Identity is already linked to another user',
    });

    const identities = (await client.auth.getUserIdentities()).data!.identities;
    const keycloak = identities.find((identity) => identity.provider === 'keycloak') as UserIdentity;
    expect((await client.auth.unlinkIdentity(keycloak)).error).toBeNull();
    const left = (await client.auth.getUserIdentities()).data!.identities;
    expect(left.map((identity) => identity.provider)).toEqual(['email']);
    expect((await client.auth.getUser()).data.user?.app_metadata.providers).toEqual(['email']);
    const last = await client.auth.unlinkIdentity(left[0]!);
    expect(last.error).toMatchObject({
      code: 'single_identity_not_deletable',
      message: 'User must have at least 1 identity after unlinking',
    });
  });

  it('links with an ID token (linkIdentity with a token)', async () => {
    const client = await passwordUser();
    const me = (await client.auth.getUser()).data.user!;
    const login = account();
    const token = await idp.idToken(login, { aud: CLIENT.client_id });
    const { data, error } = await client.auth.linkIdentity({ provider: 'custom:oidc', token });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(me.id);
    expect(data.user?.identities?.map((identity) => identity.provider)).toEqual(['email', 'custom:oidc']);
  });

  it('gives an anonymous user the identity’s address, mailing a confirmation when the provider has not verified it', async () => {
    await config({ EXTERNAL_ANONYMOUS_USERS_ENABLED: true });
    const anonymousLink = async (login: string) => {
      const client = appClient();
      expect((await client.auth.signInAnonymously()).error).toBeNull();
      const userId = (await client.auth.getUser()).data.user!.id;
      const { data } = await client.auth.linkIdentity({ provider: 'keycloak', options: { redirectTo: `${APP}/linked` } });
      const landed = await landing(await idp.signIn(data.url!, login));
      return { landed, user: (await admin().auth.admin.getUserById(userId)).data.user! };
    };

    const unverified = account(false);
    const email = `${unverified}@idp.example.com`;
    const { landed, user } = await anonymousLink(unverified);
    expect(fragment(landed)).toEqual({
      error: 'server_error',
      error_code: 'email_not_confirmed',
      error_description: 'Unverified email with keycloak. A confirmation email has been sent to your keycloak email',
    });
    // The identity and the address are kept, unconfirmed, until the mailed link is followed.
    expect(user).toMatchObject({ email, is_anonymous: true });
    expect(user.email_confirmed_at).toBeFalsy();
    expect(user.identities?.map((identity) => identity.provider)).toEqual(['keycloak']);
    const kept = (await project.meta.owner.get(`/api/platform/auth/${project.meta.ref}/mailbox`)).body.messages as {
      kind: string;
      to: string;
      link: string;
    }[];
    const mailed = kept.find((message) => message.kind === 'confirmation' && message.to === email);
    expect(mailed, `a confirmation email to ${email}`).toBeDefined();
    expect((await open(mailed!.link)).location.hash).toContain('access_token=');
    expect((await admin().auth.admin.getUserById(user.id)).data.user?.email_confirmed_at).toBeTruthy();

    const verified = await anonymousLink(account());
    expect(fragment(verified.landed).access_token).toBeTruthy();
    expect(verified.user).toMatchObject({ email_confirmed_at: expect.any(String), is_anonymous: false });

    // An address another user has: refused, and nothing of the link kept.
    const taken = account();
    await admin().auth.admin.createUser({ email: `${taken}@idp.example.com`, password: PASSWORD, email_confirm: true });
    const refused = await anonymousLink(taken);
    expect(fragment(refused.landed)).toMatchObject({ error_code: 'email_exists' });
    expect(refused.user).toMatchObject({ is_anonymous: true, identities: [] });
  });

  it('answers GoTrue’s error while manual linking is off', async () => {
    expect((await config({ SECURITY_MANUAL_LINKING_ENABLED: false })).status).toBe(200);
    try {
      const client = await passwordUser();
      const { error } = await client.auth.linkIdentity({ provider: 'keycloak' });
      expect(error).toMatchObject({ status: 422, code: 'manual_linking_disabled', message: 'Manual linking is disabled' });
    } finally {
      await config({ SECURITY_MANUAL_LINKING_ENABLED: true });
    }
  });
});
