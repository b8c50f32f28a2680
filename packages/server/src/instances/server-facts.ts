/**
 * What a running instance says about itself, and which server version its major would start on
 * now: the advisors' platform lints and the infrastructure page read the same facts.
 */
import type pg from 'pg';
import type { InstanceDriver, PostgresMajor } from './types.ts';

export interface ServerFacts {
  /** The `ssl` setting: whether the server accepts SSL connections at all. */
  ssl: boolean;
  /** e.g. 170010 */
  serverVersionNum: number;
  /** e.g. '17.10' */
  serverVersion: string;
  listenAddresses: string;
  port: number;
}

/** One query in an open session, any role: these settings are readable by everyone. */
export async function readServerFacts(client: pg.Client): Promise<ServerFacts> {
  const { rows } = await client.query<{ ssl: string; version_num: number; version: string; listen: string; port: number }>(
    `select current_setting('ssl') as ssl, current_setting('server_version_num')::int as version_num,
            current_setting('server_version') as version, current_setting('listen_addresses') as listen,
            current_setting('port')::int as port`,
  );
  const row = rows[0]!;
  return {
    ssl: row.ssl === 'on',
    serverVersionNum: row.version_num,
    serverVersion: row.version,
    listenAddresses: row.listen,
    port: row.port,
  };
}

/**
 * The installed server version of `major`, e.g. '17.10.0': what a start of an instance of that
 * major runs, since the driver starts every instance from its major's installed binaries.
 */
export function newestInstalled(driver: InstanceDriver, major: PostgresMajor): string | undefined {
  return driver.availableMajors().find((installed) => installed.major === major)?.version;
}

/** Whether `serverVersionNum` runs an older minor than `installed` of the same major. */
export function isOlderMinor(serverVersionNum: number, installed: string): boolean {
  const [major, minor] = installed.split('.').map(Number);
  if (major === undefined || minor === undefined || Number.isNaN(minor)) return false;
  return Math.floor(serverVersionNum / 10_000) === major && serverVersionNum % 10_000 < minor;
}
