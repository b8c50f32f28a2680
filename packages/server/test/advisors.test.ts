import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lint } from '@basin/core/schemas';
import { withAdmin } from '../src/instances/admin-session.ts';
import { cachedAuthSettings } from '../src/services/auth/auth-settings-cache.ts';
import { instanceSpec } from '../src/services/projects/project-instance.ts';
import { updateApiSettings } from '../src/store/project-api-settings.ts';
import * as projects from '../src/store/projects.ts';
import { ApiClient, healthyProject, query, startTestPlatform, uniqueEmail, waitFor } from './harness.ts';
import { signUpMember } from './membership.ts';
import { organization, type Org } from './lifecycle-helpers.ts';

/**
 * The advisors on a real instance: every catalog lint meets an object that triggers it and one
 * that does not, created as `postgres` through the connection string like a member would.
 */
let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let org: Org;
let reader: ApiClient;
let outsider: ApiClient;
let ref: string;
let connectionString: string;

const runLints = (client: ApiClient, refresh = true) =>
  client.get<Lint[]>(`/api/platform/projects/${ref}/run-lints${refresh ? '?refresh=true' : ''}`);

/** Each lint: the entity (schema.name) that must be reported and the one that must not. */
const CATALOG_CASES: { lint: string; reported: string; clean: string }[] = [
  { lint: 'unindexed_foreign_keys', reported: 'app.fk_bad', clean: 'app.fk_good' },
  { lint: 'auth_users_exposed', reported: 'public.users_bad', clean: 'public.users_good' },
  { lint: 'auth_rls_initplan', reported: 'app.notes', clean: 'app.notes_wrapped' },
  { lint: 'no_primary_key', reported: 'app.nopk', clean: 'app.parent' },
  { lint: 'unused_index', reported: 'app.unscanned', clean: 'app.scanned' },
  { lint: 'multiple_permissive_policies', reported: 'app.multi', clean: 'app.single' },
  { lint: 'policy_exists_rls_disabled', reported: 'app.pol_off', clean: 'app.multi' },
  { lint: 'rls_enabled_no_policy', reported: 'app.rls_nopol', clean: 'app.single' },
  { lint: 'duplicate_index', reported: 'app.dup', clean: 'app.nodup' },
  { lint: 'security_definer_view', reported: 'public.view_bad', clean: 'public.view_good' },
  { lint: 'function_search_path_mutable', reported: 'app.fn_bad', clean: 'app.fn_good' },
  { lint: 'rls_disabled_in_public', reported: 'public.open_table', clean: 'public.closed_table' },
  { lint: 'extension_in_public', reported: 'public.pgcrypto', clean: 'extensions.uuid-ossp' },
  { lint: 'rls_references_user_metadata', reported: 'app.meta_bad', clean: 'app.meta_good' },
  { lint: 'materialized_view_in_api', reported: 'public.mv_bad', clean: 'public.mv_good' },
  { lint: 'foreign_table_in_api', reported: 'public.ft_bad', clean: 'public.ft_good' },
  { lint: 'unsupported_reg_types', reported: 'app.regs_bad', clean: 'app.regs_good' },
  { lint: 'public_bucket_allows_listing', reported: 'storage.open_pub', clean: 'storage.closed_pub' },
];

const SCHEMA_SQL = `
  create schema app;
  insert into storage.buckets (id, name, public) values ('open_pub', 'open_pub', true), ('closed_pub', 'closed_pub', true);
  create policy "anyone lists" on storage.objects for select to anon using (bucket_id = 'open_pub');
  create policy "own files" on storage.objects for select to authenticated using (bucket_id = 'closed_pub' and owner = auth.uid());
  create table app.parent (id int primary key);
  create table app.fk_bad (id int primary key, parent_id int references app.parent (id));
  create table app.fk_good (id int primary key, parent_id int references app.parent (id));
  create index on app.fk_good (parent_id, id);

  create view public.users_bad as select id, email from auth.users;
  grant select on public.users_bad to anon;
  create view public.users_good as select id, email from auth.users;
  -- What members make in public is granted to the API roles by default: the clean ones take it back.
  revoke all on public.users_good from anon, authenticated;

  create table app.notes (id int primary key, owner uuid);
  alter table app.notes enable row level security;
  create policy notes_own on app.notes for select using (owner = auth.uid());
  create table app.notes_wrapped (id int primary key, owner uuid);
  alter table app.notes_wrapped enable row level security;
  create policy notes_own on app.notes_wrapped for select using (owner = (select auth.uid()));

  create table app.nopk (x int);

  create table app.scanned (id int primary key, v int);
  create index scanned_v on app.scanned (v);
  create table app.unscanned (id int primary key, v int);
  create index unscanned_v on app.unscanned (v);

  create table app.multi (id int primary key);
  alter table app.multi enable row level security;
  create policy multi_a on app.multi for select to authenticated using (true);
  create policy multi_b on app.multi for select to authenticated using (id > 0);
  create table app.single (id int primary key);
  alter table app.single enable row level security;
  create policy single_read on app.single for select to authenticated using (true);
  create policy single_write on app.single for insert to authenticated with check (true);

  create table app.pol_off (id int primary key);
  create policy pol_off_read on app.pol_off for select using (true);
  create table app.rls_nopol (id int primary key);
  alter table app.rls_nopol enable row level security;

  create table app.dup (id int primary key, a int, b int);
  create index dup_1 on app.dup (a);
  create index dup_2 on app.dup (a);
  create table app.nodup (id int primary key, a int, b int);
  create index nodup_1 on app.nodup (a);
  create index nodup_2 on app.nodup (a) where b > 0;
  create index nodup_3 on app.nodup using hash (a);

  create view public.view_bad as select 1 as x;
  create view public.view_good with (security_invoker = true) as select 1 as x;

  create function app.fn_bad() returns int language sql as 'select 1';
  create function app.fn_good() returns int language sql set search_path = '' as 'select 1';

  create table public.open_table (id int primary key);
  create table public.closed_table (id int primary key);
  alter table public.closed_table enable row level security;

  create extension pgcrypto schema public;
  create schema extensions;
  create extension "uuid-ossp" schema extensions;

  create table app.meta_bad (id int primary key);
  alter table app.meta_bad enable row level security;
  create policy admins on app.meta_bad using ((select auth.jwt() -> 'user_metadata' ->> 'role') = 'admin');
  create table app.meta_good (id int primary key);
  alter table app.meta_good enable row level security;
  create policy admins on app.meta_good using ((select auth.jwt() -> 'app_metadata' ->> 'role') = 'admin');

  create materialized view public.mv_bad as select 1 as x;
  grant select on public.mv_bad to anon;
  create materialized view public.mv_good as select 1 as x;
  revoke all on public.mv_good from anon, authenticated;

  create server elsewhere foreign data wrapper postgres_fdw options (dbname 'none');
  create foreign table public.ft_bad (id int) server elsewhere;
  grant select on public.ft_bad to authenticated;
  create foreign table public.ft_good (id int) server elsewhere;
  revoke all on public.ft_good from anon, authenticated;

  create table app.regs_bad (id int primary key, handler regproc);
  create table app.regs_good (id int primary key, kind regclass);
`;

beforeAll(async () => {
  platform = await startTestPlatform();
  org = await organization(platform.url);
  reader = await signUpMember(org.owner, org.slug, 'Read-only', 'reader');
  outsider = new ApiClient(platform.url);
  await outsider.signUp(uniqueEmail('outsider'));

  ref = await healthyProject(org.owner, org.slug, 'Advised', { timeoutMs: 120_000 });
  connectionString = (await org.owner.get(`/api/platform/projects/${ref}`)).body.connectionString;

  // postgres_fdw is not a trusted extension: the platform installs it, the member uses it.
  const row = (await projects.findByRef(platform.ctx.db, ref))!;
  await withAdmin(instanceSpec(row, platform.ctx.box), 10_000, (client) =>
    client.query('create extension postgres_fdw; grant usage on foreign data wrapper postgres_fdw to postgres'),
  );
  await query(connectionString, SCHEMA_SQL);
  await query(connectionString, 'set enable_seqscan = off; select * from app.scanned where v = 1');
  // Index scans are counted when the session that made them ends.
  await waitFor(
    () => query(connectionString, "select pg_stat_get_numscans('app.scanned_v'::regclass)::int as n").then((r) => r.rows[0].n as number),
    (n) => n > 0,
    20_000,
  );
});
afterAll(() => platform?.destroy());

describe('project instance bootstrap', () => {
  it('has the API roles without login and the auth helpers reading the request claims', async () => {
    const roles = await query(
      connectionString,
      "select rolname, rolcanlogin from pg_roles where rolname in ('anon', 'authenticated', 'service_role') order by 1",
    );
    expect(roles.rows).toEqual([
      { rolname: 'anon', rolcanlogin: false },
      { rolname: 'authenticated', rolcanlogin: false },
      { rolname: 'service_role', rolcanlogin: false },
    ]);
    const claims = JSON.stringify({ sub: '3f1c1c4e-8f0e-4c8a-9a57-1e0f7d7b2b61', role: 'authenticated' });
    const answer = await query(
      connectionString,
      `begin; set local role authenticated; select set_config('request.jwt.claims', $$${claims}$$, true);
       select auth.uid()::text as uid, auth.role() as role, auth.jwt() ->> 'sub' as sub; commit;`,
    );
    const results = answer as unknown as { rows: Record<string, string>[] }[];
    expect(results[3]!.rows[0]).toEqual({
      uid: '3f1c1c4e-8f0e-4c8a-9a57-1e0f7d7b2b61',
      role: 'authenticated',
      sub: '3f1c1c4e-8f0e-4c8a-9a57-1e0f7d7b2b61',
    });
  });
});

describe('catalog lints', () => {
  let lints: Lint[];
  beforeAll(async () => {
    const answer = await runLints(org.owner);
    expect(answer.status).toBe(200);
    lints = answer.body;
  });

  it.each(CATALOG_CASES)('$lint: reports $reported, not $clean', ({ lint, reported, clean }) => {
    const entities = lints.filter((l) => l.name === lint).map((l) => l.metadata.entity);
    expect(entities).toContain(reported);
    expect(entities).not.toContain(clean);
  });

  it('answers the lint shape with a cache key of name, schema and object', () => {
    const initplan = lints.find((l) => l.name === 'auth_rls_initplan' && l.metadata.entity === 'app.notes')!;
    expect(initplan).toMatchObject({
      title: 'Auth RLS Initialization Plan',
      level: 'ERROR',
      facing: 'EXTERNAL',
      categories: ['PERFORMANCE'],
      metadata: { schema: 'app', name: 'notes', type: 'table' },
      cache_key: 'auth_rls_initplan_app_notes_notes_own',
      acknowledged: null,
    });
    expect(initplan.detail).toContain('notes_own');
    // The levels as the spec names them: ERROR, WARNING, INFO (never the hosted platform's WARN).
    expect(lints.find((l) => l.name === 'multiple_permissive_policies')?.level).toBe('WARNING');
    expect(new Set(lints.map((l) => l.level))).toEqual(new Set(['ERROR', 'WARNING', 'INFO']));
    expect(new Set(lints.map((l) => l.cache_key)).size).toBe(lints.length);
  });

  it('splits the findings by category under /v1', async () => {
    const security = await org.owner.get(`/api/v1/projects/${ref}/advisors/security`);
    const performance = await org.owner.get(`/api/v1/projects/${ref}/advisors/performance`);
    expect(security.body.lints.length + performance.body.lints.length).toBe(lints.length);
    expect(security.body.lints.every((l: Lint) => l.categories.includes('SECURITY'))).toBe(true);
    expect(performance.body.lints.map((l: Lint) => l.name)).toContain('duplicate_index');
  });
});

describe('platform lints', () => {
  const names = async () => (await runLints(org.owner, false)).body.map((l) => l.name);
  const config = () => `/api/platform/auth/${ref}/config`;

  it('reports the defaults that fall short, and the instance facts', async () => {
    const reported = await names();
    expect(reported).toEqual(
      expect.arrayContaining([
        'password_requirements_min_length',
        'auth_leaked_password_protection',
        'auth_insufficient_mfa_options',
        'auth_password_policy_missing',
        'ssl_not_enforced',
        'network_restrictions_not_set',
        'pitr_not_enabled',
      ]),
    );
    for (const absent of [
      'auth_otp_long_expiry',
      'auth_otp_short_length',
      'no_backup_admin',
      'vulnerable_postgres_version',
      'leaked_service_key',
    ]) {
      expect(reported).not.toContain(absent);
    }
  });

  it('follows the auth settings changed through the API at once', async () => {
    const changed = await org.owner.patch(config(), {
      MAILER_OTP_EXP: 7200,
      SMS_OTP_LENGTH: 4,
      PASSWORD_MIN_LENGTH: 10,
      PASSWORD_HIBP_ENABLED: false,
      PASSWORD_REQUIRED_CHARACTERS: 'letters_digits',
      MFA_PHONE_ENROLL_ENABLED: true,
      MFA_PHONE_VERIFY_ENABLED: true,
      SMTP_PASS: 'mail secret',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ MAILER_OTP_EXP: 7200, SMS_OTP_LENGTH: 4, SMTP_PASS_SET: true });
    expect(JSON.stringify(changed.body)).not.toContain('mail secret');
    const reported = await names();
    expect(reported).toContain('auth_otp_long_expiry');
    expect(reported).toContain('auth_otp_short_length');
    // Leaked password protection cannot be turned on (see the auth API settings below).
    expect(reported).toContain('auth_leaked_password_protection');
    for (const fixed of ['password_requirements_min_length', 'auth_insufficient_mfa_options', 'auth_password_policy_missing']) {
      expect(reported).not.toContain(fixed);
    }
    await org.owner.patch(config(), { MAILER_OTP_EXP: 3600, SMS_OTP_LENGTH: 6 });
    expect(await names()).not.toContain('auth_otp_long_expiry');
  });

  it.each([
    [{ MAILER_OTP_EXP: 'soon' }, 'Email OTP expiry must be a number'],
    [{ SMS_OTP_LENGTH: 2 }, 'SMS OTP length must be at least 4'],
    [{ PASSWORD_REQUIRED_CHARACTERS: 'emoji' }, 'Choose one of the password requirements'],
    [{ SMTP_ADMIN_EMAIL: 'not an address' }, 'Sender email is not a valid email address'],
  ])('refuses %j with a message and changes nothing', async (body, message) => {
    const before = (await org.owner.get(config())).body;
    const answer = await org.owner.patch(config(), { PASSWORD_MIN_LENGTH: 12, ...body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(message);
    expect((await org.owner.get(config())).body).toEqual(before);
  });

  it('refuses unknown settings', async () => {
    expect((await org.owner.patch(config(), { EXTERNAL_GITHUB_ENABLED: true })).status).toBe(400);
  });
});

describe('auth API settings', () => {
  const config = () => `/api/platform/auth/${ref}/config`;

  it('has the defaults of hosted Supabase', async () => {
    const { body } = await org.owner.get(config());
    expect(body).toMatchObject({
      SITE_URL: 'http://localhost:3000',
      URI_ALLOW_LIST: '',
      JWT_EXP: 3600,
      DISABLE_SIGNUP: false,
      EXTERNAL_EMAIL_ENABLED: true,
      EXTERNAL_ANONYMOUS_USERS_ENABLED: false,
      MAILER_AUTOCONFIRM: false,
      MAILER_OTP_LENGTH: 6,
      MAILER_SECURE_EMAIL_CHANGE_ENABLED: true,
      RATE_LIMIT_ANONYMOUS_USERS: 30,
      MAILER_SUBJECTS_CONFIRMATION: null,
      MAILER_TEMPLATES_CONFIRMATION_CONTENT: null,
      MAILER_SUBJECTS_INVITE: null,
      MAILER_TEMPLATES_INVITE_CONTENT: null,
    });
  });

  it('stores every new setting, and the auth API sees the change at once', async () => {
    const before = await cachedAuthSettings(platform.ctx, ref); // now cached for 2 s
    expect(before.site_url).toBe('http://localhost:3000');
    const changes = {
      SITE_URL: 'https://app.example.com',
      URI_ALLOW_LIST: ' https://app.example.com/auth/callback , http://localhost:3000/**,,',
      JWT_EXP: 7200,
      DISABLE_SIGNUP: true,
      EXTERNAL_EMAIL_ENABLED: false,
      EXTERNAL_ANONYMOUS_USERS_ENABLED: true,
      MAILER_AUTOCONFIRM: true,
      MAILER_OTP_LENGTH: 8,
      MAILER_SECURE_EMAIL_CHANGE_ENABLED: false,
      RATE_LIMIT_ANONYMOUS_USERS: 50,
      MAILER_SUBJECTS_RECOVERY: 'New password for Acme',
      MAILER_TEMPLATES_RECOVERY_CONTENT: '<a href="{{ .ConfirmationURL }}">Reset</a> or {{ .Token }}',
      MAILER_SUBJECTS_MAGIC_LINK: '',
    };
    const changed = await org.owner.patch(config(), changes);
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      ...changes,
      URI_ALLOW_LIST: 'https://app.example.com/auth/callback,http://localhost:3000/**',
      MAILER_SUBJECTS_MAGIC_LINK: null, // empty is the default
    });
    expect((await org.owner.get(config())).body).toEqual(changed.body);
    const seen = await cachedAuthSettings(platform.ctx, ref);
    expect(seen).toMatchObject({
      site_url: 'https://app.example.com',
      jwt_exp: 7200,
      disable_signup: true,
      mailer_autoconfirm: true,
      mailer_otp_length: 8,
    });
    expect(seen.mailer_subjects_recovery).toBe('New password for Acme');

    const reset = await org.owner.patch(config(), { MAILER_SUBJECTS_RECOVERY: null, MAILER_TEMPLATES_RECOVERY_CONTENT: null });
    expect(reset.body).toMatchObject({
      MAILER_SUBJECTS_RECOVERY: null,
      MAILER_TEMPLATES_RECOVERY_CONTENT: null,
      SITE_URL: 'https://app.example.com',
    });
    expect((await cachedAuthSettings(platform.ctx, ref)).mailer_templates_recovery_content).toBeNull();
  });

  it.each([
    [{ SITE_URL: 'app.example.com' }, 'Site URL must be a valid URL'],
    [{ URI_ALLOW_LIST: 'https://ok.example.com, no good' }, 'Redirect URL "no good" must be a URL or a pattern'],
    [{ JWT_EXP: 5 }, 'JWT expiry must be at least 30'],
    [{ MAILER_OTP_LENGTH: 12 }, 'Email OTP length must be at most 10'],
    [{ RATE_LIMIT_ANONYMOUS_USERS: 0 }, 'Anonymous sign-ins per hour must be at least 1'],
    [{ MAILER_SUBJECTS_INVITE: 'x'.repeat(256) }, 'Invitation email subject must be at most 255 characters'],
    [{ DISABLE_SIGNUP: 'yes' }, 'DISABLE_SIGNUP'],
  ])('refuses %j with a message and changes nothing', async (body, message) => {
    const before = (await org.owner.get(config())).body;
    const answer = await org.owner.patch(config(), { JWT_EXP: 900, ...body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(message);
    expect((await org.owner.get(config())).body).toEqual(before);
  });

  it('refuses to turn on leaked password protection, and keeps it off', async () => {
    const answer = await org.owner.patch(config(), { PASSWORD_HIBP_ENABLED: true, PASSWORD_MIN_LENGTH: 12 });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(
      'Leaked password protection is not available in Basin yet: it needs the Have I Been Pwned service, which this install cannot reach',
    );
    const after = (await org.owner.get(config())).body;
    expect(after.PASSWORD_HIBP_ENABLED).toBe(false);
    expect(after.PASSWORD_MIN_LENGTH).not.toBe(12);
    expect((await org.owner.patch(config(), { PASSWORD_HIBP_ENABLED: false })).status).toBe(200);
  });
});

describe('cache', () => {
  it('answers cached findings until refresh=true runs the lints again', async () => {
    await runLints(org.owner);
    await query(connectionString, 'create table app.late (x int)');
    const late = (lints: Lint[]) => lints.some((l) => l.name === 'no_primary_key' && l.metadata.entity === 'app.late');
    expect(late((await runLints(org.owner, false)).body)).toBe(false);
    expect(late((await runLints(org.owner, true)).body)).toBe(true);
  });
});

describe('acknowledgements', () => {
  const acks = () => `/api/platform/projects/${ref}/advisors/acknowledgements`;

  it('flags an acknowledged finding with its note and member, and takes it back', async () => {
    const key = (await runLints(org.owner)).body.find((l) => l.name === 'no_primary_key' && l.metadata.entity === 'app.nopk')!.cache_key;
    const made = await org.developer.post(acks(), { cache_key: key, note: 'log table, no key on purpose' });
    expect(made.status).toBe(201);
    const flagged = (await runLints(org.owner, false)).body.find((l) => l.cache_key === key)!;
    expect(flagged.acknowledged).toMatchObject({ note: 'log table, no key on purpose', by: expect.stringContaining('developer') });
    expect((await reader.get(acks())).body).toEqual([expect.objectContaining({ cache_key: key })]);

    expect((await org.developer.delete(`${acks()}/${encodeURIComponent(key)}`)).status).toBe(200);
    expect((await runLints(org.owner, false)).body.find((l) => l.cache_key === key)!.acknowledged).toBeNull();
    expect((await org.developer.delete(`${acks()}/${encodeURIComponent(key)}`)).status).toBe(404);
  });
});

describe('exposed schemas', () => {
  it("follow the project's API setting", async () => {
    const exposedApp = (lints: Lint[]) => lints.some((l) => l.name === 'rls_disabled_in_public' && l.metadata.entity === 'app.fk_bad');
    expect(exposedApp((await runLints(org.owner)).body)).toBe(false);
    await updateApiSettings(platform.ctx.db, ref, { exposed_schemas: ['public', 'app'] });
    try {
      expect(exposedApp((await runLints(org.owner)).body)).toBe(true);
    } finally {
      await updateApiSettings(platform.ctx.db, ref, { exposed_schemas: ['public'] });
    }
  });
});

describe('API description', () => {
  it('lists the advisor routes in both OpenAPI documents', async () => {
    const platformDoc = await org.owner.get('/api/platform/openapi.json');
    const v1Doc = await org.owner.get('/api/v1/openapi.json');
    expect(Object.keys(platformDoc.body.paths)).toEqual(expect.arrayContaining(['/projects/{ref}/run-lints', '/auth/{ref}/config']));
    expect(Object.keys(v1Doc.body.paths)).toEqual(
      expect.arrayContaining(['/projects/{ref}/advisors/security', '/projects/{ref}/advisors/performance']),
    );
  });
});

describe('permissions', () => {
  it('lets Read-only members read but not acknowledge nor change auth settings', async () => {
    expect((await runLints(reader, false)).status).toBe(200);
    expect((await reader.get(`/api/v1/projects/${ref}/advisors/security`)).status).toBe(200);
    expect((await reader.get(`/api/platform/auth/${ref}/config`)).status).toBe(200);
    const ack = await reader.post(`/api/platform/projects/${ref}/advisors/acknowledgements`, { cache_key: 'no_primary_key_app_nopk' });
    expect(ack.status).toBe(403);
    expect(ack.body.message).toBe('You need additional permissions to acknowledge findings');
    expect((await reader.patch(`/api/platform/auth/${ref}/config`, { SMS_OTP_LENGTH: 8 })).status).toBe(403);
    expect((await org.developer.patch(`/api/platform/auth/${ref}/config`, { SMS_OTP_LENGTH: 8 })).status).toBe(403);
  });

  it('answers 404 to users outside the organization', async () => {
    for (const path of [
      `/api/platform/projects/${ref}/run-lints`,
      `/api/v1/projects/${ref}/advisors/performance`,
      `/api/platform/projects/${ref}/advisors/acknowledgements`,
      `/api/platform/auth/${ref}/config`,
    ]) {
      expect((await outsider.get(path)).status).toBe(404);
    }
    expect((await outsider.post(`/api/platform/projects/${ref}/advisors/acknowledgements`, { cache_key: 'x' })).status).toBe(404);
    expect((await outsider.patch(`/api/platform/auth/${ref}/config`, { SMS_OTP_LENGTH: 8 })).status).toBe(404);
  });
});
