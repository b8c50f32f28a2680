import { EXIT_SURVEY_REASONS, type Role } from '@basin/core';
import { newProjectRef } from '../src/kernel/secrets.ts';
import * as githubConnections from '../src/store/github-connections.ts';
import * as projects from '../src/store/projects.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createProject, startTestPlatform, uniqueEmail, type ApiAnswer } from './harness.ts';
import { signUpMember } from './membership.ts';

/**
 * Each role against each route: members with the permission get through, members without it
 * get 403 with a message, and users outside the organization get 404 for all of it.
 */
type Actor = Role | 'outsider';
const EVERYONE: Role[] = ['Owner', 'Administrator', 'Developer', 'Read-only'];
const ADMINS: Role[] = ['Owner', 'Administrator'];

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
const clients = new Map<Actor, ApiClient>();
/** A Read-only member per actor, for the member routes to act on. */
const targets = new Map<Actor, { id: string; email: string }>();
/** A pending Read-only invitation per actor, for the revoke route. */
const invitations = new Map<Actor, string>();
let slug: string;
let ref: string;

/** A project whose creation failed: lifecycle calls that pass the permission check meet a 409. */
let frozen: string;
/** One such project per actor, for the delete route (which succeeds for allowed roles). */
const doomed = new Map<Actor, string>();
let organizationId: number;
/** The matrix project's GitHub connection, and one more per actor for the delete route. */
let githubConnection: number;
const doomedConnections = new Map<Actor, number>();

interface RouteCase {
  name: string;
  allowed: Role[];
  call: (client: ApiClient, actor: Actor) => Promise<ApiAnswer<any>>;
  /** What a permitted call answers; by default any 2xx. */
  permitted?: (answer: ApiAnswer<any>) => boolean;
}

const org = () => `/api/platform/organizations/${slug}`;
const project = () => `/api/platform/projects/${ref}`;
const frozenProject = () => `/api/platform/projects/${frozen}`;
const conflict = (answer: ApiAnswer<any>) => answer.status === 409;
const github = '/api/platform/integrations/github';
/** Nothing listens there: calls that pass the permission check and ask GitHub meet a 502. */
const UNREACHABLE_GITHUB = 'http://127.0.0.1:1';

const ROUTES: RouteCase[] = [
  { name: 'GET organization', allowed: EVERYONE, call: (c) => c.get(org()) },
  { name: 'PATCH organization', allowed: ADMINS, call: (c) => c.patch(org(), { name: 'Matrix' }) },
  { name: 'GET subscription', allowed: ADMINS, call: (c) => c.get(`${org()}/billing/subscription`) },
  { name: 'PUT subscription', allowed: ADMINS, call: (c) => c.put(`${org()}/billing/subscription`, { plan: 'free' }) },
  { name: 'GET members', allowed: EVERYONE, call: (c) => c.get(`${org()}/members`) },
  {
    name: 'POST member (invite)',
    allowed: ADMINS,
    call: (c) => c.post(`${org()}/members`, { email: uniqueEmail('invitee'), role: 'Read-only' }),
  },
  { name: 'GET invitations', allowed: EVERYONE, call: (c) => c.get(`${org()}/invitations`) },
  { name: 'DELETE invitation', allowed: ADMINS, call: (c, a) => c.delete(`${org()}/invitations/${invitations.get(a)}`) },
  { name: 'PATCH member role', allowed: ADMINS, call: (c, a) => c.patch(`${org()}/members/${targets.get(a)!.id}`, { role: 'Developer' }) },
  { name: 'DELETE member', allowed: ADMINS, call: (c, a) => c.delete(`${org()}/members/${targets.get(a)!.id}`) },
  { name: 'GET projects of org', allowed: EVERYONE, call: (c) => c.get(`${org()}/projects`) },
  {
    name: 'POST available-versions',
    allowed: EVERYONE,
    call: (c) => c.post(`${org()}/available-versions`, { provider: 'local', region: 'local' }),
  },
  {
    // A version that is not offered: allowed roles pass the permission check and meet the 400.
    name: 'POST project',
    allowed: ADMINS,
    call: (c) =>
      c.post('/api/platform/projects', {
        name: 'x',
        organization_slug: slug,
        region: 'local',
        postgres_engine: '17',
        release_channel: 'beta',
      }),
    permitted: (a) => a.status === 400 && a.body.message === 'This Postgres version is not available',
  },
  { name: 'GET project', allowed: EVERYONE, call: (c) => c.get(project()) },
  { name: 'PATCH project', allowed: ADMINS, call: (c) => c.patch(project(), { name: 'Matrix project' }) },
  { name: 'GET project status', allowed: EVERYONE, call: (c) => c.get(`${project()}/status`) },
  {
    name: 'GET REST health',
    allowed: EVERYONE,
    call: (c) => c.get(`/api/projects/${ref}/api/rest`),
    permitted: (a) => [200, 503].includes(a.status),
  },
  { name: 'POST pause', allowed: ADMINS, call: (c) => c.post(`${frozenProject()}/pause`), permitted: conflict },
  { name: 'GET pause status', allowed: EVERYONE, call: (c) => c.get(`${frozenProject()}/pause/status`) },
  { name: 'POST restart', allowed: ADMINS, call: (c) => c.post(`${frozenProject()}/restart`), permitted: conflict },
  { name: 'POST resize', allowed: ADMINS, call: (c) => c.post(`${frozenProject()}/resize`, { compute: 'ci_small' }), permitted: conflict },
  { name: 'POST restore', allowed: ADMINS, call: (c) => c.post(`${frozenProject()}/restore`, {}), permitted: conflict },
  { name: 'GET restore versions', allowed: EVERYONE, call: (c) => c.get(`${frozenProject()}/restore/versions`) },
  { name: 'GET members at the free project limit', allowed: EVERYONE, call: (c) => c.get(`${org()}/members/reached-free-project-limit`) },
  {
    name: 'POST upgrade',
    allowed: ADMINS,
    call: (c) => c.post(`/api/v1/projects/${frozen}/upgrade`, { target_version: '17' }),
    permitted: (a) => [400, 409].includes(a.status),
  },
  { name: 'GET upgrade status', allowed: EVERYONE, call: (c) => c.get(`/api/v1/projects/${frozen}/upgrade/status`) },
  { name: 'GET downloadable backups', allowed: EVERYONE, call: (c) => c.get(`/api/platform/database/${ref}/backups/downloadable-backups`) },
  {
    name: 'POST backup download',
    allowed: ADMINS,
    call: (c) => c.post(`/api/platform/database/${ref}/backups/download`, { id: 1 }),
    permitted: (a) => a.status === 404 && a.body.message === 'No backups available for download',
  },
  {
    name: 'POST exit survey',
    allowed: EVERYONE,
    call: (c) =>
      c.post('/api/platform/feedback/downgrade', { orgSlug: slug, reasons: [EXIT_SURVEY_REASONS[0]!.value], exitAction: 'delete' }),
  },
  { name: 'DELETE project', allowed: ADMINS, call: (c, actor) => c.delete(`/api/platform/projects/${doomed.get(actor)}`) },
  // Database tooling: on the failed project, calls past the permission check find no database.
  { name: 'GET pg-meta tables', allowed: EVERYONE, call: (c) => c.get(`/api/platform/pg-meta/${frozen}/tables`), permitted: conflict },
  { name: 'GET API description', allowed: EVERYONE, call: (c) => c.get(`${frozenProject()}/api/rest`), permitted: conflict },
  {
    name: 'GET TypeScript types',
    allowed: EVERYONE,
    call: (c) => c.get(`/api/v1/projects/${frozen}/types/typescript`),
    permitted: conflict,
  },
  { name: 'GET run-lints', allowed: EVERYONE, call: (c) => c.get(`${frozenProject()}/run-lints`), permitted: conflict },
  { name: 'GET PostgREST config', allowed: EVERYONE, call: (c) => c.get(`${project()}/config/postgrest`) },
  { name: 'PATCH PostgREST config', allowed: ADMINS, call: (c) => c.patch(`${project()}/config/postgrest`, { db_schema: 'public' }) },
  { name: 'GET auth config', allowed: EVERYONE, call: (c) => c.get(`/api/platform/auth/${ref}/config`) },
  { name: 'PATCH auth config', allowed: ADMINS, call: (c) => c.patch(`/api/platform/auth/${ref}/config`, { PASSWORD_MIN_LENGTH: 8 }) },
  {
    name: 'POST lint acknowledgement',
    allowed: ['Owner', 'Administrator', 'Developer'],
    call: (c) => c.post(`${project()}/advisors/acknowledgements`, { cache_key: 'no_primary_key_public_matrix', note: 'known' }),
  },
  {
    name: 'POST SQL query',
    allowed: EVERYONE,
    call: (c) => c.post(`/api/platform/pg-meta/${frozen}/query`, { query: 'select 1' }),
    permitted: (a) => a.status === 503,
  },
  // The table editor's rows: reads for everyone, writes for members who act as postgres; past the check the failed project answers 503.
  { name: 'GET table rows', allowed: EVERYONE, call: (c) => c.get(`${frozenProject()}/rest/v1/items`), permitted: (a) => a.status === 503 },
  {
    name: 'POST table row',
    allowed: ['Owner', 'Administrator', 'Developer'],
    call: (c) => c.post(`${frozenProject()}/rest/v1/items`, { name: 'x' }),
    permitted: (a) => a.status === 503,
  },
  // Read-only members read the settings without keys or secret (api-keys.test.ts checks the content).
  { name: 'GET project settings', allowed: EVERYONE, call: (c) => c.get(`${project()}/settings`) },
  { name: 'GET JWT secret update status', allowed: EVERYONE, call: (c) => c.get(`${project()}/config/secrets/update-status`) },
  { name: 'POST JWT secret rotation', allowed: ADMINS, call: (c) => c.post(`${project()}/config/secrets`) },
  { name: 'GET logs.all', allowed: EVERYONE, call: (c) => c.get(`${project()}/analytics/endpoints/logs.all?sql=select%201`) },
  { name: 'GET log retention', allowed: EVERYONE, call: (c) => c.get(`${project()}/analytics/log-retention`) },
  { name: 'PUT log retention', allowed: ADMINS, call: (c) => c.put(`${project()}/analytics/log-retention`, { retention_days: 7 }) },
  { name: 'GET custom hostname', allowed: EVERYONE, call: (c) => c.get(`/api/v1/projects/${ref}/custom-hostname`) },
  { name: 'GET disk', allowed: EVERYONE, call: (c) => c.get(`${project()}/disk`) },
  { name: 'GET disk history', allowed: EVERYONE, call: (c) => c.get(`${project()}/disk/history`) },
  {
    // The first permitted change starts the disk cooldown, which refuses the next one.
    name: 'POST disk',
    allowed: ADMINS,
    call: (c) => c.post(`${project()}/disk`, { attributes: { type: 'gp3', size_gb: 10, iops: 3000, throughput_mbps: 125 } }),
    permitted: (a) => a.status === 200 || (a.status === 400 && /cooldown/.test(a.body.message)),
  },
  { name: 'GET resource warnings', allowed: EVERYONE, call: (c) => c.get(`/api/platform/projects-resource-warnings?ref=${ref}`) },
  { name: 'GET add-ons', allowed: EVERYONE, call: (c) => c.get(`${project()}/billing/addons`) },
  { name: 'GET infrastructure', allowed: EVERYONE, call: (c) => c.get(`${project()}/infrastructure`) },
  {
    name: 'POST add-on',
    allowed: ADMINS,
    call: (c) => c.post(`${frozenProject()}/billing/addons`, { addon_type: 'compute_instance', addon_variant: 'ci_small' }),
    permitted: conflict,
  },
  {
    // The failed project runs on the default size: allowed roles pass the permission check and meet the 400.
    name: 'DELETE add-on',
    allowed: ADMINS,
    call: (c) => c.delete(`${frozenProject()}/billing/addons/ci_small`),
    permitted: (a) => a.status === 400 && /not an add-on/.test(a.body.message),
  },
  { name: 'GET branches', allowed: EVERYONE, call: (c) => c.get(`/api/v1/projects/${ref}/branches`) },
  {
    // The free plan refuses branches after the permission check.
    name: 'POST branch',
    allowed: ['Owner', 'Administrator', 'Developer'],
    call: (c) => c.post(`/api/v1/projects/${ref}/branches`, { branch_name: 'feature' }),
    permitted: (a) => a.status === 400,
  },
  { name: 'GET GitHub connections', allowed: EVERYONE, call: (c) => c.get(`${github}/connections?organization_id=${organizationId}`) },
  {
    // The project is connected already: allowed roles pass the permission check and meet the 400 before GitHub is asked.
    name: 'POST GitHub connection',
    allowed: ADMINS,
    call: (c) =>
      c.post(`${github}/connections`, { organization_id: organizationId, project_ref: ref, repository: 'acme/web', token: 'ghp_x' }),
    permitted: (a) => a.status === 400 && /already connected/.test(a.body.message),
  },
  {
    name: 'PATCH GitHub connection',
    allowed: ADMINS,
    call: (c) => c.patch(`${github}/connections/${githubConnection}`, { gitless_branching: true }),
  },
  {
    name: 'DELETE GitHub connection',
    allowed: ADMINS,
    call: (c, actor) => c.delete(`${github}/connections/${doomedConnections.get(actor)}`),
  },
  {
    name: 'GET GitHub branch check',
    allowed: EVERYONE,
    call: (c) => c.get(`${github}/repositories/4242/branches/main`),
    permitted: (a) => a.status === 502,
  },
  { name: 'GET snippets', allowed: EVERYONE, call: (c) => c.get(`${project()}/snippets`) },
  {
    name: 'POST snippet',
    allowed: ['Owner', 'Administrator', 'Developer'],
    call: (c) => c.post(`${project()}/snippets`, { name: 'Mine', sql: 'select 1' }),
  },
];

beforeAll(async () => {
  platform = await startTestPlatform({ githubApiUrl: UNREACHABLE_GITHUB });
  const owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('owner'));
  clients.set('Owner', owner);
  slug = (await owner.post('/api/platform/organizations', { name: 'Matrix' })).body.slug;
  organizationId = (await owner.get(org())).body.id;
  for (const role of ['Administrator', 'Developer', 'Read-only'] as const) {
    clients.set(role, await signUpMember(owner, slug, role, role.toLowerCase()));
  }
  const outsider = new ApiClient(platform.url);
  await outsider.signUp(uniqueEmail('outsider'));
  clients.set('outsider', outsider);
  for (const actor of clients.keys()) {
    targets.set(actor, (await signUpMember(owner, slug, 'Read-only', 'target')).user);
    invitations.set(actor, (await owner.post(`${org()}/members`, { email: uniqueEmail('invited'), role: 'Read-only' })).body.id);
  }
  ref = await createProject(owner, slug, 'Matrix project');
  frozen = await failedProject();
  for (const actor of clients.keys()) doomed.set(actor, await failedProject());
  githubConnection = await connectToGitHub(ref);
  for (const actor of clients.keys()) doomedConnections.set(actor, await connectToGitHub(await failedProject()));
});

/** A connection stored as the POST route would after GitHub had seen the token. */
async function connectToGitHub(projectRef: string): Promise<number> {
  return githubConnections.insert(platform.ctx.db, {
    organization_id: organizationId,
    project_id: (await projects.findByRef(platform.ctx.db, projectRef))!.id,
    repository_id: 4242,
    repository_name: 'acme/web',
    token: platform.ctx.box.seal('ghp_x'),
  });
}

async function failedProject(): Promise<string> {
  const ref = newProjectRef();
  const { id } = (await platform.ctx.db.query<{ id: number }>('select id from organizations where slug = $1', [slug])).rows[0]!;
  await projects.insert(platform.ctx.db, {
    ref,
    organization_id: id,
    name: 'Failed',
    status: 'INIT_FAILED',
    region: 'local',
    postgres_major: '15',
    server_version: '15.18.0',
    compute_size: 'micro',
    port: null,
    db_password: platform.ctx.box.seal('unused'),
    readonly_password: platform.ctx.box.seal('unused'),
  });
  return ref;
}
afterAll(() => platform?.destroy());

describe.each(ROUTES)('$name', (route) => {
  it.each([...EVERYONE, 'outsider'] as Actor[])('as %s', async (actor) => {
    const answer = await route.call(clients.get(actor)!, actor);
    if (actor === 'outsider') {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toMatch(/not found/);
    } else if (route.allowed.includes(actor)) {
      const permitted = route.permitted ?? ((a: ApiAnswer) => a.status >= 200 && a.status < 300);
      expect(permitted(answer), `${answer.status} ${JSON.stringify(answer.body)}`).toBe(true);
    } else {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toEqual(expect.any(String));
    }
  });
});

describe('invitee routes', () => {
  // They belong to no organization: whoever the caller is, an invitation addressed to someone else is not found.
  it.each([...EVERYONE, 'outsider'] as Actor[])("as %s: someone else's invitation is not found", async (actor) => {
    const { body: invitation } = await clients.get('Owner')!.post(`${org()}/members`, { email: uniqueEmail('someone'), role: 'Read-only' });
    const client = clients.get(actor)!;
    expect(await client.get('/api/platform/profile/invitations')).toEqual({ status: 200, body: [] });
    const notFound = { status: 404, body: { message: 'Invitation not found' } };
    expect(await client.post(`/api/platform/profile/invitations/${invitation.id}/accept`)).toEqual(notFound);
    expect(await client.post(`/api/platform/profile/invitations/${invitation.id}/decline`)).toEqual(notFound);
  });

  it('answers 401 without a session', async () => {
    const anonymous = new ApiClient(platform.url);
    const id = invitations.get('Owner')!;
    expect((await anonymous.get('/api/platform/profile/invitations')).status).toBe(401);
    expect((await anonymous.post(`/api/platform/profile/invitations/${id}/accept`)).status).toBe(401);
    expect((await anonymous.post(`/api/platform/profile/invitations/${id}/decline`)).status).toBe(401);
  });
});

describe('connection strings', () => {
  it('shows the superuser string to builders and only the read-only one to Read-only members', async () => {
    const asDeveloper = (await clients.get('Developer')!.get(project())).body;
    const asReader = (await clients.get('Read-only')!.get(project())).body;
    expect(asDeveloper.connectionString).toMatch(/^postgresql:\/\/postgres:/);
    expect(asReader.connectionString).toBeNull();
    expect(asReader.connectionStringReadOnly).toMatch(/^postgresql:\/\/basin_readonly:/);
  });
});
