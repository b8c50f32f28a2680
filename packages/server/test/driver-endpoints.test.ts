import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { functionEnv } from '../src/functions/env.ts';
import type { InstanceEndpoints } from '../src/instances/types.ts';
import { findByRef } from '../src/store/projects.ts';
import { healthyProject, query, startTestPlatform } from './harness.ts';
import { organization, type Org } from './lifecycle-helpers.ts';

// What the platform shows and does for a project goes through the instance driver: connection
// strings from its endpoints (as the Kubernetes driver's Services and members' role would answer
// them, played here by the embedded driver with its endpoints replaced), vault sessions through it.
let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let org: Org;
let ref: string;

/** Endpoints as a driver whose clients reach the instance elsewhere than the platform does. */
function elsewhere(real: InstanceEndpoints): InstanceEndpoints {
  return { ...real, primary: { host: 'basin-instance-rw.basin.svc', port: 6543 }, memberRole: 'basin_member' };
}

beforeAll(async () => {
  platform = await startTestPlatform();
  org = await organization(platform.url, 'free');
  ref = await healthyProject(org.owner, org.slug, 'Endpoints');
}, 180_000);
afterAll(() => platform?.destroy());
afterEach(() => vi.restoreAllMocks());

function replaceEndpoints() {
  const driver = platform.ctx.driver;
  const real = driver.endpoints.bind(driver);
  return vi.spyOn(driver, 'endpoints').mockImplementation((spec) => elsewhere(real(spec)));
}

describe("the driver's endpoints", () => {
  it('are where the embedded driver answers: the connection strings shown work with psql', async () => {
    const project = (await org.owner.get(`/api/platform/projects/${ref}`)).body;
    expect(project.connectionString).toMatch(/^postgresql:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/postgres$/);
    expect((await query(project.connectionString, 'select current_user')).rows).toEqual([{ current_user: 'postgres' }]);
    expect((await query(project.connectionStringReadOnly, 'select current_user')).rows).toEqual([{ current_user: 'basin_readonly' }]);
  });

  it("give the project's connection strings their host, port and the members' role name", async () => {
    const endpoints = replaceEndpoints();
    const project = (await org.owner.get(`/api/platform/projects/${ref}`)).body;
    expect(endpoints).toHaveBeenCalledWith(expect.objectContaining({ ref }));
    expect(project.connectionString).toMatch(/^postgresql:\/\/basin_member:[^@]+@basin-instance-rw\.basin\.svc:6543\/postgres$/);
    expect(project.connectionStringReadOnly).toMatch(/^postgresql:\/\/basin_readonly:[^@]+@basin-instance-rw\.basin\.svc:6543\/postgres$/);
    const listed = (await org.owner.get(`/api/platform/organizations/${org.slug}/projects`)).body;
    const entry = listed.find((p: { ref: string }) => p.ref === ref);
    expect(entry.connectionString).toBe(project.connectionString);
  });

  it('give the connection string a password reset answers, and the edge functions SUPABASE_DB_URL', async () => {
    replaceEndpoints();
    const reset = await org.owner.patch(`/api/platform/projects/${ref}/db-password`, { password: 'a-new-password-for-endpoints' });
    expect(reset).toMatchObject({
      status: 200,
      body: { connectionString: 'postgresql://basin_member:a-new-password-for-endpoints@basin-instance-rw.basin.svc:6543/postgres' },
    });
    const env = await functionEnv(platform.ctx, (await findByRef(platform.ctx.db, ref))!);
    expect(env.values.SUPABASE_DB_URL).toBe(
      'postgresql://basin_member:a-new-password-for-endpoints@basin-instance-rw.basin.svc:6543/postgres',
    );
  });
});

describe("the driver's sessions", () => {
  it("carry the vault's statements, as the members' role", async () => {
    const driver = platform.ctx.driver;
    const session = vi.spyOn(driver, 'session');
    const created = await org.owner.post(`/api/platform/projects/${ref}/vault/secrets`, { name: 'through_driver', secret: 's3cret' });
    expect(created.status).toBe(201);
    expect(session).toHaveBeenCalledWith(
      expect.objectContaining({ ref }),
      expect.objectContaining({ user: 'postgres' }),
      expect.any(Number),
      expect.any(Function),
    );

    session.mockRejectedValue(new Error('no session here'));
    expect((await org.owner.get(`/api/platform/projects/${ref}/vault/secrets`)).status).toBe(500);
  });

  it("open the platform's own sessions at its platform address: data API, auth API, SQL editor, catalog reads", async () => {
    const relay = await loginRelay();
    try {
      const driver = platform.ctx.driver;
      const real = driver.endpoints.bind(driver);
      vi.spyOn(driver, 'endpoints').mockImplementation((spec) => ({ ...real(spec), platform: { host: '127.0.0.1', port: relay.port } }));
      relay.target = real({ ref, port: (await findByRef(platform.ctx.db, ref))!.port! }).platform.port;

      const body = (await org.owner.get(`/api/platform/projects/${ref}/settings`)).body;
      const anon = body.service_api_keys.find((k: { tags: string }) => k.tags === 'anon').api_key as string;
      const gateway = `${platform.url}/api/projects/${ref}/gateway`;
      expect((await org.owner.post(`/api/platform/pg-meta/${ref}/query`, { query: 'create table relayed (id int)' })).status).toBe(200);
      expect((await fetch(`${gateway}/rest/v1/relayed`, { headers: { apikey: anon } })).status).toBe(200);
      expect((await org.owner.get(`/api/platform/pg-meta/${ref}/tables`)).status).toBe(200);
      const signup = await fetch(`${gateway}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: anon, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'relayed@example.com', password: 'relayed-password' }),
      });
      expect(signup.status).toBe(200);
      // The members' role (SQL editor), authenticator (data API and its schema listener), the auth
      // API's role, and the superuser of the catalog readers all logged in through the relay.
      expect(relay.users).toEqual(expect.arrayContaining(['postgres', 'authenticator', 'supabase_auth_admin', 'basin_admin']));
    } finally {
      relay.close();
    }
  });
});

/** A TCP relay to the instance that notes the role each session logs in as (from the startup message). */
async function loginRelay() {
  const users = new Set<string>();
  const relay = { port: 0, target: 0, users: [] as string[], close: () => server.close() };
  const server = net.createServer((client) => {
    const upstream = net.connect(relay.target, '127.0.0.1');
    client.once('data', (first) => {
      // Protocol 3 startup: length, version, then NUL-separated name/value pairs.
      const pairs = first.subarray(8).toString('utf8').split('\0');
      const user = pairs[pairs.indexOf('user') + 1];
      if (user) users.add(user);
      relay.users = [...users];
    });
    client.pipe(upstream).pipe(client);
    const end = () => (client.destroy(), upstream.destroy());
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.port = (server.address() as net.AddressInfo).port;
  return relay;
}
