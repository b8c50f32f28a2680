import { instanceSettings } from '@basin/core';
import getPort from 'get-port';
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { EmbeddedDriver, type PostgresMajor } from '../src/instances/index.ts';
import { instanceAdminPassword, instanceAuthenticatorPassword, instanceAuthPassword } from '../src/services/projects/project-instance.ts';
import type { SecretBox } from '../src/kernel/secrets.ts';
import { instanceUser } from '../src/instances/system-user.ts';
import { ApiClient } from './harness.ts';

const run = promisify(execFile);

/** Downloads a backup as the dashboard's button does: the signed link, followed with the member's session cookie. */
export async function downloadBackup(client: ApiClient, ref: string, id: number): Promise<{ response: Response; archive: Buffer }> {
  const { status, body } = await client.post(`/api/platform/database/${ref}/backups/download`, { id });
  if (status !== 200) throw new Error(`download link: ${status} ${JSON.stringify(body)}`);
  const response = await fetch(new URL(body.fileUrl, client.baseUrl), { headers: { cookie: client.cookie } });
  if (response.status !== 200) throw new Error(`download: ${response.status} ${await response.text()}`);
  return { response, archive: Buffer.from(await response.arrayBuffer()) };
}

export interface RestoredInstance {
  port: number;
  /** The extracted data directory Postgres runs on (the stored files in `basin_storage/`). */
  dataDir: string;
  /** The original project's connection string, pointed at the restored instance. */
  connectionString(original: string): string;
  stop(): Promise<void>;
}

/**
 * What a user does with a downloaded backup: extract it into an empty directory owned by the
 * Postgres user with the system's tar, as the README says, and start Postgres on it, here a NEW
 * instance in a fresh projects directory.
 * The roles and their passwords come with the data (the driver logs in as the superuser).
 */
export async function startFromBackup(box: SecretBox, archive: Buffer, ref: string, major: PostgresMajor): Promise<RestoredInstance> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'basin-restored-'));
  await chmod(root, 0o711); // the postgres system user must reach the data dir inside
  const driver = new EmbeddedDriver({ projectsDir: path.join(root, 'projects') });
  const dataDir = driver.dataDir(ref);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(path.dirname(dataDir), 0o711);
  const file = path.join(root, 'backup.tar.gz');
  await writeFile(file, archive);
  await run('tar', ['xzf', file, '-C', dataDir]);
  const user = await instanceUser();
  if (user) await run('chown', ['-R', `${user.uid}:${user.gid}`, dataDir]);

  const port = await getPort({ host: '127.0.0.1' });
  const adminPassword = instanceAdminPassword(box, ref);
  const spec = {
    ref,
    major,
    port,
    adminPassword,
    postgresPassword: '',
    readonlyPassword: '',
    authenticatorPassword: instanceAuthenticatorPassword(box, ref),
    authPassword: instanceAuthPassword(box, ref),
    settings: instanceSettings('micro'),
  };
  try {
    await driver.start(spec);
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    dataDir,
    connectionString: (original) => original.replace(/@127\.0\.0\.1:\d+\//, `@127.0.0.1:${port}/`),
    async stop() {
      await driver.stopAll();
      await rm(root, { recursive: true, force: true });
    },
  };
}
