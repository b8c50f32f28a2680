/** What a data directory on disk says about itself: whether it is whole, and its major. */
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { InstanceSpec, PostgresMajor } from './types.ts';

export async function isInitialised(dataDir: string): Promise<boolean> {
  try {
    await Promise.all([access(join(dataDir, 'PG_VERSION')), access(join(dataDir, 'global', 'pg_control'))]);
    return true;
  } catch {
    return false;
  }
}

/** The major written by initdb in PG_VERSION, or undefined when there is no data directory. */
export async function dataMajor(dataDir: string): Promise<PostgresMajor | undefined> {
  return readFile(join(dataDir, 'PG_VERSION'), 'utf8').then(
    (text) => text.trim() as PostgresMajor,
    () => undefined,
  );
}

export async function checkMajor(dataDir: string, spec: InstanceSpec): Promise<void> {
  const found = await dataMajor(dataDir);
  if (found === undefined) throw new Error(`Instance ${spec.ref} has no data directory; create it first`);
  if (found !== spec.major) throw new Error(`Instance ${spec.ref} holds Postgres ${found} data, not ${spec.major}`);
}
