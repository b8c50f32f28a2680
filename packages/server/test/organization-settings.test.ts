import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAG_DEFAULTS, ORGANIZATION_SETTINGS_MESSAGES, SUBSCRIPTION_CHANGES_DISABLED } from '@basin/core';
import { setOrganizationOverride } from '../src/store/feature-flags.ts';
import { loadInstallFeatureFlags } from '../src/services/account/feature-flags.ts';
import { ApiClient, createProject, startTestPlatform, uniqueEmail } from './harness.ts';
import { signUpMember } from './membership.ts';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let owner: ApiClient;
let admin: ApiClient;
let developer: ApiClient;
let readOnly: ApiClient;
let outsider: ApiClient;
let slug: string;
let organizationId: number;

const previousFlags = process.env.BASIN_FEATURE_FLAGS;

beforeAll(async () => {
  // The install switches the data level off and the version selector off; an organization may differ.
  process.env.BASIN_FEATURE_FLAGS = 'aiOptInLevelSchemaAndLogAndData=false, showPostgresVersionSelector=false';
  platform = await startTestPlatform();
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('owner'));
  outsider = new ApiClient(platform.url);
  await outsider.signUp(uniqueEmail('outsider'));
  const created = await owner.post('/api/platform/organizations', { name: 'Settings' });
  slug = created.body.slug;
  organizationId = created.body.id;
  admin = await signUpMember(owner, slug, 'Administrator', 'admin');
  developer = await signUpMember(owner, slug, 'Developer', 'developer');
  readOnly = await signUpMember(owner, slug, 'Read-only', 'readonly');
});
afterAll(async () => {
  if (previousFlags === undefined) delete process.env.BASIN_FEATURE_FLAGS;
  else process.env.BASIN_FEATURE_FLAGS = previousFlags;
  await platform?.destroy();
});

const orgPath = () => `/api/platform/organizations/${slug}`;

describe('organization settings', () => {
  it('starts with no opt-in tags and no additional billing emails', async () => {
    expect((await owner.get(orgPath())).body).toMatchObject({ opt_in_tags: [], additional_billing_emails: [] });
  });

  it('stores opt-in tags and additional billing emails, and answers them to every member', async () => {
    const updated = await owner.patch(orgPath(), {
      opt_in_tags: ['AI_LOG', 'AI_SQL'],
      additional_billing_emails: ['ops@acme.test', ' Ops@acme.test', 'cfo@acme.test'],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      opt_in_tags: ['AI_SQL', 'AI_LOG'],
      additional_billing_emails: ['ops@acme.test', 'cfo@acme.test'],
    });

    const seen = await readOnly.get(orgPath());
    expect(seen.body).toMatchObject({ opt_in_tags: ['AI_SQL', 'AI_LOG'], additional_billing_emails: ['ops@acme.test', 'cfo@acme.test'] });
    const listed = (await developer.get('/api/platform/organizations')).body.find((o: { slug: string }) => o.slug === slug);
    expect(listed.opt_in_tags).toEqual(['AI_SQL', 'AI_LOG']);

    // An Administrator may change it too; only the fields sent change.
    expect((await admin.patch(orgPath(), { opt_in_tags: [] })).body).toMatchObject({
      opt_in_tags: [],
      additional_billing_emails: ['ops@acme.test', 'cfo@acme.test'],
      name: 'Settings',
    });
    const stored = await platform.ctx.db.query('select opt_in_tags from organizations where id = $1', [organizationId]);
    expect(stored.rows[0].opt_in_tags).toEqual([]);
  });

  it('refuses a bad level or email with 400 and changes nothing', async () => {
    await owner.patch(orgPath(), {
      opt_in_tags: ['AI_SQL'],
      billing_email: 'billing@acme.test',
      additional_billing_emails: ['ops@acme.test'],
    });
    const before = (await owner.get(orgPath())).body;

    const refusals = [
      [{ opt_in_tags: ['AI_LOG'], name: 'Changed' }, /^opt_in_tags must be the tags of one AI opt-in level/],
      [{ opt_in_tags: ['AI_EVERYTHING'] }, /^Unknown AI opt-in tag: AI_EVERYTHING$/],
      [{ opt_in_tags: 'schema' }, /opt_in_tags/],
      [
        { additional_billing_emails: ['ok@acme.test', 'not-an-email'], name: 'Changed' },
        /^Additional billing email "not-an-email" is not a valid email address$/,
      ],
      [{ billing_email: 'nope' }, /^Billing email must be a valid email address$/],
    ] as const;
    for (const [body, message] of refusals) {
      const answer = await owner.patch(orgPath(), body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    expect((await owner.get(orgPath())).body).toEqual(before);
  });

  it('refuses Developers and Read-only members with 403, and outsiders with 404', async () => {
    for (const member of [developer, readOnly]) {
      expect(await member.patch(orgPath(), { opt_in_tags: ['AI_SQL', 'AI_LOG', 'AI_DATA'] })).toEqual({
        status: 403,
        body: { message: ORGANIZATION_SETTINGS_MESSAGES.noUpdatePermission },
      });
    }
    expect((await outsider.patch(orgPath(), { opt_in_tags: [] })).status).toBe(404);
    expect((await owner.get(orgPath())).body.opt_in_tags).toEqual(['AI_SQL']);
  });
});

describe('feature flags', () => {
  it('answers the defaults with the install overrides from BASIN_FEATURE_FLAGS', async () => {
    const install = await developer.get('/api/platform/feature-flags');
    expect(install).toEqual({
      status: 200,
      body: { ...FEATURE_FLAG_DEFAULTS, aiOptInLevelSchemaAndLogAndData: false, showPostgresVersionSelector: false },
    });
    expect((await readOnly.get(`${orgPath()}/feature-flags`)).body).toEqual(install.body);
    expect((await new ApiClient(platform.url).get('/api/platform/feature-flags')).status).toBe(401);
  });

  it("puts an organization's own overrides on top, for that organization only", async () => {
    const other = (await owner.post('/api/platform/organizations', { name: 'Other' })).body.slug;
    await setOrganizationOverride(platform.ctx.db, organizationId, 'aiOptInLevelSchemaAndLogAndData', true);
    await setOrganizationOverride(platform.ctx.db, organizationId, 'assistantEnabled', false);
    await platform.ctx.db.query(
      "insert into organization_feature_flags (organization_id, name, enabled) values ($1, 'retiredFlag', true)",
      [organizationId],
    );

    expect((await developer.get(`${orgPath()}/feature-flags`)).body).toEqual({
      ...FEATURE_FLAG_DEFAULTS,
      aiOptInLevelSchemaAndLogAndData: true,
      showPostgresVersionSelector: false,
      assistantEnabled: false,
    });
    expect((await owner.get(`/api/platform/organizations/${other}/feature-flags`)).body).toMatchObject({
      aiOptInLevelSchemaAndLogAndData: false,
      assistantEnabled: true,
    });
    expect((await outsider.get(`${orgPath()}/feature-flags`)).status).toBe(404);
  });

  it('refuses plan changes while subscriptionChangesEnabled is off for the organization', async () => {
    const subscription = `${orgPath()}/billing/subscription`;
    await setOrganizationOverride(platform.ctx.db, organizationId, 'subscriptionChangesEnabled', false);
    expect(await owner.put(subscription, { plan: 'pro' })).toEqual({ status: 403, body: { message: SUBSCRIPTION_CHANGES_DISABLED } });
    await setOrganizationOverride(platform.ctx.db, organizationId, 'subscriptionChangesEnabled', true);
    expect((await owner.put(subscription, { plan: 'pro' })).status).toBe(200);
  });

  it('names an unknown flag or value in BASIN_FEATURE_FLAGS', () => {
    expect(() => loadInstallFeatureFlags({ BASIN_FEATURE_FLAGS: 'assistantEnabld=false' })).toThrow(
      /^BASIN_FEATURE_FLAGS: Unknown feature flag "assistantEnabld"/,
    );
    expect(() => loadInstallFeatureFlags({ BASIN_FEATURE_FLAGS: 'assistantEnabled=sometimes' })).toThrow(/needs =true or =false/);
    loadInstallFeatureFlags(); // back to the environment of this run
  });
});

describe('telemetry', () => {
  const events = () =>
    platform.ctx.db.query<{
      event: string;
      user_id: string | null;
      organization_id: number | null;
      project_ref: string | null;
      properties: unknown;
    }>('select event, user_id, organization_id, project_ref, properties from telemetry_events order by id');

  it('stores known usage events with the user and the organization given, and refuses unknown ones', async () => {
    const { body: profile } = await developer.get('/api/platform/profile');
    const before = (await events()).rows.length;
    expect(
      await developer.post('/api/platform/telemetry/event', {
        action: 'assistant_prompt_submitted',
        properties: { model: 'gpt-5-mini', length: 42 },
        groups: { organization: slug },
      }),
    ).toEqual({ status: 204, body: null });
    expect((await developer.post('/api/platform/telemetry/event', { action: 'edge_function_deploy_button_clicked' })).status).toBe(204);
    const ref = await createProject(owner, slug, 'Tracked');
    const rated = {
      action: 'assistant_message_rating_submitted',
      properties: { rating: 'positive' },
      groups: { project: ref, organization: slug },
    };
    expect((await developer.post('/api/platform/telemetry/event', rated)).status).toBe(204);
    const other = (await owner.post('/api/platform/organizations', { name: 'Elsewhere' })).body.slug;
    expect(await owner.post('/api/platform/telemetry/event', { ...rated, groups: { project: ref, organization: other } })).toEqual({
      status: 400,
      body: { message: 'The project is not in this organization' },
    });

    expect(await developer.post('/api/platform/telemetry/event', { action: 'page_viewed' })).toEqual({
      status: 400,
      body: { message: 'Unknown usage event: page_viewed' },
    });
    expect(
      (await developer.post('/api/platform/telemetry/event', { action: 'assistant_prompt_submitted', properties: { deep: { a: 1 } } }))
        .status,
    ).toBe(400);
    expect(
      (await outsider.post('/api/platform/telemetry/event', { action: 'assistant_prompt_submitted', groups: { organization: slug } }))
        .status,
    ).toBe(404);
    expect(
      (
        await developer.post('/api/platform/telemetry/event', {
          action: 'assistant_prompt_submitted',
          groups: { project: 'nosuchprojectref' },
        })
      ).status,
    ).toBe(404);
    expect((await new ApiClient(platform.url).post('/api/platform/telemetry/event', { action: 'assistant_prompt_submitted' })).status).toBe(
      401,
    );

    expect((await events()).rows.slice(before)).toEqual([
      {
        event: 'assistant_prompt_submitted',
        user_id: profile.id,
        organization_id: organizationId,
        project_ref: null,
        properties: { model: 'gpt-5-mini', length: 42 },
      },
      { event: 'edge_function_deploy_button_clicked', user_id: profile.id, organization_id: null, project_ref: null, properties: {} },
      {
        event: 'assistant_message_rating_submitted',
        user_id: profile.id,
        organization_id: organizationId,
        project_ref: ref,
        properties: { rating: 'positive' },
      },
    ]);
  });

  it('stores feature-flag tracks of known flags', async () => {
    const before = (await events()).rows.length;
    expect(
      await owner.post('/api/platform/telemetry/feature-flags/track', { feature_flag_name: 'assistantEnabled', feature_flag_value: true }),
    ).toEqual({
      status: 204,
      body: null,
    });
    expect(
      (await owner.post('/api/platform/telemetry/feature-flags/track', { feature_flag_name: 'madeUp', feature_flag_value: true })).body,
    ).toEqual({
      message: 'Unknown feature flag: madeUp',
    });
    expect((await events()).rows.slice(before)).toEqual([
      expect.objectContaining({
        event: 'feature_flag_called',
        properties: { feature_flag_name: 'assistantEnabled', feature_flag_value: true },
      }),
    ]);
  });
});
