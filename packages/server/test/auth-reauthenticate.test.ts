/**
 * Secure password change with the real supabase-js, as an app's "change password" screen meets
 * it: a session older than a day needs the code `reauthenticate()` mails (kept in the Mailbox
 * here, with no SMTP), which works once and only for its user; a fresh session needs none; a user
 * with MFA changes password or email only from an aal2 session. Plus the setting's switch and
 * who cannot reauthenticate.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAuthTransaction } from '../src/gotrue/db.ts';
import * as projects from '../src/store/projects.ts';
import { type RestProject, startRestProject } from './rest-project.ts';
import { supabaseClient } from './supabase-client.ts';

let project: RestProject;
let apiUrl: string;
let count = 0;
const PASSWORD = 'a fine password 1';

const configure = async (settings: Record<string, unknown>) => {
  const answer = await project.meta.owner.patch(`/api/platform/auth/${project.meta.ref}/config`, settings);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};

/** A confirmed user signed in with a password on a client of their own. */
async function signedIn(): Promise<{ client: SupabaseClient; email: string; id: string }> {
  const email = `reauth-${Date.now().toString(36)}-${count++}@example.com`;
  const admin = supabaseClient(apiUrl, project.keys.service);
  const created = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  expect(created.error).toBeNull();
  const client = supabaseClient(apiUrl, project.keys.anon);
  expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  return { client, email, id: created.data.user!.id };
}

/** Makes the user's sessions look signed in 25 hours ago (as the auth API's own login: members only read auth tables). */
async function ageSessions(userId: string) {
  const { ctx } = project.meta.platform;
  const row = (await projects.findSnapshot(ctx.db, project.meta.ref))!;
  await withAuthTransaction(ctx, row, (db) =>
    db.query(`update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1`, [userId]),
  );
}

/** The newest kept reauthentication email to `email`. */
async function keptCode(email: string): Promise<{ code: string; link: string; subject: string }> {
  const kept = (await project.meta.owner.get(`/api/platform/auth/${project.meta.ref}/mailbox`)).body.messages as {
    kind: string;
    to: string;
    code: string;
    link: string;
    subject: string;
  }[];
  const message = kept.find((each) => each.kind === 'reauthentication' && each.to === email);
  expect(message, `a reauthentication email to ${email}`).toBeDefined();
  return message!;
}

beforeAll(async () => {
  project = await startRestProject('select 1');
  apiUrl = `${project.meta.platform.url}/api/projects/${project.meta.ref}/gateway`;
  await configure({ SMTP_MAX_FREQUENCY: 0, EXTERNAL_ANONYMOUS_USERS_ENABLED: true });
}, 120_000);

afterAll(() => project?.meta.platform.stop());

describe('secure password change', () => {
  it('lets any session change the password while the setting is off', async () => {
    const user = await signedIn();
    await ageSessions(user.id);
    expect((await user.client.auth.updateUser({ password: 'another password 2' })).error).toBeNull();
  });

  it('asks an old session for the code reauthenticate() mails, which works once', async () => {
    await configure({ SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION: true });
    const user = await signedIn();
    await ageSessions(user.id);
    const refused = await user.client.auth.updateUser({ password: 'another password 2' });
    expect(refused.error).toMatchObject({
      status: 400,
      code: 'reauthentication_needed',
      message: 'Password update requires reauthentication',
    });

    expect((await user.client.auth.reauthenticate()).error).toBeNull();
    const kept = await keptCode(user.email);
    expect(kept.subject).toBe('Confirm reauthentication');
    expect(kept.link).toBe('');
    expect(kept.code).toMatch(/^\d{6}$/);

    const wrong = await user.client.auth.updateUser({
      password: 'another password 2',
      nonce: kept.code === '000000' ? '111111' : '000000',
    });
    expect(wrong.error).toMatchObject({ status: 400, code: 'reauthentication_not_valid', message: 'Nonce has expired or is invalid' });
    expect((await user.client.auth.updateUser({ password: 'another password 2', nonce: kept.code })).error).toBeNull();
    const again = await user.client.auth.updateUser({ password: 'a third password 3', nonce: kept.code });
    expect(again.error?.message).toBe('Nonce has expired or is invalid');

    const fresh = supabaseClient(apiUrl, project.keys.anon);
    expect((await fresh.auth.signInWithPassword({ email: user.email, password: 'another password 2' })).error).toBeNull();
  });

  it("refuses one user's code for another, and lets a session signed in today change without one", async () => {
    const first = await signedIn();
    const second = await signedIn();
    await ageSessions(second.id);
    expect((await first.client.auth.reauthenticate()).error).toBeNull();
    const { code } = await keptCode(first.email);
    expect((await second.client.auth.updateUser({ password: 'another password 2', nonce: code })).error?.message).toBe(
      'Nonce has expired or is invalid',
    );
    expect((await first.client.auth.updateUser({ password: 'another password 2' })).error).toBeNull();
  });

  it('refuses reauthentication to a user without an email address', async () => {
    const anonymous = supabaseClient(apiUrl, project.keys.anon);
    expect((await anonymous.auth.signInAnonymously()).error).toBeNull();
    const refused = await anonymous.auth.reauthenticate();
    expect(refused.error).toMatchObject({ status: 422, message: 'Reauthentication requires the user to have an email or a phone number' });
  });
});

describe('with MFA', () => {
  it('changes the password and email only from an aal2 session', async () => {
    await configure({ SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION: false });
    const user = await signedIn();
    const enrolled = await user.client.auth.mfa.enroll({ factorType: 'totp' });
    const { id, totp } = enrolled.data as { id: string; totp: { secret: string } };
    const code = () => new TOTP({ secret: Secret.fromBase32(totp.secret) }).generate();
    expect((await user.client.auth.mfa.challengeAndVerify({ factorId: id, code: code() })).error).toBeNull();

    const aal1 = supabaseClient(apiUrl, project.keys.anon);
    expect((await aal1.auth.signInWithPassword({ email: user.email, password: PASSWORD })).error).toBeNull();
    const refused = await aal1.auth.updateUser({ password: 'another password 2' });
    expect(refused.error).toMatchObject({
      status: 401,
      code: 'insufficient_aal',
      message: 'AAL2 session is required to update email or password when MFA is enabled.',
    });
    expect((await aal1.auth.updateUser({ email: `moved-${count++}@example.com` })).error?.code).toBe('insufficient_aal');
    expect((await aal1.auth.updateUser({ data: { theme: 'dark' } })).error).toBeNull();
    expect((await user.client.auth.updateUser({ password: 'another password 2' })).error).toBeNull();
  });
});
