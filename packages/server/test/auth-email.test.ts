import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAuthTransaction } from '../src/gotrue/db.ts';
import * as projects from '../src/store/projects.ts';
import { type RestProject, startRestProject } from './rest-project.ts';
import { type Mail, SMTP_PASS, SMTP_USER, type SmtpCapture, startSmtpCapture } from './smtp-capture.ts';
import { supabaseClient } from './supabase-client.ts';

// Every email flow of /auth/v1 with the real supabase-js client and a real SMTP server: the
// project's own (with its sealed password) and the platform's BASIN_SMTP_URL.

let smtp: SmtpCapture;
let mails: Mail[];
let smtpPort: number;

let project: RestProject;
let apiUrl: string;
const SITE = 'http://app.test';
const APP = 'http://localhost:3000';
const PASSWORD = 'a fine password 1';
let emailCount = 0;
const newEmail = () => `mail-${Date.now().toString(36)}-${emailCount++}@example.com`;
const client = (): SupabaseClient => supabaseClient(apiUrl, project.keys.anon);
const admin = (): SupabaseClient => supabaseClient(apiUrl, project.keys.service);
const configure = async (settings: Record<string, unknown>) => {
  const answer = await project.meta.owner.patch(`/api/platform/auth/${project.meta.ref}/config`, settings);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};

const mailTo = (address: string) => smtp.mailTo(address);
const mailsTo = (address: string) => mails.filter((m) => m.to.includes(address));

/**
 * Follows a mail's link as a browser would, with no key. The link names the project's URL as the
 * dashboard shows it: on this install (no real BASIN_DOMAIN) the gateway's path form.
 */
async function follow(link: string): Promise<{ status: number; location: URL; fragment: URLSearchParams }> {
  expect(link.startsWith(`${apiUrl}/auth/v1/verify?`), link).toBe(true);
  const response = await fetch(link, { redirect: 'manual' });
  const location = new URL(response.headers.get('location') ?? 'about:blank');
  return { status: response.status, location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

async function authSql(sql: string, values: unknown[]) {
  const { ctx } = project.meta.platform;
  const row = (await projects.findSnapshot(ctx.db, project.meta.ref))!;
  return withAuthTransaction(ctx, row, async (db) => (await db.query(sql, values)).rows);
}

const sendsRecorded = async () =>
  (
    await project.meta.platform.ctx.db.query<{ n: number }>('select count(*)::int as n from auth_email_sends where project_ref = $1', [
      project.meta.ref,
    ])
  ).rows[0]!.n;

const PROJECT_SMTP = () => ({
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: smtpPort,
  SMTP_USER,
  SMTP_PASS,
  SMTP_ADMIN_EMAIL: 'auth@app.test',
  SMTP_SENDER_NAME: 'The App',
});

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ({ mails, port: smtpPort } = smtp);
  project = await startRestProject('select 1');
  apiUrl = `${project.meta.platform.url}/api/projects/${project.meta.ref}/gateway`;
  await configure({
    ...PROJECT_SMTP(),
    MAILER_AUTOCONFIRM: false,
    SMTP_MAX_FREQUENCY: 0,
    RATE_LIMIT_EMAIL_SENT: 1000,
    RATE_LIMIT_VERIFY: 1000,
    RATE_LIMIT_OTP: 1000,
    SITE_URL: SITE,
    URI_ALLOW_LIST: `${APP}/**`,
  });
}, 120_000);

afterAll(async () => {
  await project?.meta.platform.stop();
  await smtp?.close();
});

describe('sign-up confirmation', () => {
  it('mails the link through the project SMTP server; the link confirms and signs in, the session works', async () => {
    const supabase = client();
    const email = newEmail();
    const { data, error } = await supabase.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: `${APP}/welcome` } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    const mail = mailTo(email);
    expect(mail).toMatchObject({
      user: SMTP_USER,
      subject: 'Confirm your signup',
      from: expect.stringMatching(/^"?The App"? <auth@app\.test>$/),
    });
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(new URL(mail.link).searchParams.get('redirect_to')).toBe(`${APP}/welcome`);
    expect(new URL(mail.link).searchParams.get('type')).toBe('signup');

    const early = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });

    const { status, location, fragment } = await follow(mail.link);
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(`${APP}/welcome`);
    expect([...fragment.keys()]).toEqual(['access_token', 'expires_at', 'expires_in', 'refresh_token', 'token_type', 'type']);
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    const { data: user } = await client().auth.getUser(fragment.get('access_token')!);
    expect(user.user).toMatchObject({ email });
    expect(user.user?.email_confirmed_at).toBeTruthy();
    expect((await supabase.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    // Used up: the same link again is refused in the fragment.
    const again = await follow(mail.link);
    expect(again.status).toBe(303);
    expect(Object.fromEntries(again.fragment)).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
  });

  it('verifies with the code from the mail', async () => {
    const supabase = client();
    const email = newEmail();
    await supabase.auth.signUp({ email, password: PASSWORD });
    const { data, error } = await supabase.auth.verifyOtp({ email, token: mailTo(email).code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user).toMatchObject({ email });
    expect((await supabase.auth.getUser()).data.user?.email_confirmed_at).toBeTruthy();
    const rows = await authSql(
      `select payload ->> 'action' as action from auth.audit_log_entries where payload ->> 'actor_username' = $1 order by created_at`,
      [email],
    );
    expect(rows.map((row) => row.action)).toEqual(['user_confirmation_requested', 'user_signedup']);
  });

  it('resends the confirmation with a new code; the old one no longer works', async () => {
    const supabase = client();
    const email = newEmail();
    await supabase.auth.signUp({ email, password: PASSWORD });
    const first = mailTo(email).code;
    const { error } = await supabase.auth.resend({ type: 'signup', email });
    expect(error).toBeNull();
    expect(mailsTo(email)).toHaveLength(2);
    const second = mailTo(email).code;
    const old = await supabase.auth.verifyOtp({ email, token: first, type: 'signup' });
    if (first !== second) expect(old.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    expect((await supabase.auth.verifyOtp({ email, token: second, type: 'signup' })).error).toBeNull();
    // Confirmed now: a resend (or one for an unknown address) answers the same and mails nothing.
    expect((await supabase.auth.resend({ type: 'signup', email })).error).toBeNull();
    expect((await supabase.auth.resend({ type: 'signup', email: newEmail() })).error).toBeNull();
    expect(mailsTo(email)).toHaveLength(2);
  });

  it('refuses an expired code and an expired link', async () => {
    const supabase = client();
    const email = newEmail();
    await supabase.auth.signUp({ email, password: PASSWORD });
    const mail = mailTo(email);
    await authSql(`update auth.users set confirmation_sent_at = now() - interval '2 days' where email = $1`, [email]);
    const expired = await supabase.auth.verifyOtp({ email, token: mail.code, type: 'email' });
    expect(expired.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    const { fragment } = await follow(mail.link);
    expect(fragment.get('error_code')).toBe('otp_expired');
    const wrong = await supabase.auth.verifyOtp({ email, token: '000000', type: 'email' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });
});

describe('magic links and codes', () => {
  it('mails a confirmed user a magic link and a code; both sign in', async () => {
    const email = newEmail();
    expect((await admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })).error).toBeNull();
    const supabase = client();
    expect((await supabase.auth.signInWithOtp({ email, options: { emailRedirectTo: `${APP}/in` } })).error).toBeNull();
    const mail = mailTo(email);
    expect(mail.subject).toBe('Your magic link');
    const { status, location, fragment } = await follow(mail.link);
    expect(status).toBe(303);
    expect(location.pathname).toBe('/in');
    expect(fragment.get('type')).toBe('magiclink');
    expect((await client().auth.getUser(fragment.get('access_token')!)).data.user?.email).toBe(email);

    await supabase.auth.signInWithOtp({ email });
    const { data, error } = await supabase.auth.verifyOtp({ email, token: mailTo(email).code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
  });

  it('signs up an unknown address (confirmation mail) unless create_user is false', async () => {
    const supabase = client();
    const refused = newEmail();
    const no = await supabase.auth.signInWithOtp({ email: refused, options: { shouldCreateUser: false } });
    expect(no.error).toMatchObject({ status: 422, code: 'otp_disabled', message: 'Signups not allowed for otp' });
    expect(mailsTo(refused)).toHaveLength(0);

    const email = newEmail();
    expect((await supabase.auth.signInWithOtp({ email, options: { data: { plan: 'free' } } })).error).toBeNull();
    const mail = mailTo(email);
    expect(mail.subject).toBe('Confirm your signup');
    const { data, error } = await supabase.auth.verifyOtp({ email, token: mail.code, type: 'email' });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ plan: 'free' });
    expect(data.user?.email_confirmed_at).toBeTruthy();
  });

  it('sends a disallowed redirect_to to the site URL instead', async () => {
    const email = newEmail();
    await admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    await client().auth.signInWithOtp({ email, options: { emailRedirectTo: 'http://evil.test/steal' } });
    const mail = mailTo(email);
    expect(new URL(mail.link).searchParams.get('redirect_to')).toBe(SITE);
    const { location, fragment } = await follow(mail.link.replace(encodeURIComponent(SITE), encodeURIComponent('http://evil.test/steal')));
    expect(location.origin).toBe(SITE);
    expect(fragment.get('access_token')).toBeTruthy();
  });
});

describe('password recovery', () => {
  it('mails a code that signs in for a new password', async () => {
    const email = newEmail();
    await admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const supabase = client();
    const { data, error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${APP}/reset` });
    expect(error).toBeNull();
    expect(data).toEqual({});
    const mail = mailTo(email);
    expect(mail.subject).toBe('Reset your password');
    expect(new URL(mail.link).searchParams.get('type')).toBe('recovery');
    const verified = await supabase.auth.verifyOtp({ email, token: mail.code, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect((await supabase.auth.updateUser({ password: 'a brand new password 2' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({ code: 'invalid_credentials' });
    expect((await client().auth.signInWithPassword({ email, password: 'a brand new password 2' })).error).toBeNull();
  });

  it('answers an unknown address exactly as a known one, and mails nobody', async () => {
    const known = newEmail();
    await admin().auth.admin.createUser({ email: known, password: PASSWORD, email_confirm: true });
    const unknown = newEmail();
    const ask = (email: string) =>
      fetch(`${apiUrl}/auth/v1/recover`, {
        method: 'POST',
        headers: { apikey: project.keys.anon, 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    const [a, b] = [await ask(known), await ask(unknown)];
    expect([a.status, await a.text()]).toEqual([b.status, await b.text()]);
    expect(a.status).toBe(200);
    expect(mailsTo(known)).toHaveLength(1);
    expect(mailsTo(unknown)).toHaveLength(0);
  });
});

describe('email change', () => {
  async function signedIn() {
    const email = newEmail();
    await admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const supabase = client();
    await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    return { supabase, email };
  }

  it('with secure change on, needs the code mailed to the new address and the link mailed to the current one', async () => {
    await configure({ MAILER_SECURE_EMAIL_CHANGE_ENABLED: true });
    const { supabase, email } = await signedIn();
    const next = newEmail();
    const { data, error } = await supabase.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: next });
    const toNew = mailTo(next);
    const toCurrent = mailTo(email);
    expect(toNew.subject).toBe('Confirm email change');
    expect(toNew.html).toContain(next);
    expect(toNew.code).not.toBe('');

    const first = await supabase.auth.verifyOtp({ email: next, token: toNew.code, type: 'email_change' });
    expect(first.error).toBeNull();
    expect(first.data).toEqual({ user: null, session: null });
    expect((await supabase.auth.getUser()).data.user?.email).toBe(email);

    const { fragment } = await follow(toCurrent.link);
    expect(fragment.get('type')).toBe('email_change');
    const { data: changed } = await client().auth.getUser(fragment.get('access_token')!);
    expect(changed.user?.email).toBe(next);
    expect(changed.user?.new_email).toBeUndefined();
    expect((await client().auth.signInWithPassword({ email: next, password: PASSWORD })).error).toBeNull();
  });

  it('with secure change off, the new address alone confirms; resend mails it again', async () => {
    await configure({ MAILER_SECURE_EMAIL_CHANGE_ENABLED: false });
    const { supabase, email } = await signedIn();
    const next = newEmail();
    await supabase.auth.updateUser({ email: next });
    expect(mailsTo(email)).toHaveLength(0);
    expect((await supabase.auth.resend({ type: 'email_change', email })).error).toBeNull();
    expect(mailsTo(next)).toHaveLength(2);
    const { data, error } = await supabase.auth.verifyOtp({ email: next, token: mailTo(next).code, type: 'email_change' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(next);
    await configure({ MAILER_SECURE_EMAIL_CHANGE_ENABLED: true });
  });
});

describe('admin: invites and generated links', () => {
  it('invites by email; the link accepts the invitation and signs in', async () => {
    const email = newEmail();
    const { data, error } = await admin().auth.admin.inviteUserByEmail(email, { data: { team: 'blue' }, redirectTo: `${APP}/join` });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { team: 'blue' } });
    expect(data.user?.invited_at).toBeTruthy();
    const mail = mailTo(email);
    expect(mail.subject).toBe('You have been invited');
    const { location, fragment } = await follow(mail.link);
    expect(location.pathname).toBe('/join');
    expect(fragment.get('type')).toBe('invite');
    expect((await client().auth.getUser(fragment.get('access_token')!)).data.user?.email_confirmed_at).toBeTruthy();
    const again = await admin().auth.admin.inviteUserByEmail(email);
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
    const notAdmin = await client().auth.admin.inviteUserByEmail(newEmail());
    expect(notAdmin.error).toMatchObject({ status: 403, code: 'not_admin' });
  });

  it('generates links without mailing them, as auth-js parses them', async () => {
    const email = newEmail();
    await admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const { data, error } = await admin().auth.admin.generateLink({ type: 'magiclink', email, options: { redirectTo: `${APP}/x` } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email });
    expect(data.properties).toMatchObject({ verification_type: 'magiclink', redirect_to: `${APP}/x` });
    expect(data.properties?.email_otp).toMatch(/^\d{6}$/);
    expect(data.properties?.action_link).toContain(`token=${data.properties?.hashed_token}&type=magiclink`);
    expect(mailsTo(email)).toHaveLength(0);
    const verified = await client().auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'magiclink' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);

    const fresh = newEmail();
    const signup = await admin().auth.admin.generateLink({ type: 'signup', email: fresh, password: PASSWORD });
    expect(signup.error).toBeNull();
    expect(signup.data.user?.email_confirmed_at).toBeUndefined();
    expect((await follow(signup.data.properties!.action_link)).fragment.get('type')).toBe('signup');
    expect((await client().auth.signInWithPassword({ email: fresh, password: PASSWORD })).error).toBeNull();

    const code = await admin().auth.admin.generateLink({ type: 'recovery', email });
    expect((await client().auth.verifyOtp({ email, token: code.data.properties!.email_otp, type: 'recovery' })).error).toBeNull();

    const change = await admin().auth.admin.generateLink({ type: 'email_change_new', email, newEmail: newEmail() });
    expect(change.data.properties?.action_link).toContain('type=email_change');

    const missing = await admin().auth.admin.generateLink({ type: 'recovery', email: newEmail() });
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found' });
    const anon = await client().auth.admin.generateLink({ type: 'magiclink', email });
    expect(anon.error).toMatchObject({ status: 403, code: 'not_admin' });
  });
});

describe('email rate limits and where mail goes', () => {
  it('refuses a second mail to a user within SMTP_MAX_FREQUENCY', async () => {
    await configure({ SMTP_MAX_FREQUENCY: 60 });
    const email = newEmail();
    await admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    expect((await client().auth.resetPasswordForEmail(email)).error).toBeNull();
    const { error } = await client().auth.resetPasswordForEmail(email);
    expect(error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(error?.message).toMatch(/^For security purposes, you can only request this after (59|60) seconds\.$/);
    await configure({ SMTP_MAX_FREQUENCY: 0 });
  });

  it("counts each send in auth_email_sends and refuses beyond the project's hourly limit", async () => {
    const projectMails = mails.filter((mail) => mail.user === SMTP_USER).length;
    expect(await sendsRecorded()).toBe(projectMails);
    await configure({ RATE_LIMIT_EMAIL_SENT: projectMails + 1 });
    const email = newEmail();
    await admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    expect((await client().auth.resetPasswordForEmail(email)).error).toBeNull();
    const { error } = await client().auth.signInWithOtp({ email });
    expect(error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit', message: 'Email rate limit exceeded' });
    expect(await sendsRecorded()).toBe(projectMails + 1);
    await configure({ RATE_LIMIT_EMAIL_SENT: 1000 });
  });

  it('sends through BASIN_SMTP_URL without a project SMTP server, and not at all without either', async () => {
    const { config } = project.meta.platform.ctx;
    await configure({ SMTP_HOST: null, SMTP_USER: null, SMTP_PASS: '' });
    config.smtpUrl = `smtp://127.0.0.1:${smtpPort}`;
    try {
      const email = newEmail();
      await client().auth.signUp({ email, password: PASSWORD });
      expect(mailTo(email)).toMatchObject({
        user: undefined,
        subject: 'Confirm your signup',
        from: expect.stringMatching(/^"?The App"? <auth@app\.test>$/),
      });

      config.smtpUrl = undefined;
      const quiet = newEmail();
      const { data, error } = await client().auth.signUp({ email: quiet, password: PASSWORD });
      expect(error).toBeNull();
      expect(data.user?.email).toBe(quiet);
      expect(mailsTo(quiet)).toHaveLength(0);
      // The admin can still hand out the link.
      const link = await admin().auth.admin.generateLink({ type: 'magiclink', email: quiet });
      expect(link.data.properties?.verification_type).toBe('magiclink');
      expect((await follow(link.data.properties!.action_link)).fragment.get('access_token')).toBeTruthy();
    } finally {
      config.smtpUrl = undefined;
      await configure(PROJECT_SMTP());
    }
  });
});
