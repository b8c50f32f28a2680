/**
 * A backup archive on Kubernetes: the data stays in the object store, where Barman Cloud wrote the
 * base backup, and the archive holds what finds it again (`basin-backup.json`: the Cluster's
 * object store folder and the backup's id) beside the caller's files. Restoring one bootstraps a
 * Cluster by recovery from that folder, stopped where the backup ended (manifests.ts), so it
 * needs the object store the backup was written to (and its retention keeping it).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tar from 'tar';
import { type ArchiveTree, writeTarGz } from '../tar-gz.ts';
import type { PostgresMajor } from '../types.ts';

export const REFERENCE_FILE = 'basin-backup.json';
const FORMAT = 'basin-cloudnative-pg-backup';

export interface BackupReference {
  /** The object store folder of the backed-up Cluster (its `serverName`). */
  serverName: string;
  /** Barman's id of the base backup in that folder. */
  backupId: string;
  major: PostgresMajor;
  /** When the backup ended (ISO 8601), for people reading the file. */
  stoppedAt?: string;
}

/** Writes `archive` with the reference and the caller's trees at its root. */
export async function writeBackupReference(archive: string, reference: BackupReference, more: ArchiveTree[]): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'basin-backup-reference-'));
  try {
    await writeFile(join(dir, REFERENCE_FILE), `${JSON.stringify({ format: FORMAT, ...reference }, null, 2)}\n`, { mode: 0o600 });
    await writeTarGz(archive, [{ cwd: dir, paths: [REFERENCE_FILE] }, ...more], 1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The reference in `archive`; an archive without one (e.g. the embedded driver's) is refused. */
export async function readBackupReference(archive: string): Promise<BackupReference> {
  const dir = await mkdtemp(join(tmpdir(), 'basin-backup-reference-'));
  try {
    await tar.x({ file: archive, cwd: dir, filter: (path) => path === REFERENCE_FILE, preserveOwner: false });
    const text = await readFile(join(dir, REFERENCE_FILE), 'utf8').catch(() => undefined);
    const parsed = text === undefined ? undefined : (JSON.parse(text) as Partial<BackupReference> & { format?: unknown });
    if (parsed?.format !== FORMAT || typeof parsed.serverName !== 'string' || typeof parsed.backupId !== 'string' || !parsed.major) {
      throw new Error(`The archive is no backup of a Kubernetes instance (it has no valid ${REFERENCE_FILE})`);
    }
    return {
      serverName: parsed.serverName,
      backupId: parsed.backupId,
      major: parsed.major,
      ...(parsed.stoppedAt ? { stoppedAt: parsed.stoppedAt } : {}),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
