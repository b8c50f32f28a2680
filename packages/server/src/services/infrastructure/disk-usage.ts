import { isReadOnlyUsage } from '@basin/core';
import { closeRestPool } from '../../rest/pool.ts';
import * as disks from '../../store/disks.ts';
import * as pitr from '../../store/pitr.ts';
import type { ProjectRow } from '../../store/projects.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { instanceSpec } from '../projects/project-instance.ts';
import { growWhenFull } from './disk-autoscale.ts';
import { storedBytes } from '../storage/storage-usage.ts';

const ADMIN_TIMEOUT_MS = 10_000;

export interface DiskUsage {
  /** The databases, the WAL replication slots hold and the stored files together: what the quota counts. */
  usedBytes: number;
  databaseBytes: number;
  /** WAL kept for a replication slot (Realtime's) beyond what the server keeps anyway. */
  retainedWalBytes: number;
  /** Null when the stored files could not be measured this time (then not in usedBytes). */
  storageBytes: number | null;
  /** Point-in-time recovery's archived WAL and base backups (0 while it is off). */
  pitrBytes: number;
  /** The disk after any growth this measure called for. */
  disk: disks.DiskRow;
  readonly: boolean;
}

/**
 * Measures what the project takes on disk, its databases, the WAL a replication slot holds back
 * (Realtime's, capped by max_slot_wal_keep_size), what PITR keeps and its stored files
 * (storage-usage.ts), grows
 * a disk past 90% when it may (disk-autoscale.ts), and enforces the quota: above 95% of the disk
 * size the instance goes read-only for every new session (the platform's pooled sessions are
 * renewed), and comes back once usage falls under it again (space freed, or the disk grown). One
 * admin session measures the databases and sets the mode. The sampler calls it every round, a
 * disk save at once. When the stored files cannot be measured (their folder unreadable, S3 not
 * answering) the databases alone are counted this time, and read-only mode is
 * switched on if they fill the disk but never lifted on that partial figure.
 */
export async function measureAndEnforce(ctx: PlatformContext, row: ProjectRow): Promise<DiskUsage> {
  const measuredDisk = await disks.find(ctx.db, row.id);
  const storageBytes = await storedBytes(ctx, row).catch((err: unknown) => {
    ctx.logger.warn({ err, ref: row.ref }, 'stored files not measured');
    return null;
  });
  const pitrBytes = await pitrUsage(ctx, row);
  const {
    databases: databaseBytes,
    wal: retainedWalBytes,
    disk,
  } = await ctx.driver.adminSession(instanceSpec(row, ctx.box), ADMIN_TIMEOUT_MS, async (client) => {
    // The insert position, not the write position: WAL still in wal_buffers is on its way to disk
    // (the write position lagged a 24 MB burst by about 100 kB).
    const { rows } = await client.query<{ used: string; wal: string }>(
      `select (select sum(pg_database_size(oid)) from pg_database)::text as used,
              (select coalesce(sum(pg_wal_lsn_diff(pg_current_wal_insert_lsn(), restart_lsn)), 0) from pg_replication_slots
                where restart_lsn is not null)::text as wal`,
    );
    const databases = Number(rows[0]?.used ?? 0);
    const wal = Number(rows[0]?.wal ?? 0);
    const used = databases + wal + pitrBytes + (storageBytes ?? 0);
    // A partial figure is at most what is used: growth it calls for is called for.
    const disk = await growWhenFull(ctx, row, measuredDisk, used);
    const sizeGb = disk.attributes.size_gb;
    const readonly = isReadOnlyUsage(used, sizeGb);
    if (readonly !== disk.readonly_mode && (readonly || storageBytes !== null)) {
      // This session must write the setting even when the database already defaults to read-only.
      await client.query('set default_transaction_read_only = off');
      await client.query(
        readonly
          ? 'alter database postgres set default_transaction_read_only = on'
          : 'alter database postgres reset default_transaction_read_only',
      );
      await disks.setReadonlyMode(ctx.db, row.id, readonly);
      // The platform's warm sessions (data API, storage, auth, table editor) were opened under the
      // old default: new ones take the new one. Not awaited: borrowed sessions end when returned.
      void closeRestPool(row.ref);
      ctx.logger.info(
        { ref: row.ref, usedBytes: used, databaseBytes: databases, storageBytes, sizeGb, readonly },
        'disk quota read-only mode changed',
      );
    }
    return { databases, wal, disk };
  });
  const usedBytes = databaseBytes + retainedWalBytes + pitrBytes + (storageBytes ?? 0);
  const readonly = isReadOnlyUsage(usedBytes, disk.attributes.size_gb) || (storageBytes === null && disk.readonly_mode);
  return { usedBytes, databaseBytes, retainedWalBytes, storageBytes, pitrBytes, disk, readonly };
}

/** What point-in-time recovery keeps for the project: its archived WAL (where the driver can tell) and base backups. */
async function pitrUsage(ctx: PlatformContext, row: ProjectRow): Promise<number> {
  if (row.pitr_retention_days === null) return 0;
  const [archive, bases] = await Promise.all([
    ctx.driver.walArchiveStatus(instanceSpec(row, ctx.box)),
    pitr.baseBackupBytes(ctx.db, row.ref),
  ]);
  return (archive.bytes ?? 0) + bases;
}
