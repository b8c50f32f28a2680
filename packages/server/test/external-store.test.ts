import getPort from 'get-port';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instanceSettings } from '@basin/core';
import { EmbeddedDriver } from '../src/instances/index.ts';
import type { InstanceSpec } from '../src/instances/types.ts';
import { connectionString } from '../src/instances/connection-string.ts';
import { ApiClient, query, startTestPlatform, uniqueEmail } from './harness.ts';

/** DATABASE_URL: platform metadata on a Postgres server Basin did not start. */
let external: { driver: EmbeddedDriver; dir: string; url: string };
let platform: Awaited<ReturnType<typeof startTestPlatform>>;

beforeAll(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'basin-external-'));
  const driver = new EmbeddedDriver({ projectsDir: dir });
  const spec: InstanceSpec = {
    ref: 'external',
    major: '17',
    port: await getPort({ host: '127.0.0.1' }),
    adminPassword: 'external-admin-password',
    postgresPassword: 'external-postgres-password',
    readonlyPassword: 'external-readonly-password',
    authenticatorPassword: 'external-authenticator-password',
    authPassword: 'external-auth-password',
    settings: instanceSettings('micro'),
  };
  await driver.create(spec);
  external = { driver, dir, url: connectionString('basin_admin', spec.adminPassword, spec.port) };
  platform = await startTestPlatform({ databaseUrl: external.url });
});

afterAll(async () => {
  await platform?.destroy();
  await external?.driver.stopAll();
  if (external) await rm(external.dir, { recursive: true, force: true });
});

describe('DATABASE_URL', () => {
  it('keeps users, organizations and projects on the external server and starts no store of its own', async () => {
    const client = new ApiClient(platform.url);
    const email = uniqueEmail('external');
    await client.signUp(email);
    await client.post('/api/platform/organizations', { name: 'Elsewhere' });
    const users = await query(external.url, 'select count(*)::int as n from "user" where email = $1', [email]);
    const orgs = await query(external.url, 'select count(*)::int as n from organizations where slug = $1', ['elsewhere']);
    expect(users.rows[0].n).toBe(1);
    expect(orgs.rows[0].n).toBe(1);
    expect(existsSync(path.join(platform.dataDir, 'platform'))).toBe(false);
  });
});
