/**
 * The Mailbox of a project with no SMTP server: the auth emails it would have sent are kept, with
 * links and codes that work, for the members who manage users; with SMTP set, mail goes out and
 * nothing more is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MAILBOX_MESSAGES } from '@basin/core';
import * as mailbox from '../src/store/auth-mailbox.ts';
import { type ApiClient, uniqueEmail } from './harness.ts';
import { signUpMember } from './membership.ts';
import { type RestProject, startRestProject } from './rest-project.ts';
import { type SmtpCapture, startSmtpCapture } from './smtp-capture.ts';
import { supabaseClient } from './supabase-client.ts';

let project: RestProject;
let apiUrl: string;
let reader: ApiClient;
const APP = 'http://localhost:3000';
const PASSWORD = 'a fine password 1';
const mailboxPath = () => `/api/platform/auth/${project.meta.ref}/mailbox`;
const configure = async (settings: Record<string, unknown>) => {
  const answer = await project.meta.owner.patch(`/api/platform/auth/${project.meta.ref}/config`, settings);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
};

beforeAll(async () => {
  project = await startRestProject('select 1');
  apiUrl = `${project.meta.platform.url}/api/projects/${project.meta.ref}/gateway`;
  reader = await signUpMember(project.meta.owner, project.meta.slug, 'Read-only', 'mailbox-reader');
  await configure({ MAILER_AUTOCONFIRM: false, SMTP_MAX_FREQUENCY: 0, SITE_URL: APP, URI_ALLOW_LIST: `${APP}/**` });
}, 120_000);

afterAll(() => project?.meta.platform.stop());

describe('the Mailbox', () => {
  it('keeps a sign-up confirmation whose link confirms and signs in, and whose code works too', async () => {
    const email = uniqueEmail('mailbox');
    expect((await supabaseClient(apiUrl, project.keys.anon).auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    const answer = await project.meta.owner.get(mailboxPath());
    expect(answer.status).toBe(200);
    expect(answer.body.smtp).toBe(false);
    const kept = answer.body.messages.find((message: { to: string }) => message.to === email);
    expect(kept).toMatchObject({ kind: 'confirmation', subject: 'Confirm your signup', code: expect.stringMatching(/^\d{6}$/) });
    expect(kept.html).toContain(kept.code);
    expect(kept.link.startsWith(`${apiUrl}/auth/v1/verify?`)).toBe(true);

    const followed = await fetch(kept.link, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    const fragment = new URLSearchParams(new URL(followed.headers.get('location')!).hash.slice(1));
    expect((await supabaseClient(apiUrl, project.keys.anon).auth.getUser(fragment.get('access_token')!)).data.user?.email).toBe(email);

    // A magic link's code signs in as well.
    await supabaseClient(apiUrl, project.keys.anon).auth.signInWithOtp({ email });
    const magic = (await project.meta.owner.get(mailboxPath())).body.messages[0];
    expect(magic).toMatchObject({ kind: 'magic_link', to: email });
    const signedIn = await supabaseClient(apiUrl, project.keys.anon).auth.verifyOtp({ email, token: magic.code, type: 'email' });
    expect(signedIn.error).toBeNull();
  });

  it('is only for the members who manage users, and empties', async () => {
    const refused = await reader.get(mailboxPath());
    expect(refused).toMatchObject({ status: 403, body: { message: AUTH_MAILBOX_MESSAGES.noPermission } });
    expect((await reader.delete(mailboxPath())).status).toBe(403);
    expect((await project.meta.owner.delete(mailboxPath())).status).toBe(204);
    expect((await project.meta.owner.get(mailboxPath())).body.messages).toEqual([]);
  });

  it('keeps the newest 100 for a day', async () => {
    const { db } = project.meta.platform.ctx;
    const ref = project.meta.ref;
    for (let i = 0; i < 101; i++)
      await mailbox.keep(db, ref, { kind: 'recovery', to: `n${i}@example.com`, subject: 's', html: 'h', link: 'l', code: '1' });
    const kept = await mailbox.list(db, ref);
    expect(kept).toHaveLength(100);
    expect(kept.at(-1)!.to_address).toBe('n1@example.com');
    await db.query(
      `update auth_mailbox set created_at = now() - interval '25 hours' where project_ref = $1 and to_address <> 'n100@example.com'`,
      [ref],
    );
    expect((await mailbox.list(db, ref)).map((row) => row.to_address)).toEqual(['n100@example.com']);
  });

  it('says mail goes out once SMTP is set, and keeps no more', async () => {
    const smtp: SmtpCapture = await startSmtpCapture();
    try {
      await configure({ SMTP_HOST: '127.0.0.1', SMTP_PORT: smtp.port, SMTP_ADMIN_EMAIL: 'auth@app.test' });
      await project.meta.owner.delete(mailboxPath());
      const email = uniqueEmail('sent');
      await supabaseClient(apiUrl, project.keys.anon).auth.signUp({ email, password: PASSWORD });
      expect(smtp.mailTo(email).subject).toBe('Confirm your signup');
      expect((await project.meta.owner.get(mailboxPath())).body).toEqual({ smtp: true, messages: [] });
    } finally {
      await configure({ SMTP_HOST: null });
      await smtp.close();
    }
  });
});
