import type { Queryable } from '../src/store/db.ts';

/** Sets a project's disk size straight in the store (tests use sizes far below what the API allows). */
export async function setStoredDisk(db: Queryable, ref: string, sizeGb: number, lastModifiedAt: Date | null = null): Promise<void> {
  await db.query(
    `insert into project_disks (project_id, type, size_gb, iops, throughput_mbps, last_modified_at)
     select id, 'gp3', $2, 3000, 125, $3 from projects where ref = $1
     on conflict (project_id) do update set size_gb = excluded.size_gb, last_modified_at = excluded.last_modified_at`,
    [ref, sizeGb, lastModifiedAt],
  );
}
