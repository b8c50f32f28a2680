import getPort from 'get-port';
import pg from 'pg';
import type { InstanceSpec, PostgresMajor } from '../src/instances/types.ts';

/** An instance's spec for the driver tests (Postgres 15 unless told), with passwords derived from its ref. */
export async function testSpec(ref: string, major: PostgresMajor = '15'): Promise<InstanceSpec> {
  return {
    ref,
    major,
    port: await getPort(),
    adminPassword: `admin-${ref}`,
    postgresPassword: `pg-${ref}`,
    readonlyPassword: `ro-${ref}`,
    authenticatorPassword: `api-${ref}`,
    authPassword: `auth-${ref}`,
    settings: { shared_buffers: '16MB', max_connections: 40, work_mem: '2MB' },
  };
}

export interface Login {
  user: string;
  password: string;
}

/** Runs `sql` on its own connection and answers the rows of its last statement. */
export async function run(spec: InstanceSpec, sql: string, login: Login, database = 'postgres') {
  const client = new pg.Client({ host: '127.0.0.1', port: spec.port, database, ...login });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

export const admin = (spec: InstanceSpec): Login => ({ user: 'basin_admin', password: spec.adminPassword });
export const member = (spec: InstanceSpec): Login => ({ user: 'postgres', password: spec.postgresPassword });
export const readonly = (spec: InstanceSpec): Login => ({ user: 'basin_readonly', password: spec.readonlyPassword });
