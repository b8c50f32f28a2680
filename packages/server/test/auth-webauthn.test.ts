/**
 * WebAuthn factors and passkeys with the real supabase-js client and a software authenticator
 * (soft-authenticator.ts) in the browser's place. auth-js's mfa.challenge and mfa.verify take a
 * `credential_response` from the caller, so the factor tests drive them directly; its
 * mfa.webauthn.register/authenticate and signInWithPasskey need navigator.credentials, so the
 * passkey tests use its two-step `auth.passkey` methods, which send the same requests.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from './harness.ts';
import { memberWith } from './meta-fixture.ts';
import { AAL2_VAULT_SQL, apiUrlOf, claimsOf, PASSWORD, signedIn as signedInTo } from './mfa-fixture.ts';
import { TrustedProxies } from '../src/trusted-proxies.ts';
import { type RestProject, startRestProject } from './rest-project.ts';
import { asBrowserCredential, type CreationOptions, type RequestOptions, SoftAuthenticator } from './soft-authenticator.ts';
import { supabaseClient } from './supabase-client.ts';

const SQL = `${AAL2_VAULT_SQL}
create function public.mfa_attempt_hook(event jsonb) returns jsonb language sql as $$
  select case when (event ->> 'valid')::boolean then '{"decision": "continue"}'::jsonb else '{"decision": "reject"}'::jsonb end
$$;
grant execute on function public.mfa_attempt_hook(jsonb) to supabase_auth_admin;
notify pgrst, 'reload schema';`;

// The project's site URL (Basin's default) is the relying party when none is configured.
const ORIGIN = 'http://localhost:3000';
const RP_ID = 'localhost';
const WEBAUTHN = { rpId: RP_ID, rpOrigins: [ORIGIN] };

let project: RestProject;
let apiUrl: string;
const admin = () => supabaseClient(apiUrl, project.keys.service);

const configure = async (settings: Record<string, unknown>) => {
  const answer = await project.meta.owner.patch(`/api/platform/auth/${project.meta.ref}/config`, settings);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};

const signedIn = () => signedInTo(project);

// auth-js types credential_options as DOM types and credential_response as a PublicKeyCredential.
type Challenged = { id: string; webauthn: { type: 'create' | 'request'; credential_options: { publicKey: any } } };

async function challenge(client: SupabaseClient, factorId: string): Promise<Challenged> {
  const { data, error } = await client.auth.mfa.challenge({ factorId, webauthn: WEBAUTHN });
  expect(error).toBeNull();
  return data as unknown as Challenged;
}

/** Answers a challenge of the factor with the authenticator, as a browser would. */
async function answer(client: SupabaseClient, factorId: string, authenticator: SoftAuthenticator, challenged?: Challenged) {
  const { id, webauthn } = challenged ?? (await challenge(client, factorId));
  const publicKey = webauthn.credential_options.publicKey;
  const json =
    webauthn.type === 'create' ? authenticator.create(publicKey as CreationOptions) : authenticator.get(publicKey as RequestOptions);
  return client.auth.mfa.verify({
    factorId,
    challengeId: id,
    webauthn: { type: webauthn.type, ...WEBAUTHN, credential_response: asBrowserCredential(json) as any },
  });
}

/** Enrolls a WebAuthn factor and registers the authenticator's credential: the client's session is aal2 after. */
async function withVerifiedFactor(client: SupabaseClient, authenticator = new SoftAuthenticator(ORIGIN, RP_ID)) {
  const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Security key' });
  expect(enrolled.error).toBeNull();
  const { id } = enrolled.data!;
  expect((await answer(client, id, authenticator)).error).toBeNull();
  return { id, authenticator };
}

const storedCounter = async (factorId: string) =>
  (
    await query(project.meta.connectionString, `select web_authn_credential ->> 'counter' as counter from auth.mfa_factors where id = $1`, [
      factorId,
    ])
  ).rows[0]?.counter;

const methods = (token: string) => claimsOf(token).amr.map((entry: { method: string }) => entry.method);

beforeAll(async () => {
  // Behind a trusted proxy, a test may speak from an address of its own (the passkey rate limit).
  project = await startRestProject(SQL, { trustedProxies: new TrustedProxies(['127.0.0.0/8']) });
  apiUrl = apiUrlOf(project);
  await configure({ MFA_WEB_AUTHN_ENROLL_ENABLED: true, MFA_WEB_AUTHN_VERIFY_ENABLED: true });
}, 120_000);

afterAll(() => project?.meta.platform.stop());

describe('WebAuthn factors', () => {
  it('enrolls a factor, registers its credential on a create challenge and steps the session up to aal2', async () => {
    const { client } = await signedIn();
    expect(await client.from('vault_items').select('secret')).toMatchObject({ error: null, data: [] });

    const enrolled = await client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Security key' });
    expect(enrolled.error).toBeNull();
    expect(enrolled.data).toEqual({ id: expect.any(String), type: 'webauthn', friendly_name: 'Security key' });
    const factorId = enrolled.data!.id;

    const challenged = await challenge(client, factorId);
    expect(challenged).toMatchObject({ type: 'webauthn', expires_at: expect.any(Number), webauthn: { type: 'create' } });
    const publicKey = challenged.webauthn.credential_options.publicKey;
    expect(publicKey).toMatchObject({ rp: { id: RP_ID }, attestation: 'none', authenticatorSelection: { userVerification: 'preferred' } });
    expect(publicKey.pubKeyCredParams).toContainEqual({ alg: -7, type: 'public-key' });
    // auth-js hands the options to navigator.credentials with the challenge and user id as bytes.
    expect(publicKey.challenge).toBeInstanceOf(ArrayBuffer);
    expect(Buffer.from(publicKey.user.id).toString()).toBe((await client.auth.getUser()).data.user!.id);

    const verified = await answer(client, factorId, new SoftAuthenticator(ORIGIN, RP_ID), challenged);
    expect(verified.error).toBeNull();
    const { session } = (await client.auth.getSession()).data;
    expect(claimsOf(session!.access_token).aal).toBe('aal2');
    expect(methods(session!.access_token)).toEqual(['mfa/webauthn', 'password']);
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect((await client.auth.mfa.listFactors()).data?.webauthn).toEqual([
      expect.objectContaining({ id: factorId, factor_type: 'webauthn', status: 'verified', friendly_name: 'Security key' }),
    ]);
    expect((await client.from('vault_items').select('secret')).data).toEqual([{ secret: 'only with a second factor' }]);
    expect(await storedCounter(factorId)).toBe('0');
  });

  it('challenges a later sign-in with request: the assertion steps it up and its counter is kept', async () => {
    const { client, email } = await signedIn();
    const { id, authenticator } = await withVerifiedFactor(client);

    const later = supabaseClient(apiUrl, project.keys.anon);
    await later.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await later.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const challenged = await challenge(later, id);
    expect(challenged.webauthn.type).toBe('request');
    const allowed = challenged.webauthn.credential_options.publicKey.allowCredentials;
    expect(allowed.map((entry: { id: ArrayBuffer }) => Buffer.from(entry.id).toString('base64url'))).toEqual([authenticator.credentialId]);

    expect((await answer(later, id, authenticator, challenged)).error).toBeNull();
    const { session } = (await later.auth.getSession()).data;
    expect(claimsOf(session!.access_token).aal).toBe('aal2');
    expect(await storedCounter(id)).toBe('1');
    expect((await answer(later, id, authenticator)).error).toBeNull();
    expect(await storedCounter(id)).toBe('2');
  });

  it('refuses a wrong origin or relying party, whatever the client claims, and leaves the factor unverified', async () => {
    const { client } = await signedIn();
    const { data } = await client.auth.mfa.enroll({ factorType: 'webauthn' });
    const failed = { status: 422, code: 'mfa_verification_failed', message: 'Failed to validate WebAuthn MFA response' };
    for (const authenticator of [new SoftAuthenticator('https://evil.example', RP_ID), new SoftAuthenticator(ORIGIN, 'evil.example')]) {
      const { id, webauthn } = await challenge(client, data!.id);
      const json = authenticator.create(webauthn.credential_options.publicKey);
      // GoTrue checks against its own relying party: the rpId and origins a client sends change nothing.
      const claimed = { rpId: 'evil.example', rpOrigins: ['https://evil.example'] };
      const verified = await client.auth.mfa.verify({
        factorId: data!.id,
        challengeId: id,
        webauthn: { type: 'create', ...claimed, credential_response: asBrowserCredential(json) as any },
      });
      expect(verified.error).toMatchObject(failed);
    }
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([expect.objectContaining({ status: 'unverified' })]);
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal1');
  });

  it('refuses a replayed counter and a used challenge, and a body without an answer, in GoTrue’s words', async () => {
    const { client } = await signedIn();
    const { id, authenticator } = await withVerifiedFactor(client);
    expect((await answer(client, id, authenticator)).error).toBeNull();

    // A cloned key signs with a counter the server has seen.
    authenticator.counter = 0;
    const replayed = await answer(client, id, authenticator);
    expect(replayed.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    expect(await storedCounter(id)).toBe('1');

    const challenged = await challenge(client, id);
    expect((await answer(client, id, authenticator, challenged)).error).toBeNull();
    const reused = await answer(client, id, authenticator, challenged);
    expect(reused.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' });

    // What auth-js would not send: the same endpoint without a credential.
    const { session } = (await client.auth.getSession()).data;
    const bare = await fetch(`${apiUrl}/auth/v1/factors/${id}/verify`, {
      method: 'POST',
      headers: { apikey: project.keys.anon, authorization: `Bearer ${session!.access_token}`, 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ challenge_id: (await challenge(client, id)).id, webauthn: { type: 'request' } }),
    });
    expect(bare.status).toBe(400);
    expect(await bare.json()).toEqual({ code: 'validation_failed', message: 'credential_response required' });
  });

  it('lets the MFA verification attempt hook reject a failed assertion, signing the user out', async () => {
    const { client } = await signedIn();
    const { id } = await withVerifiedFactor(client);
    await configure({
      HOOK_MFA_VERIFICATION_ATTEMPT_ENABLED: true,
      HOOK_MFA_VERIFICATION_ATTEMPT_URI: 'pg-functions://postgres/public/mfa_attempt_hook',
    });
    try {
      const stranger = new SoftAuthenticator(ORIGIN, RP_ID);
      stranger.create({ challenge: 'AAAA', user: { id: 'AAAA' } });
      const rejected = await answer(client, id, stranger);
      expect(rejected.error).toMatchObject({ status: 403, code: 'mfa_verification_rejected' });
      expect((await client.auth.refreshSession()).error?.code).toBe('refresh_token_not_found');
    } finally {
      await configure({ HOOK_MFA_VERIFICATION_ATTEMPT_ENABLED: false });
    }
  });

  it('answers GoTrue’s "disabled" when enrollment or verification is off', async () => {
    const { client } = await signedIn();
    const { data } = await client.auth.mfa.enroll({ factorType: 'webauthn' });
    await configure({ MFA_WEB_AUTHN_ENROLL_ENABLED: false, MFA_WEB_AUTHN_VERIFY_ENABLED: false });
    try {
      const enroll = await client.auth.mfa.enroll({ factorType: 'webauthn' });
      expect(enroll.error).toMatchObject({
        status: 422,
        code: 'mfa_webauthn_enroll_not_enabled',
        message: 'MFA enroll is disabled for WebAuthn',
      });
      const challenged = await client.auth.mfa.challenge({ factorId: data!.id, webauthn: WEBAUTHN });
      expect(challenged.error).toMatchObject({
        status: 422,
        code: 'mfa_webauthn_verify_not_enabled',
        message: 'MFA verification is disabled for WebAuthn',
      });
    } finally {
      await configure({ MFA_WEB_AUTHN_ENROLL_ENABLED: true, MFA_WEB_AUTHN_VERIFY_ENABLED: true });
    }
  });

  it('unenrolls from an aal2 session, and lists and deletes factors with the service_role key', async () => {
    const { client } = await signedIn();
    const { id } = await withVerifiedFactor(client);
    const userId = (await client.auth.getUser()).data.user!.id;
    const listed = await admin().auth.admin.mfa.listFactors({ userId });
    expect(listed.data?.factors).toEqual([
      expect.objectContaining({ id, factor_type: 'webauthn', status: 'verified', friendly_name: 'Security key' }),
    ]);

    expect((await client.auth.mfa.unenroll({ factorId: id })).data).toEqual({ id });
    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal1');
    expect(methods(refreshed.data.session!.access_token)).toEqual(['password']);

    const second = await withVerifiedFactor(client);
    expect((await admin().auth.admin.mfa.deleteFactor({ userId, id: second.id })).error).toBeNull();
    expect((await admin().auth.admin.mfa.listFactors({ userId })).data?.factors).toEqual([]);
  });
});

describe('Passkeys', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  beforeAll(() => configure({ PASSKEY_ENABLED: true }));

  /** Registers a passkey of the authenticator for the client's user; its id. */
  async function registered(client: SupabaseClient, authenticator = new SoftAuthenticator(ORIGIN, RP_ID)) {
    const { data: options, error } = await client.auth.passkey.startRegistration();
    expect(error).toBeNull();
    const created = await client.auth.passkey.verifyRegistration({
      challengeId: options!.challenge_id,
      credential: authenticator.create(options!.options) as any,
    });
    expect(created.error).toBeNull();
    return { id: created.data!.id, authenticator };
  }

  /** A sign-in with the authenticator on a fresh client, as signInWithPasskey makes it. */
  async function signInWith(authenticator: SoftAuthenticator) {
    const client = supabaseClient(apiUrl, project.keys.anon);
    const { data: options, error } = await client.auth.passkey.startAuthentication();
    expect(error).toBeNull();
    const credential = authenticator.get(options!.options) as any;
    return {
      client,
      options: options!,
      credential,
      result: await client.auth.passkey.verifyAuthentication({ challengeId: options!.challenge_id, credential }),
    };
  }

  it('registers a discoverable credential and signs in with it without a user name', async () => {
    const { client } = await signedIn();
    const userId = (await client.auth.getUser()).data.user!.id;
    const { data: options } = await client.auth.passkey.startRegistration();
    expect(options!.challenge_id).toMatch(UUID);
    expect(options!.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(options!.options).toMatchObject({ rp: { id: RP_ID }, authenticatorSelection: { residentKey: 'required' } });
    expect(Buffer.from(options!.options.user.id, 'base64url').toString()).toBe(userId);

    const { id, authenticator } = await registered(client);
    expect(id).toMatch(UUID);
    expect((await client.auth.passkey.list()).data).toEqual([{ id, friendly_name: 'Passkey', created_at: expect.any(String) }]);

    const { options: request, result } = await signInWith(authenticator);
    expect(request.options.allowCredentials ?? []).toEqual([]);
    expect(result.error).toBeNull();
    expect(result.data!.user!.id).toBe(userId);
    const token = result.data!.session!.access_token;
    expect(methods(token)).toEqual(['passkey']);
    expect(claimsOf(token).aal).toBe('aal1');
    expect((await client.auth.passkey.list()).data).toEqual([
      { id, friendly_name: 'Passkey', created_at: expect.any(String), last_used_at: expect.any(String) },
    ]);
    const { rows } = await query(project.meta.connectionString, 'select sign_count from auth.webauthn_credentials where id = $1', [id]);
    expect(rows).toEqual([{ sign_count: '1' }]);
  });

  it('names a new passkey after its authenticator’s model (by AAGUID), as GoTrue does', async () => {
    const { client } = await signedIn();
    const googlePasswordManager = new SoftAuthenticator(ORIGIN, RP_ID, 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4');
    const { data: options } = await client.auth.passkey.startRegistration();
    const created = await client.auth.passkey.verifyRegistration({
      challengeId: options!.challenge_id,
      credential: googlePasswordManager.create(options!.options) as any,
    });
    expect(created.data).toEqual({ id: expect.any(String), friendly_name: 'Google Password Manager', created_at: expect.any(String) });
    await registered(client);
    expect((await client.auth.passkey.list()).data?.map((passkey) => passkey.friendly_name)).toEqual([
      'Google Password Manager',
      'Passkey',
    ]);
  });

  it('limits the sign-in ceremony’s options per address, as GoTrue’s default RATE_LIMIT_PASSKEY (30 per 5 minutes)', async () => {
    const options = (address: string) =>
      fetch(`${apiUrl}/auth/v1/passkeys/authentication/options`, {
        method: 'POST',
        headers: { apikey: project.keys.anon, 'content-type': 'application/json', 'x-forwarded-for': address },
        body: '{}',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await options('203.0.113.9')).status);
    expect(statuses).toEqual([...Array<number>(30).fill(200), 429]);
    const refused = await options('203.0.113.9');
    expect(await refused.json()).toEqual({ code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' });
    expect((await options('203.0.113.10')).status).toBe(200);
  });

  it('refuses a used challenge, an unknown or cloned authenticator and a wrong origin, in GoTrue’s words', async () => {
    const { client } = await signedIn();
    const { authenticator } = await registered(client);
    const first = await signInWith(authenticator);
    expect(first.result.error).toBeNull();
    const replayed = await first.client.auth.passkey.verifyAuthentication({
      challengeId: first.options.challenge_id,
      credential: first.credential,
    });
    expect(replayed.error).toMatchObject({
      status: 400,
      code: 'webauthn_challenge_not_found',
      message: 'Challenge not found or already used',
    });

    const failed = { status: 400, code: 'webauthn_verification_failed', message: 'Credential verification failed' };
    // Bound to the user's handle, never registered.
    const stranger = new SoftAuthenticator(ORIGIN, RP_ID);
    stranger.create((await client.auth.passkey.startRegistration()).data!.options);
    expect((await signInWith(stranger)).result.error).toMatchObject(failed);
    authenticator.counter = 0;
    expect((await signInWith(authenticator)).result.error).toMatchObject(failed);
    const elsewhere = new SoftAuthenticator('https://evil.example', RP_ID);
    const { data: options } = await client.auth.passkey.startRegistration();
    const wrongOrigin = await client.auth.passkey.verifyRegistration({
      challengeId: options!.challenge_id,
      credential: elsewhere.create(options!.options) as any,
    });
    expect(wrongOrigin.error).toMatchObject(failed);

    const unknown = await client.auth.passkey.verifyRegistration({
      challengeId: '00000000-0000-0000-0000-000000000000',
      credential: stranger.create(options!.options) as any,
    });
    expect(unknown.error).toMatchObject({ status: 400, code: 'webauthn_challenge_not_found' });
    expect((await supabaseClient(apiUrl, project.keys.anon).auth.passkey.startRegistration()).error?.name).toBe('AuthSessionMissingError');
  });

  it('asks an aal2 session to add a passkey once the user has a verified MFA factor', async () => {
    const { client, email } = await signedIn();
    await withVerifiedFactor(client);
    const later = supabaseClient(apiUrl, project.keys.anon);
    await later.auth.signInWithPassword({ email, password: PASSWORD });
    expect((await later.auth.passkey.startRegistration()).error).toMatchObject({
      status: 403,
      code: 'insufficient_aal',
      message: 'AAL2 session is required to manage passkeys when MFA is enabled',
    });
    expect((await client.auth.passkey.startRegistration()).error).toBeNull();
  });

  it('renames and deletes passkeys, and lists and deletes them with the service_role key', async () => {
    const { client } = await signedIn();
    const userId = (await client.auth.getUser()).data.user!.id;
    const { id, authenticator } = await registered(client);
    const renamed = await client.auth.passkey.update({ passkeyId: id, friendlyName: 'Laptop' });
    expect(renamed.data).toEqual({ id, friendly_name: 'Laptop', created_at: expect.any(String) });
    expect((await client.auth.passkey.update({ passkeyId: id, friendlyName: '' })).error).toMatchObject({
      status: 400,
      message: 'friendly_name is required',
    });
    const missing = await client.auth.passkey.update({ passkeyId: '00000000-0000-0000-0000-000000000000', friendlyName: 'x' });
    expect(missing.error).toMatchObject({ status: 404, message: 'Passkey not found' });

    const second = await registered(client);
    expect((await admin().auth.admin.passkey.listPasskeys({ userId })).data?.map((passkey) => passkey.id)).toEqual([id, second.id]);
    expect((await admin().auth.admin.passkey.deletePasskey({ userId, passkeyId: second.id })).error).toBeNull();
    expect((await supabaseClient(apiUrl, project.keys.anon).auth.admin.passkey.listPasskeys({ userId })).error?.status).toBe(403);

    expect((await client.auth.passkey.delete({ passkeyId: id })).error).toBeNull();
    expect((await client.auth.passkey.list()).data).toEqual([]);
    expect((await signInWith(authenticator)).result.error).toMatchObject({ code: 'webauthn_verification_failed' });
  });

  it("lets the dashboard list a user's passkeys and remove one; Read-only members only list them", async () => {
    const { client } = await signedIn();
    const userId = (await client.auth.getUser()).data.user!.id;
    const { id, authenticator } = await registered(client);
    await client.auth.passkey.update({ passkeyId: id, friendlyName: 'Phone' });
    const path = `/api/platform/auth/${project.meta.ref}/users/${userId}/passkeys`;
    const listed = await project.meta.owner.get(path);
    expect(listed).toMatchObject({ status: 200, body: { passkeys: [{ id, friendly_name: 'Phone', created_at: expect.any(String) }] } });

    const reader = await memberWith(project.meta, 'Read-only');
    expect((await reader.get(path)).body.passkeys).toHaveLength(1);
    expect((await reader.delete(`${path}/${id}`)).status).toBe(403);
    expect((await project.meta.owner.delete(`${path}/not-a-uuid`)).status).toBe(400);

    expect(await project.meta.owner.delete(`${path}/${id}`)).toMatchObject({ status: 200, body: { passkeys: [] } });
    expect((await project.meta.owner.delete(`${path}/${id}`)).status).toBe(404);
    expect((await signInWith(authenticator)).result.error).toMatchObject({ code: 'webauthn_verification_failed' });
  });

  it('answers GoTrue’s 404 when passkeys are off', async () => {
    const { client } = await signedIn();
    await configure({ PASSKEY_ENABLED: false });
    try {
      const disabled = { status: 404, code: 'passkey_disabled', message: 'Passkeys are disabled' };
      expect((await client.auth.passkey.startAuthentication()).error).toMatchObject(disabled);
      expect((await client.auth.passkey.startRegistration()).error).toMatchObject(disabled);
      expect((await client.auth.passkey.list()).error).toMatchObject(disabled);
    } finally {
      await configure({ PASSKEY_ENABLED: true });
    }
  });
});
