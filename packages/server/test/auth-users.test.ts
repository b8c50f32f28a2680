import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, query, uniqueEmail } from './harness.ts';
import { addMember } from './membership.ts';
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

beforeAll(async () => {
  project = await startRestProject('select 1');
  ref = project.meta.ref;
  apiUrl = `${project.meta.platform.url}/api/projects/${ref}/gateway`;
}, 120_000);

afterAll(async () => {
  await project?.meta.platform.stop();
});

describe('the admin API with supabase-js (service_role)', () => {
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
    expect(user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated', user_metadata: { name: 'Ada' } });
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
    expect((await supabase.auth.admin.getUserById(user.id)).error).toMatchObject({ status: 404, code: 'user_not_found', message: 'User not found' });
    expect(await auditActions(user.id)).toEqual(['user_signedup', 'user_modified', 'user_deleted']);
  });

  it('listUsers pages with X-Total-Count and the Link header auth-js reads', async () => {
    const supabase = admin();
    for (let i = 0; i < 3; i++) await supabase.auth.admin.createUser({ email: uniqueEmail('paged'), password: PASSWORD });
    const { count } = (await query(project.meta.connectionString, 'select count(*)::int as count from auth.users')).rows[0] as { count: number };
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
    expect((await admin().auth.admin.createUser({ email: email.toUpperCase(), password: PASSWORD })).error).toMatchObject({ status: 422, code: 'email_exists' });
    expect((await admin().auth.admin.createUser({ email: uniqueEmail('weak'), password: '1' })).error).toMatchObject({ status: 422, code: 'weak_password' });
    expect((await admin().auth.admin.createUser({})).error).toMatchObject({ status: 422 });
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
    const { data } = await admin().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { name: 'Soft' } });
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
