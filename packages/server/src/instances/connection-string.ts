import { POSTGRES_ROLE } from './postgres-role.ts';
import type { InstanceAddress, InstanceEndpoints } from './types.ts';

/**
 * A libpq URL for a login on an instance: at an address (a driver's endpoints), or at a port of
 * the machine's own address. The password is percent-encoded: a member may choose one with ':',
 * '@' or '/' (generated ones are letters and digits).
 */
export function connectionString(user: string, password: string, at: number | InstanceAddress): string {
  const { host, port } = typeof at === 'number' ? { host: '127.0.0.1', port: at } : at;
  return `postgresql://${user}:${encodeURIComponent(password)}@${host}:${port}/postgres`;
}

/**
 * The URL a client (psql, an app, an edge function) uses for one of the instance's roles: at the
 * driver's primary endpoint, with the name the members' role has there in place of `postgres`.
 */
export function clientConnectionString(endpoints: InstanceEndpoints, role: string, password: string): string {
  return connectionString(role === POSTGRES_ROLE ? endpoints.memberRole : role, password, endpoints.primary);
}
