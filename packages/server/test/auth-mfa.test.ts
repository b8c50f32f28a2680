/**
 * TOTP factors with the real supabase-js client, as an app's MFA screens use them: enroll, scan,
 * challenge and verify (the session steps up to aal2), row level security that asks for aal2,
 * refresh keeping it, and unenroll; the admin API's factor list and removal. Codes come from the
 * enrolled secret, as an authenticator app makes them.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AAL2_VAULT_SQL, apiUrlOf, claimsOf, PASSWORD, signedIn as signedInTo } from './mfa-fixture.ts';
import { type RestProject, startRestProject } from './rest-project.ts';
import { supabaseClient } from './supabase-client.ts';

let project: RestProject;
let apiUrl: string;
const admin = () => supabaseClient(apiUrl, project.keys.service);

/** The current code of a secret, as an authenticator app shows it. */
const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

const signedIn = () => signedInTo(project);

/** Enrolls a TOTP factor and verifies it: the client's session is aal2 after. */
async function withVerifiedFactor(client: SupabaseClient) {
  const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
  expect(enrolled.error).toBeNull();
  const { id, totp } = enrolled.data as { id: string; totp: { secret: string } };
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: id, code: codeOf(totp.secret) });
  expect(verified.error).toBeNull();
  return { id, secret: totp.secret };
}

beforeAll(async () => {
  project = await startRestProject(`${AAL2_VAULT_SQL}\nnotify pgrst, 'reload schema';`);
  apiUrl = apiUrlOf(project);
}, 120_000);

afterAll(() => project?.meta.platform.stop());

describe('TOTP factors', () => {
  it('enrolls a factor with its secret, otpauth URI and QR code, unverified until a code is verified', async () => {
    const { client, email } = await signedIn();
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app', issuer: 'Example' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ type: 'totp', friendly_name: 'Phone app' });
    const { totp } = data as { totp: { qr_code: string; secret: string; uri: string } };
    expect(totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    const uri = new URL(totp.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Example:${email}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret: totp.secret, issuer: 'Example', digits: '6', period: '30' });

    const factors = await client.auth.mfa.listFactors();
    expect(factors.data?.all).toEqual([expect.objectContaining({ id: data!.id, factor_type: 'totp', status: 'unverified' })]);
    expect(factors.data?.totp).toEqual([]);
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('steps the session up to aal2 with a code: amr names totp first, policies on aal see the rows, a refresh keeps it', async () => {
    const { client } = await signedIn();
    const before = await client.from('vault_items').select('secret');
    expect(before).toMatchObject({ error: null, data: [] });

    await withVerifiedFactor(client);
    const { data: session } = await client.auth.getSession();
    const claims = claimsOf(session.session!.access_token);
    expect(claims.aal).toBe('aal2');
    expect(claims.amr.map((entry: { method: string }) => entry.method)).toEqual(['totp', 'password']);
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect((await client.auth.mfa.listFactors()).data?.totp).toEqual([expect.objectContaining({ status: 'verified' })]);
    expect((await client.from('vault_items').select('secret')).data).toEqual([{ secret: 'only with a second factor' }]);

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal2');
  });

  it('refuses a wrong code, a used challenge, a second factor from an aal1 session and a phone factor, in GoTrue’s words', async () => {
    const { client, email } = await signedIn();
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { id, totp } = enrolled.data as { id: string; totp: { secret: string } };
    const challenge = await client.auth.mfa.challenge({ factorId: id });
    expect(challenge.data).toMatchObject({ type: 'totp', expires_at: expect.any(Number) });
    const wrong = await client.auth.mfa.verify({ factorId: id, challengeId: challenge.data!.id, code: '000000' });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' });
    expect((await client.auth.mfa.verify({ factorId: id, challengeId: challenge.data!.id, code: codeOf(totp.secret) })).error).toBeNull();
    const reused = await client.auth.mfa.verify({ factorId: id, challengeId: challenge.data!.id, code: codeOf(totp.secret) });
    expect(reused.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' });

    // Verifying ended the user's aal1 sessions: a new sign-in is one again.
    const other = supabaseClient(apiUrl, project.keys.anon);
    await other.auth.signInWithPassword({ email, password: PASSWORD });
    const second = await other.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second' });
    expect(second.error).toMatchObject({ status: 403, code: 'insufficient_aal', message: 'AAL2 required to enroll a new factor' });
    const unenroll = await other.auth.mfa.unenroll({ factorId: id });
    expect(unenroll.error).toMatchObject({ status: 422, code: 'insufficient_aal', message: 'AAL2 required to unenroll verified factor' });
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect(phone.error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled', message: 'MFA enroll is disabled for Phone' });
    const duplicate = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Twice' });
    expect(duplicate.error).toBeNull();
    const again = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Twice' });
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });
  });

  it('unenrolls from an aal2 session, which steps down to aal1 at its next refresh', async () => {
    const { client } = await signedIn();
    const { id } = await withVerifiedFactor(client);
    const { data, error } = await client.auth.mfa.unenroll({ factorId: id });
    expect(error).toBeNull();
    expect(data).toEqual({ id });
    const refreshed = await client.auth.refreshSession();
    const claims = claimsOf(refreshed.data.session!.access_token);
    expect(claims.aal).toBe('aal1');
    expect(claims.amr.map((entry: { method: string }) => entry.method)).toEqual(['password']);
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([]);
  });

  it('lists and deletes a user’s factors with the service_role key', async () => {
    const { client } = await signedIn();
    const { id } = await withVerifiedFactor(client);
    const userId = (await client.auth.getUser()).data.user!.id;
    const listed = await admin().auth.admin.mfa.listFactors({ userId });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors).toEqual([
      expect.objectContaining({ id, factor_type: 'totp', status: 'verified', friendly_name: 'Phone app' }),
    ]);
    const deleted = await admin().auth.admin.mfa.deleteFactor({ userId, id });
    expect(deleted.error).toBeNull();
    // auth-js wraps this one answer (the factor) once more.
    expect(deleted.data).toMatchObject({ data: { id, factor_type: 'totp' } });
    expect((await admin().auth.admin.mfa.listFactors({ userId })).data?.factors).toEqual([]);
    const anon = await supabaseClient(apiUrl, project.keys.anon).auth.admin.mfa.listFactors({ userId });
    expect(anon.error?.status).toBe(403);
  });
});
