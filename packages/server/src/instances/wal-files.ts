/**
 * Which files of pg_wal a physical backup needs. Postgres names a WAL segment file by timeline
 * and segment number, 8 hex digits each for the timeline, the high and the low part.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

export const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/** pg_control formats whose first fields we read (Postgres 13–16: 1300, 17: 1700). */
const KNOWN_CONTROL_VERSIONS = new Set([1300, 1700]);
/** DBState: the server was shut down cleanly. */
const DB_SHUTDOWNED = 1;
/** A shutdown checkpoint record is ~100 bytes: one WAL page past it is always enough. */
const CHECKPOINT_RECORD_SPAN = 8192n;

export function walFileName(timeline: number, lsn: bigint, segmentSize: number): string {
  const segment = lsn / BigInt(segmentSize);
  const perLogId = 0x1_0000_0000n / BigInt(segmentSize);
  return [BigInt(timeline), segment / perLogId, segment % perLogId].map((n) => n.toString(16).toUpperCase().padStart(8, '0')).join('');
}

/**
 * The WAL a stopped instance needs to start: after a clean shutdown, only the segment holding the
 * shutdown checkpoint (read from global/pg_control: state at byte 16, the checkpoint's location at
 * 32, its timeline at 48); the older and the recycled segments around it are dead weight, often
 * more than the data. After a crash, or a pg_control we do not know, everything in pg_wal, which
 * crash recovery replays from.
 */
export async function walNeededToStart(dataDir: string): Promise<(segment: string) => boolean> {
  const control = await readFile(join(dataDir, 'global', 'pg_control'));
  if (!KNOWN_CONTROL_VERSIONS.has(control.readUInt32LE(8)) || control.readUInt32LE(16) !== DB_SHUTDOWNED) return () => true;
  const checkpoint = control.readBigUInt64LE(32);
  const timeline = control.readUInt32LE(48);
  const files = await readdir(join(dataDir, 'pg_wal'));
  const any = files.find((name) => WAL_SEGMENT.test(name));
  // Every segment file has the cluster's segment size (16 MB unless initdb was told otherwise).
  const segmentSize = any ? (await stat(join(dataDir, 'pg_wal', any))).size : 0;
  const first = segmentSize ? walFileName(timeline, checkpoint, segmentSize) : '';
  if (!files.includes(first)) throw new Error('The WAL segment with the last checkpoint of the stopped instance is missing');
  const last = walFileName(timeline, checkpoint + CHECKPOINT_RECORD_SPAN, segmentSize);
  return (segment) => segment >= first && segment <= last;
}

/** backup_label names its first segment: `START WAL LOCATION: 0/2000028 (file 000000010000000000000002)`. */
export function startWalFile(label: string): string {
  const file = /^START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)$/m.exec(label)?.[1];
  if (!file) throw new Error('pg_backup_stop returned a backup_label without its start WAL file');
  return file;
}
