import { withAdmin } from '../src/instances/admin-session.ts';
import type { PlatformContext } from '../src/kernel/context.ts';
import { instanceSpec } from '../src/services/projects/project-instance.ts';
import type { Queryable } from '../src/store/db.ts';
import * as projects from '../src/store/projects.ts';

/** Sets a project's disk size straight in the store (tests use sizes far below what the API allows). */
export async function setStoredDisk(db: Queryable, ref: string, sizeGb: number, lastModifiedAt: Date | null = null): Promise<void> {
  await db.query(
    `insert into project_disks (project_id, type, size_gb, iops, throughput_mbps, last_modified_at)
     select id, 'gp3', $2, 3000, 125, $3 from projects where ref = $1
     on conflict (project_id) do update set size_gb = excluded.size_gb, last_modified_at = excluded.last_modified_at`,
    [ref, sizeGb, lastModifiedAt],
  );
}

/** What a project's databases take on disk, measured as the platform measures it. */
export async function databaseBytes(ctx: PlatformContext, ref: string): Promise<number> {
  const row = (await projects.findByRef(ctx.db, ref))!;
  return withAdmin(instanceSpec(row, ctx.box), 10_000, async (client) =>
    Number((await client.query('select sum(pg_database_size(oid)) as used from pg_database')).rows[0].used),
  );
}
