/**
 * An embedded instance's data directory made from a physical backup archive (physical-backup.ts),
 * the way its header says a user restores one by hand, plus two things the platform needs:
 * - only Postgres's own entries are extracted: what the caller put alongside (the stored files'
 *   `basin_storage/`) stays in the archive, and so do the source server's log files;
 * - the superuser gets the new instance's password before the server listens: the archive holds
 *   the source's, which need not be known here. A single-user backend (no network, no login) sets
 *   it, replaying the backup's WAL first as a normal start would, and leaves the database writable
 *   (read-only mode was the source's disk's).
 * The directory is made in a staging folder beside the data directory and renamed into place
 * whole; the caller removes what was there before.
 */
import { spawn } from 'node:child_process';
import { mkdir, rename, rm } from 'node:fs/promises';
import * as tar from 'tar';
import { binariesFor } from './binaries.ts';
import { dataMajor } from './data-dir.ts';
import { ADMIN_ROLE } from './postgres-role.ts';
import { scramVerifier } from './scram-verifier.ts';
import { giveToInstanceUser, instanceUser } from './system-user.ts';
import type { InstanceSpec, PostgresMajor } from './types.ts';

/** Top-level entries of a data directory (PG 15 and 17), the server's log files excepted. */
const DATA_DIR_ENTRY =
  /^(PG_VERSION|base|global|pg_[a-z_]+|postgresql(\.auto)?\.conf|pg_hba\.conf|pg_ident\.conf|backup_label|tablespace_map)$/;

/** Extracts `archive` into `dataDir` (which must not exist) as `spec`'s data, see the top of this file. */
export async function unpackPhysicalBackup(archive: string, dataDir: string, spec: InstanceSpec): Promise<void> {
  const staging = `${dataDir}.restore`;
  try {
    await extractDataDir(archive, staging, spec.major);
    await singleUser(staging, spec, [
      'set default_transaction_read_only = off',
      `alter role ${ADMIN_ROLE} with login password '${scramVerifier(spec.adminPassword)}'`,
      'alter database postgres reset default_transaction_read_only',
    ]);
    await rename(staging, dataDir);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Postgres's own entries of a backup archive, as a fresh directory `target` (whatever was there
 * is removed) owned by the instance's system user; the data must be of `major`.
 */
export async function extractDataDir(archive: string, target: string, major: PostgresMajor): Promise<void> {
  await rm(target, { recursive: true, force: true });
  await mkdir(target, { mode: 0o700 });
  const ours = (path: string) => DATA_DIR_ENTRY.test(path.replace(/^\.\//, '').split('/')[0]!);
  await tar.x({ file: archive, cwd: target, filter: ours, preserveOwner: false });
  const found = await dataMajor(target);
  if (found === undefined) throw new Error('The archive holds no Postgres data directory');
  if (found !== major) throw new Error(`The backup holds Postgres ${found} data, not ${major}`);
  await giveToInstanceUser(target);
}

/** Runs `statements` (one a line, none failing) in a single-user backend on the data directory. */
async function singleUser(dataDir: string, spec: InstanceSpec, statements: string[]): Promise<void> {
  const { postgres } = await binariesFor(spec.major);
  const child = spawn(postgres, ['--single', '-D', dataDir, '-c', 'listen_addresses=', '-c', 'unix_socket_directories=', 'postgres'], {
    ...(await instanceUser()),
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  child.stdin.end(statements.map((statement) => `${statement}\n`).join(''));
  const code = await exited;
  // The verifier is no password, but it stays out of messages all the same.
  const said = output.replace(/SCRAM-SHA-256\$[^']*/g, '[verifier]').trim();
  if (code !== 0 || /\b(ERROR|FATAL|PANIC):/.test(output)) throw new Error(`Postgres could not open the restored data: ${said}`);
}
