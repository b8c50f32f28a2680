import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestPlatform, uniqueEmail } from './harness.ts';
import { addMember, signUpMember } from './membership.ts';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let owner: ApiClient;

beforeAll(async () => {
  platform = await startTestPlatform();
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('owner'));
});
afterAll(() => platform?.destroy());

describe('organizations', () => {
  it('creates an organization with a unique slug from its name; the creator is Owner on the free plan', async () => {
    const first = await owner.post('/api/platform/organizations', { name: 'Ünïcorn Labs!' });
    const second = await owner.post('/api/platform/organizations', { name: 'Unicorn labs' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ slug: 'unicorn-labs', name: 'Ünïcorn Labs!', role: 'Owner', plan: { id: 'free' } });
    expect(second.body.slug).toBe('unicorn-labs-2');

    const list = await owner.get('/api/platform/organizations');
    expect(list.body.map((o: { slug: string }) => o.slug)).toEqual(expect.arrayContaining(['unicorn-labs', 'unicorn-labs-2']));
    expect((await owner.get('/api/platform/organizations/unicorn-labs')).body.name).toBe('Ünïcorn Labs!');
  });

  it('renames an organization, ignores empty fields and rejects bad input without changing anything', async () => {
    const { body: org } = await owner.post('/api/platform/organizations', { name: 'Rename me' });
    const renamed = await owner.patch(`/api/platform/organizations/${org.slug}`, { name: '  Renamed  ' });
    expect(renamed.body).toMatchObject({ name: 'Renamed', slug: org.slug });

    const billed = await owner.patch(`/api/platform/organizations/${org.slug}`, { name: '', billing_email: 'billing@acme.test' });
    expect(billed).toMatchObject({ status: 200, body: { name: 'Renamed', billing_email: 'billing@acme.test' } });
    const unchanged = await owner.patch(`/api/platform/organizations/${org.slug}`, { name: ' ', billing_email: '' });
    expect(unchanged).toMatchObject({ status: 200, body: { name: 'Renamed', billing_email: 'billing@acme.test' } });
    expect(await owner.patch(`/api/platform/organizations/${org.slug}`, { billing_email: 'not an email' })).toEqual({
      status: 400,
      body: { message: 'Billing email must be a valid email address' },
    });
    expect((await owner.patch(`/api/platform/organizations/${org.slug}`, {})).status).toBe(400);
    expect((await owner.post('/api/platform/organizations', { name: 'x'.repeat(65) })).body.message).toBe(
      'Name must be at most 64 characters',
    );
    expect((await owner.get(`/api/platform/organizations/${org.slug}`)).body.name).toBe('Renamed');
  });

  it('answers malformed JSON and unknown routes with a clear message, never a stack trace', async () => {
    const response = await fetch(`${platform.url}/api/platform/organizations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: owner.cookie, origin: platform.url },
      body: '{ nope',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string };
    expect(body.message).toMatch(/json/i);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts/);
    expect(await owner.get('/api/platform/nothing-here')).toEqual({ status: 404, body: { message: 'No such API route' } });
  });

  it('reads and changes the plan of the subscription', async () => {
    const { body: org } = await owner.post('/api/platform/organizations', { name: 'Billing' });
    const path = `/api/platform/organizations/${org.slug}/billing/subscription`;
    expect((await owner.get(path)).body).toEqual({ plan: { id: 'free', name: 'Free' } });
    expect((await owner.put(path, { plan: 'pro' })).body).toEqual({ plan: { id: 'pro', name: 'Pro' } });
    expect((await owner.put(path, { plan: 'platinum' })).status).toBe(400);
    expect((await owner.get(`/api/platform/organizations/${org.slug}`)).body.plan.id).toBe('pro');
  });

  it('publishes the OpenAPI document of the platform API', async () => {
    const doc = await new ApiClient(platform.url).get('/api/platform/openapi.json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/organizations', '/organizations/{slug}/billing/subscription', '/projects/{ref}/status']),
    );
    expect(doc.body.components.schemas).toHaveProperty('Project');
  });
});

describe('members', () => {
  it('adds a user who accepts an invitation, changes the role, removes them', async () => {
    const { body: org } = await owner.post('/api/platform/organizations', { name: 'Team' });
    const base = `/api/platform/organizations/${org.slug}/members`;
    const dev = new ApiClient(platform.url);
    const devUser = await dev.signUp(uniqueEmail('dev'));

    expect((await dev.get(`/api/platform/organizations/${org.slug}`)).status).toBe(404);
    await addMember(owner, org.slug, dev, 'Developer');
    expect((await dev.get(`/api/platform/organizations/${org.slug}`)).body.role).toBe('Developer');
    expect((await owner.post(base, { email: devUser.email, role: 'Developer' })).status).toBe(409);

    expect((await owner.patch(`${base}/${devUser.id}`, { role: 'Administrator' })).body.role).toBe('Administrator');
    expect((await owner.patch(`${base}/${devUser.id}`, { role: 'Boss' })).status).toBe(400);
    expect((await owner.delete(`${base}/${devUser.id}`)).status).toBe(204);
    expect((await dev.get(`/api/platform/organizations/${org.slug}`)).status).toBe(404);
  });

  it('never removes or demotes the last Owner, and only Owners manage Owners', async () => {
    const { body: org } = await owner.post('/api/platform/organizations', { name: 'Owners' });
    const base = `/api/platform/organizations/${org.slug}/members`;
    const { body: me } = await owner.get('/api/platform/profile');
    const lastOwner = { status: 400, body: { message: 'An organization must keep at least one Owner' } };
    expect(await owner.delete(`${base}/${me.id}`)).toEqual(lastOwner);
    expect(await owner.patch(`${base}/${me.id}`, { role: 'Developer' })).toEqual(lastOwner);

    const admin = await signUpMember(owner, org.slug, 'Administrator', 'admin');
    const adminUser = admin.user;
    expect((await admin.patch(`${base}/${me.id}`, { role: 'Developer' })).status).toBe(403);
    expect((await admin.delete(`${base}/${me.id}`)).status).toBe(403);
    expect((await admin.patch(`${base}/${adminUser.id}`, { role: 'Owner' })).status).toBe(403);

    // With a second Owner the first may step down.
    await owner.patch(`${base}/${adminUser.id}`, { role: 'Owner' });
    expect((await owner.patch(`${base}/${me.id}`, { role: 'Developer' })).body.role).toBe('Developer');
    const members = (await admin.get(base)).body as { role: string }[];
    expect(members.filter((m) => m.role === 'Owner')).toHaveLength(1);
  });

  it('lets a member leave on their own', async () => {
    const { body: org } = await owner.post('/api/platform/organizations', { name: 'Leavers' });
    const reader = await signUpMember(owner, org.slug, 'Read-only', 'reader');
    const readerUser = reader.user;
    expect((await reader.delete(`/api/platform/organizations/${org.slug}/members/${readerUser.id}`)).status).toBe(204);
    expect((await reader.get('/api/platform/organizations')).body).toEqual([]);
  });
});
