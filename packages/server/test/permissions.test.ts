import type { Role } from '@basin/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestPlatform, uniqueEmail, type ApiAnswer } from './harness.ts';

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
let slug: string;
let ref: string;

interface RouteCase {
  name: string;
  allowed: Role[];
  call: (client: ApiClient, actor: Actor) => Promise<ApiAnswer<any>>;
}

const org = () => `/api/platform/organizations/${slug}`;
const project = () => `/api/platform/projects/${ref}`;

const ROUTES: RouteCase[] = [
  { name: 'GET organization', allowed: EVERYONE, call: (c) => c.get(org()) },
  { name: 'PATCH organization', allowed: ADMINS, call: (c) => c.patch(org(), { name: 'Matrix' }) },
  { name: 'GET subscription', allowed: ADMINS, call: (c) => c.get(`${org()}/billing/subscription`) },
  { name: 'PUT subscription', allowed: ADMINS, call: (c) => c.put(`${org()}/billing/subscription`, { plan: 'free' }) },
  { name: 'GET members', allowed: EVERYONE, call: (c) => c.get(`${org()}/members`) },
  {
    name: 'POST member (invite)',
    allowed: ADMINS,
    call: async (c) => {
      const invitee = await new ApiClient(platform.url).signUp(uniqueEmail('invitee'));
      return c.post(`${org()}/members`, { email: invitee.email, role: 'Read-only' });
    },
  },
  { name: 'PATCH member role', allowed: ADMINS, call: (c, a) => c.patch(`${org()}/members/${targets.get(a)!.id}`, { role: 'Developer' }) },
  { name: 'DELETE member', allowed: ADMINS, call: (c, a) => c.delete(`${org()}/members/${targets.get(a)!.id}`) },
  { name: 'GET projects of org', allowed: EVERYONE, call: (c) => c.get(`${org()}/projects`) },
  { name: 'POST available-versions', allowed: EVERYONE, call: (c) => c.post(`${org()}/available-versions`, { provider: 'local', region: 'local' }) },
  {
    // A version that is not offered: allowed roles pass the permission check and meet the 400.
    name: 'POST project',
    allowed: ADMINS,
    call: (c) => c.post('/api/platform/projects', { name: 'x', organization_slug: slug, region: 'local', postgres_engine: '17', release_channel: 'beta' }),
  },
  { name: 'GET project', allowed: EVERYONE, call: (c) => c.get(project()) },
  { name: 'PATCH project', allowed: ADMINS, call: (c) => c.patch(project(), { name: 'Matrix project' }) },
  { name: 'GET project status', allowed: EVERYONE, call: (c) => c.get(`${project()}/status`) },
];

beforeAll(async () => {
  platform = await startTestPlatform();
  const owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('owner'));
  clients.set('Owner', owner);
  slug = (await owner.post('/api/platform/organizations', { name: 'Matrix' })).body.slug;
  for (const role of ['Administrator', 'Developer', 'Read-only'] as const) {
    const client = new ApiClient(platform.url);
    const user = await client.signUp(uniqueEmail(role.toLowerCase()));
    await owner.post(`${org()}/members`, { email: user.email, role });
    clients.set(role, client);
  }
  const outsider = new ApiClient(platform.url);
  await outsider.signUp(uniqueEmail('outsider'));
  clients.set('outsider', outsider);
  for (const actor of clients.keys()) {
    const target = await new ApiClient(platform.url).signUp(uniqueEmail('target'));
    await owner.post(`${org()}/members`, { email: target.email, role: 'Read-only' });
    targets.set(actor, target);
  }
  ref = (
    await owner.post('/api/platform/projects', { name: 'Matrix project', organization_slug: slug, region: 'local', postgres_engine: '17', release_channel: 'ga' })
  ).body.ref;
});
afterAll(() => platform?.destroy());

describe.each(ROUTES)('$name', (route) => {
  it.each([...EVERYONE, 'outsider'] as Actor[])('as %s', async (actor) => {
    const answer = await route.call(clients.get(actor)!, actor);
    if (actor === 'outsider') {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toMatch(/not found/);
    } else if (route.allowed.includes(actor)) {
      expect([200, 201, 204, 400]).toContain(answer.status);
      if (answer.status === 400) expect(answer.body.message).toBe('This Postgres version is not available');
    } else {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toEqual(expect.any(String));
    }
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
