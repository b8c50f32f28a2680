/** The pieces of a point-in-time recovery the embedded driver's recoverToPoint puts together. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import { archiveCurrentSegment } from './wal-archive.ts';

/** Where a point-in-time recovery builds the recovered data, and where an in-place one keeps the old data meanwhile. */
export function recoveryDirs(dataDir: string) {
  return { staging: `${dataDir}.pitr`, aside: `${dataDir}.before-pitr` };
}

export const recoveryPaths = (dataDir: string) => Object.values(recoveryDirs(dataDir));

/**
 * A commit stamped now, then the segment closed and archived: recovery to any earlier time then
 * finds a commit past its target in the archive and stops there (a target past the last commit
 * would end recovery with an error instead).
 */
export async function archiveWrittenWal(client: pg.Client): Promise<void> {
  await client.query('set default_transaction_read_only = off');
  await client.query('select pg_current_xact_id()');
  await archiveCurrentSegment(client);
}

/**
 * Recovery would go to the backup's end without a word for a time before the backup: refused.
 * backup_label says `START TIME: 2026-12-02 06:50:01 UTC` (whole seconds, in log_timezone, which
 * settingFlags pins to UTC).
 */
export async function checkBackupStartedBefore(dataDir: string, time: Date): Promise<void> {
  const label = await readFile(join(dataDir, 'backup_label'), 'utf8').catch(() => '');
  const started = /^START TIME: (.+)$/m.exec(label)?.[1];
  if (!started) throw new Error('The base backup has no backup_label: it is not a backup of a running instance');
  const startedAt = Date.parse(started);
  if (Number.isNaN(startedAt)) throw new Error(`The base backup's start time ${started} is not one we read`);
  if (startedAt > time.getTime()) throw new Error(`The base backup started at ${started}, after the point in time ${time.toISOString()}`);
}
