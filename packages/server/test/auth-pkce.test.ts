/**
 * PKCE with the real supabase-js client (`flowType: 'pkce'`), as a server-rendered app signs users
 * up, in by magic link, through a password recovery and an email change: the mailed link lands on
 * the app with `?code=`, which the same client trades for the session with its code verifier.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestProject, startRestProject } from './rest-project.ts';
import { mailTestSettings, type SmtpCapture, startSmtpCapture } from './smtp-capture.ts';
import { supabaseClient } from './supabase-client.ts';

let smtp: SmtpCapture;
let project: RestProject;
let apiUrl: string;
const APP = 'http://localhost:3000';
const PASSWORD = 'a fine password 1';
let count = 0;
const newEmail = () => `pkce-${Date.now().toString(36)}-${count++}@example.com`;

/** An app's client on the server: PKCE, its verifier kept in the client's own memory. */
const pkceClient = (): SupabaseClient =>
  supabaseClient(apiUrl, project.keys.anon, undefined, { flowType: 'pkce', detectSessionInUrl: false });
const admin = () => supabaseClient(apiUrl, project.keys.service);

/** Opens the newest mail's link to `email` as a browser would: the app's URL it redirects to. */
async function openLink(email: string): Promise<URL> {
  const link = smtp.mailTo(email).link;
  expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_[0-9a-f]{56}$/);
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!);
}

/** The code a redirect to the app carries, with nothing in the fragment. */
function codeOf(landing: URL): string {
  expect(landing.hash).toBe('');
  const code = landing.searchParams.get('code');
  expect(code).toMatch(/^[0-9a-f-]{36}$/);
  return code!;
}

const token = (body: Record<string, unknown>) =>
  fetch(`${apiUrl}/auth/v1/token?grant_type=pkce`, {
    method: 'POST',
    headers: { apikey: project.keys.anon, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
    body: JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, body: await response.json() }));

beforeAll(async () => {
  smtp = await startSmtpCapture();
  project = await startRestProject('select 1');
  apiUrl = `${project.meta.platform.url}/api/projects/${project.meta.ref}/gateway`;
  const answer = await project.meta.owner.patch(`/api/platform/auth/${project.meta.ref}/config`, {
    ...mailTestSettings(smtp),
    MAILER_SECURE_EMAIL_CHANGE_ENABLED: false,
    SITE_URL: APP,
    URI_ALLOW_LIST: `${APP}/**`,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}, 120_000);

afterAll(async () => {
  await project?.meta.platform.stop();
  await smtp?.close();
});

describe('PKCE', () => {
  it('signs up: the confirmation link lands on the app with a code, exchanged once for a session', async () => {
    const app = pkceClient();
    const email = newEmail();
    const signedUp = await app.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: `${APP}/auth/callback` } });
    expect(signedUp.error).toBeNull();
    expect(signedUp.data.session).toBeNull();

    const landing = await openLink(email);
    expect(landing.pathname).toBe('/auth/callback');
    const code = codeOf(landing);
    const { data, error } = await app.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user).toMatchObject({ email });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect((await app.auth.getUser()).data.user?.email).toBe(email);

    // The flow state is used up: the same code again finds none.
    const again = await token({ auth_code: code, code_verifier: 'x'.repeat(43) });
    expect(again).toEqual({
      status: 404,
      body: { code: 'flow_state_not_found', message: 'invalid flow state, no valid flow state found' },
    });
  });

  it('signs in by magic link, and refuses a verifier that is not the client’s', async () => {
    const email = newEmail();
    expect((await admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })).error).toBeNull();
    const app = pkceClient();
    expect((await app.auth.signInWithOtp({ email, options: { emailRedirectTo: `${APP}/in` } })).error).toBeNull();
    const code = codeOf(await openLink(email));

    const wrong = await token({ auth_code: code, code_verifier: 'not-the-verifier-but-long-enough-to-pass-as-one' });
    expect(wrong).toEqual({
      status: 400,
      body: { code: 'bad_code_verifier', message: 'code challenge does not match previously saved code verifier' },
    });
    const { data, error } = await app.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims.amr).toEqual([{ method: 'magiclink', timestamp: expect.any(Number) }]);
  });

  it('recovers a password: the code says it is a recovery, and the session sets the new password', async () => {
    const email = newEmail();
    await admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const app = pkceClient();
    expect((await app.auth.resetPasswordForEmail(email, { redirectTo: `${APP}/reset` })).error).toBeNull();
    const { data, error } = await app.auth.exchangeCodeForSession(codeOf(await openLink(email)));
    expect(error).toBeNull();
    expect((data as { redirectType?: string | null }).redirectType).toBe('recovery'); // auth-js then tells its listeners PASSWORD_RECOVERY
    expect((await app.auth.updateUser({ password: 'another fine password 2' })).error).toBeNull();
    const fresh = pkceClient();
    expect((await fresh.auth.signInWithPassword({ email, password: 'another fine password 2' })).error).toBeNull();
  });

  it('changes the address through the link to the new one', async () => {
    const email = newEmail();
    await admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const app = pkceClient();
    await app.auth.signInWithPassword({ email, password: PASSWORD });
    const moved = newEmail();
    expect((await app.auth.updateUser({ email: moved }, { emailRedirectTo: `${APP}/moved` })).error).toBeNull();
    const { data, error } = await app.auth.exchangeCodeForSession(codeOf(await openLink(moved)));
    expect(error).toBeNull();
    expect(data.user?.email).toBe(moved);
  });

  it('puts a refused link’s error in the query as well as the fragment', async () => {
    const app = pkceClient();
    const email = newEmail();
    await app.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: `${APP}/auth/callback` } });
    await openLink(email);
    const used = await openLink(email);
    expect(used.searchParams.get('error_code')).toBe('otp_expired');
    expect(new URLSearchParams(used.hash.slice(1)).get('error_code')).toBe('otp_expired');
  });

  it('refuses half a challenge, a malformed one and an unknown method, with GoTrue’s words, and sends no mail', async () => {
    const signUp = (extra: Record<string, unknown>, email = newEmail()) =>
      fetch(`${apiUrl}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: project.keys.anon, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
        body: JSON.stringify({ email, password: PASSWORD, ...extra }),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as { code: string; message: string } }));
    const challenge = 'a'.repeat(43);
    const sent = smtp.mails.length;
    expect(await signUp({ code_challenge: challenge })).toEqual({
      status: 400,
      body: { code: 'validation_failed', message: 'PKCE flow requires code_challenge_method and code_challenge' },
    });
    expect((await signUp({ code_challenge: 'short', code_challenge_method: 's256' })).body.message).toBe(
      'code challenge has to be between 43 and 128 characters',
    );
    expect((await signUp({ code_challenge: `${'a'.repeat(42)}!`, code_challenge_method: 's256' })).body.message).toBe(
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
    expect((await signUp({ code_challenge: challenge, code_challenge_method: 'md5' })).status).toBe(400);
    expect(smtp.mails.length).toBe(sent);
    expect(await token({ auth_code: '', code_verifier: '' })).toEqual({
      status: 400,
      body: { code: 'validation_failed', message: 'invalid request: both auth code and code verifier should be non-empty' },
    });
  });
});
