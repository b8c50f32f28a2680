import type { InstanceAddress } from './types.ts';

/**
 * A libpq URL for a login on an instance: at an address (a driver's endpoints), or at a port of
 * the machine's own address. The password is percent-encoded: a member may choose one with ':',
 * '@' or '/' (generated ones are letters and digits).
 */
export function connectionString(user: string, password: string, at: number | InstanceAddress): string {
  const { host, port } = typeof at === 'number' ? { host: '127.0.0.1', port: at } : at;
  return `postgresql://${user}:${encodeURIComponent(password)}@${host}:${port}/postgres`;
}
