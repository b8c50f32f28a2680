import { isReadOnlyUsage, type DiskAttributes } from '@basin/core';
import { withAdmin } from '../instances/admin-session.ts';
import * as disks from '../store/disks.ts';
import type { ProjectRow } from '../store/projects.ts';
import type { PlatformContext } from './context.ts';
import { instanceSpec } from './project-instance.ts';

const ADMIN_TIMEOUT_MS = 10_000;

export interface DiskUsage {
  usedBytes: number;
  disk: DiskAttributes;
  readonly: boolean;
}

/**
 * Measures what the project's databases take on disk and enforces the quota: above 95% of the
 * disk size the instance goes read-only for every new session, and comes back once usage falls
 * under it again (space freed, or the disk grown). One admin session does both. The sampler calls
 * it every round, a disk save at once.
 */
export async function measureAndEnforce(ctx: PlatformContext, row: ProjectRow): Promise<DiskUsage> {
  const disk = await disks.find(ctx.db, row.id);
  const sizeGb = disk.attributes.size_gb;
  const usedBytes = await withAdmin(instanceSpec(row, ctx.box), ADMIN_TIMEOUT_MS, async (client) => {
    const { rows } = await client.query<{ used: string }>('select sum(pg_database_size(oid))::text as used from pg_database');
    const used = Number(rows[0]?.used ?? 0);
    const readonly = isReadOnlyUsage(used, sizeGb);
    if (readonly !== disk.readonly_mode) {
      // This session must write the setting even when the database already defaults to read-only.
      await client.query('set default_transaction_read_only = off');
      await client.query(
        readonly
          ? 'alter database postgres set default_transaction_read_only = on'
          : 'alter database postgres reset default_transaction_read_only',
      );
      await disks.setReadonlyMode(ctx.db, row.id, readonly);
      ctx.logger.info({ ref: row.ref, usedBytes: used, sizeGb, readonly }, 'disk quota read-only mode changed');
    }
    return used;
  });
  return { usedBytes, disk: disk.attributes, readonly: isReadOnlyUsage(usedBytes, sizeGb) };
}
