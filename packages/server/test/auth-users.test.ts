import type { SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, query, uniqueEmail } from './harness.ts';
import { signUpMember } from './membership.ts';
import { type RestProject, startRestProject } from './rest-project.ts';
import { supabaseClient } from './supabase-client.ts';

// The project's users as administrators manage them: auth-js's admin API with the service_role
// key (/auth/v1/admin/users), and the dashboard's Users page routes with members' sessions.
let project: RestProject;
let apiUrl: string;
let ref: string;
const PASSWORD = 'a fine password 1';

const admin = (): SupabaseClient => supabaseClient(apiUrl, project.keys.service);
const anon = (): SupabaseClient => supabaseClient(apiUrl, project.keys.anon);
const auditActions = async (userId: string) =>
  (
    await query(
      project.meta.connectionString,
      `select payload ->> 'action' as action from auth.audit_log_entries where payload -> 'traits' ->> 'user_id' = $1 order by created_at`,
      [userId],
    )
  ).rows.map((row) => row.action as string);

const members = {} as Record<'admin' | 'developer' | 'reader', ApiClient>;
const usersPath = () => `/api/platform/auth/${ref}/users`;

beforeAll(async () => {
  project = await startRestProject('select 1');
  ref = project.meta.ref;
  apiUrl = `${project.meta.platform.url}/api/projects/${ref}/gateway`;
  for (const [name, role] of [
    ['admin', 'Administrator'],
    ['developer', 'Developer'],
    ['reader', 'Read-only'],
  ] as const) {
    const client = await signUpMember(project.meta.owner, project.meta.slug, role, `users-${name}`);
    members[name] = client;
  }
}, 120_000);

afterAll(async () => {
  await project?.meta.platform.stop();
});

describe('the admin API with supabase-js (service_role)', () => {
  it('refuses addresses GoTrue refuses, and takes those it takes', async () => {
    for (const email of ['xx:;x@x.x', 'a b@example.com', 'ada@-example.com', 'ada@example..com']) {
      const refused = await admin().auth.admin.createUser({ email, password: PASSWORD });
      expect(refused.error, email).toMatchObject({ status: 400, message: 'Unable to validate email address: invalid format' });
      const signUp = await anon().auth.signUp({ email, password: PASSWORD });
      expect(signUp.error, email).toMatchObject({ status: 400, message: 'Unable to validate email address: invalid format' });
    }
    const local = await admin().auth.admin.createUser({ email: `${uniqueEmail('x').split('@')[0]}@localhost`, password: PASSWORD });
    expect(local.error).toBeNull();
  });

  it('createUser, getUserById, updateUserById and deleteUser, audited', async () => {
    const supabase = admin();
    const email = uniqueEmail('admin-made');
    const created = await supabase.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { name: 'Ada', theme: 'dark' },
      app_metadata: { plan: 'pro' },
    });
    expect(created.error).toBeNull();
    const user = created.data.user!;
    expect(user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated' });
    // Only what was given, as GoTrue's admin API keeps it: the identity's claims stay on the identity.
    expect(user.user_metadata).toEqual({ name: 'Ada', theme: 'dark' });
    expect(user.identities?.[0]?.identity_data).toMatchObject({ sub: user.id, email, email_verified: true });
    expect(user.app_metadata).toMatchObject({ provider: 'email', providers: ['email'], plan: 'pro' });
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.identities).toHaveLength(1);
    // Confirmed by the administrator, the user signs in at once.
    expect((await anon().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const got = await supabase.auth.admin.getUserById(user.id);
    expect(got.data.user?.email).toBe(email);

    const moved = uniqueEmail('admin-moved');
    const updated = await supabase.auth.admin.updateUserById(user.id, {
      email: moved,
      password: 'another fine one 2',
      user_metadata: { theme: null, nickname: 'A' },
      app_metadata: { tier: 2 },
      role: 'editor',
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user).toMatchObject({ email: moved, role: 'editor' });
    expect(updated.data.user?.user_metadata).toMatchObject({ name: 'Ada', nickname: 'A' });
    expect(updated.data.user?.user_metadata).not.toHaveProperty('theme');
    expect(updated.data.user?.app_metadata).toMatchObject({ plan: 'pro', tier: 2, provider: 'email' });
    expect((await anon().auth.signInWithPassword({ email: moved, password: 'another fine one 2' })).error).toBeNull();

    const deleted = await supabase.auth.admin.deleteUser(user.id);
    expect(deleted.error).toBeNull();
    expect((await supabase.auth.admin.getUserById(user.id)).error).toMatchObject({
      status: 404,
      code: 'user_not_found',
      message: 'User not found',
    });
    expect(await auditActions(user.id)).toEqual(['user_signedup', 'user_modified', 'user_deleted']);
  });

  it('listUsers pages with X-Total-Count and the Link header auth-js reads', async () => {
    const supabase = admin();
    for (let i = 0; i < 3; i++) await supabase.auth.admin.createUser({ email: uniqueEmail('paged'), password: PASSWORD });
    const { count } = (await query(project.meta.connectionString, 'select count(*)::int as count from auth.users')).rows[0] as {
      count: number;
    };
    const first = await supabase.auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(first.error).toBeNull();
    expect(first.data.users).toHaveLength(2);
    expect(first.data).toMatchObject({ aud: 'authenticated', total: count, nextPage: 2, lastPage: Math.ceil(count / 2) });
    const second = await supabase.auth.admin.listUsers({ page: 2, perPage: 2 });
    expect(second.data.users.map((u) => u.id)).not.toContain(first.data.users[0]!.id);
    // Newest first.
    expect(Date.parse(first.data.users[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(first.data.users[1]!.created_at));
    const last = await supabase.auth.admin.listUsers({ page: Math.ceil(count / 2), perPage: 2 });
    expect(last.data).toMatchObject({ nextPage: null, lastPage: Math.ceil(count / 2) });
  });

  it("refuses GoTrue's errors: not admin, duplicate, weak password, unknown user, bad ban duration", async () => {
    const notAdmin = await anon().auth.admin.listUsers();
    expect(notAdmin.error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' });
    const email = uniqueEmail('dup');
    await admin().auth.admin.createUser({ email, password: PASSWORD });
    expect((await admin().auth.admin.createUser({ email: email.toUpperCase(), password: PASSWORD })).error).toMatchObject({
      status: 422,
      code: 'email_exists',
    });
    expect((await admin().auth.admin.createUser({ email: uniqueEmail('weak'), password: '1' })).error).toMatchObject({
      status: 422,
      code: 'weak_password',
    });
    // At once, for one new address: one is made, the other answers email_exists (not a 500).
    const racing = uniqueEmail('race');
    const raced = await Promise.all([1, 2, 3].map(() => admin().auth.admin.createUser({ email: racing, password: PASSWORD })));
    expect(raced.filter((answer) => answer.error === null)).toHaveLength(1);
    for (const answer of raced.filter((answer) => answer.error)) expect(answer.error).toMatchObject({ status: 422, code: 'email_exists' });
    expect((await admin().auth.admin.createUser({})).error).toMatchObject({ status: 422 });
    expect((await admin().auth.admin.listUsers({ page: 1e20 })).error).toMatchObject({ status: 400 });
    const missing = await admin().auth.admin.updateUserById('00000000-0000-4000-8000-000000000000', { user_metadata: {} });
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found' });
    const { data } = await admin().auth.admin.createUser({ email: uniqueEmail('ban'), password: PASSWORD });
    const bad = await admin().auth.admin.updateUserById(data.user!.id, { ban_duration: 'forever' });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('bans and unbans: a banned user cannot sign in or refresh', async () => {
    const email = uniqueEmail('banned');
    const { data } = await admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const session = (await anon().auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    const banned = await admin().auth.admin.updateUserById(data.user!.id, { ban_duration: '24h' });
    expect(Date.parse(banned.data.user!.banned_until!)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect((await anon().auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({ status: 400, code: 'user_banned' });
    expect((await anon().auth.refreshSession({ refresh_token: session.refresh_token })).error).toMatchObject({ code: 'user_banned' });
    const freed = await admin().auth.admin.updateUserById(data.user!.id, { ban_duration: 'none' });
    expect(freed.data.user?.banned_until).toBeUndefined();
    expect((await anon().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('soft delete scrubs the row as GoTrue does and frees the address', async () => {
    const email = uniqueEmail('soft');
    const { data } = await admin().auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { name: 'Soft' },
    });
    await anon().auth.signInWithPassword({ email, password: PASSWORD });
    expect((await admin().auth.admin.deleteUser(data.user!.id, true)).error).toBeNull();
    const row = (
      await query(
        project.meta.connectionString,
        `select email, encrypted_password, deleted_at, raw_user_meta_data, (select count(*)::int from auth.sessions s where s.user_id = u.id) as sessions
           from auth.users u where id = $1`,
        [data.user!.id],
      )
    ).rows[0];
    expect(row.email).not.toBe(email);
    expect(row).toMatchObject({ encrypted_password: null, raw_user_meta_data: {}, sessions: 0 });
    expect(row.deleted_at).toBeTruthy();
    expect((await admin().auth.admin.createUser({ email, password: PASSWORD })).error).toBeNull();
  });
});

describe('the dashboard routes (/platform/auth/{ref}/users)', () => {
  it('builders create users; Read-only members read the list but every write is refused', async () => {
    const email = uniqueEmail('dash-made');
    const created = await members.developer.post(usersPath(), { email, password: PASSWORD, autoConfirm: true });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email, email_confirmed_at: expect.any(String), is_anonymous: false });
    expect((await anon().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const id = created.body.id as string;

    const listed = await members.reader.get(`${usersPath()}?keywords=${encodeURIComponent(email)}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ total: 1, page: 1, per_page: 50, mail_configured: false });
    expect(listed.body.users[0].id).toBe(id);
    expect((await members.reader.get(`${usersPath()}/${id}`)).body.identities[0]).toMatchObject({ provider: 'email', user_id: id });

    const refusals = await Promise.all([
      members.reader.post(usersPath(), { email: uniqueEmail('nope'), password: PASSWORD }),
      members.reader.patch(`${usersPath()}/${id}`, { ban_duration: '1h' }),
      members.reader.delete(`${usersPath()}/${id}`),
    ]);
    for (const refused of refusals)
      expect(refused).toMatchObject({ status: 403, body: { message: expect.stringMatching(/Owner, Administrator or Developer/) } });
    expect((await members.reader.get(`${usersPath()}/${id}`)).status).toBe(200);

    const outsider = new ApiClient(project.meta.platform.url);
    await outsider.signUp(uniqueEmail('outsider'));
    expect((await outsider.get(usersPath())).status).toBe(404);
  });

  it("answers the auth API's refusals in words: taken address, weak password, bad input", async () => {
    const email = uniqueEmail('dash-dup');
    expect((await members.admin.post(usersPath(), { email, password: PASSWORD })).status).toBe(201);
    expect(await members.admin.post(usersPath(), { email, password: PASSWORD })).toMatchObject({
      status: 422,
      body: { message: 'A user with this email address has already been registered' },
    });
    expect(await members.admin.post(usersPath(), { email: uniqueEmail('weak'), password: '12' })).toMatchObject({
      status: 422,
      body: { message: expect.stringMatching(/at least 6 characters/) },
    });
    expect(await members.admin.post(usersPath(), { email: 'not an email', password: PASSWORD })).toMatchObject({ status: 400 });
    expect(await members.admin.get(`${usersPath()}/not-a-uuid`)).toMatchObject({ status: 400 });
    expect(await members.admin.get(`${usersPath()}/00000000-0000-4000-8000-000000000000`)).toMatchObject({
      status: 404,
      body: { message: 'User not found' },
    });
    expect(await members.admin.get(`${usersPath()}?per_page=1000`)).toMatchObject({ status: 400 });
    expect(await members.admin.get(`${usersPath()}?page=99999999999999999999`)).toMatchObject({ status: 400 });
    const doc = await members.admin.get('/api/platform/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/auth/{ref}/users',
        '/auth/{ref}/users/{id}',
        '/auth/{ref}/users/{id}/factors/{factorId}',
        '/auth/{ref}/invite',
        '/auth/{ref}/recover',
      ]),
    );
  });

  it('searches by part of the email or id (a % is literal) and pages with the total', async () => {
    const tag = `srch${Date.now().toString(36)}`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await members.developer.post(usersPath(), { email: `${tag}-${i}@example.com`, password: PASSWORD })).body.id);
    const page = (n: number) => members.developer.get(`${usersPath()}?keywords=${tag.toUpperCase()}&per_page=2&page=${n}`);
    const pages = await Promise.all([page(1), page(2), page(3), page(4)]);
    expect(pages.map((p) => p.body.total)).toEqual([5, 5, 5, 5]);
    expect(pages.map((p) => p.body.users.length)).toEqual([2, 2, 1, 0]);
    // Newest first, no user on two pages.
    expect(pages.flatMap((p) => p.body.users.map((u: { id: string }) => u.id))).toEqual([...ids].reverse());
    const byId = await members.developer.get(`${usersPath()}?keywords=${ids[2]!.slice(0, 13)}`);
    expect(byId.body.users.map((u: { id: string }) => u.id)).toContain(ids[2]);
    expect((await members.developer.get(`${usersPath()}?keywords=%25`)).body.total).toBe(0);
  });

  it('bans (sign-in refused with user_banned), unbans, and deletes with sessions and identities', async () => {
    const email = uniqueEmail('dash-ban');
    const { id } = (await members.admin.post(usersPath(), { email, password: PASSWORD })).body;
    await anon().auth.signInWithPassword({ email, password: PASSWORD });
    const banned = await members.admin.patch(`${usersPath()}/${id}`, { ban_duration: '24h' });
    expect(banned.status).toBe(200);
    expect(Date.parse(banned.body.banned_until)).toBeGreaterThan(Date.now());
    expect((await anon().auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({ status: 400, code: 'user_banned' });
    expect(await members.admin.patch(`${usersPath()}/${id}`, { ban_duration: 'a while' })).toMatchObject({ status: 400 });
    expect(await members.admin.patch(`${usersPath()}/${id}`, { ban_duration: '99999999999999999999h' })).toMatchObject({ status: 400 });
    const freed = await members.admin.patch(`${usersPath()}/${id}`, { ban_duration: 'none' });
    expect(freed.body.banned_until).toBeUndefined();
    expect((await anon().auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const deleted = await members.admin.delete(`${usersPath()}/${id}`);
    expect(deleted).toMatchObject({ status: 200, body: { id, email } });
    expect((await members.admin.get(`${usersPath()}/${id}`)).status).toBe(404);
    const left = await query(
      project.meta.connectionString,
      `select (select count(*)::int from auth.identities where user_id = $1) as identities, (select count(*)::int from auth.sessions where user_id = $1) as sessions`,
      [id],
    );
    expect(left.rows[0]).toEqual({ identities: 0, sessions: 0 });
    expect(await auditActions(id)).toEqual(['user_signedup', 'user_modified', 'user_modified', 'user_deleted']);
    const actor = await query(
      project.meta.connectionString,
      `select payload ->> 'actor_username' as actor from auth.audit_log_entries where payload -> 'traits' ->> 'user_id' = $1 limit 1`,
      [id],
    );
    expect(actor.rows[0]!.actor).toMatch(/^users-admin-/);
  });

  it("lists the user's MFA factors; builders remove one (its sessions step down to aal1), Read-only members may not", async () => {
    const email = uniqueEmail('dash-mfa');
    const { id } = (await members.developer.post(usersPath(), { email, password: PASSWORD })).body;
    // The user enrolls and verifies a TOTP factor as an app's MFA screen does: the session is aal2 after.
    const client = anon();
    expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(enrolled.error).toBeNull();
    const { id: factorId, totp } = enrolled.data as { id: string; totp: { secret: string } };
    const code = new TOTP({ secret: Secret.fromBase32(totp.secret) }).generate();
    expect((await client.auth.mfa.challengeAndVerify({ factorId, code })).error).toBeNull();
    const sessionAal = async () =>
      (await query(project.meta.connectionString, 'select aal::text from auth.sessions where user_id = $1', [id])).rows.map((r) => r.aal);
    expect(await sessionAal()).toEqual(['aal2']);

    const shown = await members.reader.get(`${usersPath()}/${id}`);
    expect(shown.body.factors).toEqual([
      {
        id: factorId,
        friendly_name: 'Phone app',
        factor_type: 'totp',
        status: 'verified',
        created_at: expect.any(String),
        updated_at: expect.any(String),
        last_challenged_at: expect.any(String),
      },
    ]);

    const factorPath = `${usersPath()}/${id}/factors/${factorId}`;
    expect(await members.reader.delete(factorPath)).toMatchObject({
      status: 403,
      body: { message: expect.stringMatching(/Owner, Administrator or Developer/) },
    });
    // Another user's factor, and ids that are not UUIDs.
    const other = (await members.developer.post(usersPath(), { email: uniqueEmail('dash-mfa-other'), password: PASSWORD })).body.id;
    expect(await project.meta.owner.delete(`${usersPath()}/${other}/factors/${factorId}`)).toMatchObject({
      status: 404,
      body: { message: 'Factor not found' },
    });
    expect((await project.meta.owner.delete(`${usersPath()}/${id}/factors/not-a-uuid`)).status).toBe(400);
    expect((await project.meta.owner.delete(`${usersPath()}/not-a-uuid/factors/${factorId}`)).status).toBe(400);

    const removed = await project.meta.owner.delete(factorPath);
    expect(removed).toMatchObject({ status: 200, body: { id, email } });
    expect(removed.body.factors).toBeUndefined();
    expect((await members.reader.get(`${usersPath()}/${id}`)).body.factors).toBeUndefined();
    expect(await sessionAal()).toEqual(['aal1']);
    expect((await project.meta.owner.delete(factorPath)).status).toBe(404);
    // Audited with the member who removed it.
    const ownerEmail = (await project.meta.owner.get('/api/platform/profile')).body.email;
    const audited = await query(
      project.meta.connectionString,
      `select payload ->> 'actor_username' as actor from auth.audit_log_entries
        where payload ->> 'action' = 'factor_deleted' and payload -> 'traits' ->> 'factor_id' = $1`,
      [factorId],
    );
    expect(audited.rows).toEqual([{ actor: ownerEmail }]);
  });

  it('invites (an unconfirmed, invited user) and starts a password recovery; Read-only members may do neither', async () => {
    const email = uniqueEmail('dash-invited');
    expect((await members.reader.post(`/api/platform/auth/${ref}/invite`, { email })).status).toBe(403);
    const invited = await members.developer.post(`/api/platform/auth/${ref}/invite`, { email });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email, invited_at: expect.any(String) });
    expect(invited.body.email_confirmed_at).toBeUndefined();
    expect(await members.developer.post(`/api/platform/auth/${ref}/invite`, { email: 'nope' })).toMatchObject({ status: 400 });

    const confirmed = uniqueEmail('dash-recover');
    const { id } = (await members.developer.post(usersPath(), { email: confirmed, password: PASSWORD })).body;
    expect((await members.reader.post(`/api/platform/auth/${ref}/recover`, { email: confirmed })).status).toBe(403);
    expect(await members.developer.post(`/api/platform/auth/${ref}/recover`, { email: confirmed })).toMatchObject({
      status: 200,
      body: { email: confirmed, mail_configured: false },
    });
    expect((await members.developer.get(`${usersPath()}/${id}`)).body.recovery_sent_at).toEqual(expect.any(String));
  });

  it('refuses with a clear 409 while the project is not running', async () => {
    // The restart marks the project RESTARTING before it answers, and takes longer than one request.
    expect((await project.meta.owner.post(`/api/platform/projects/${ref}/restart`)).status).toBeLessThan(300);
    expect(await members.reader.get(usersPath())).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/not running \(status RESTARTING\)/) },
    });
  });
});
