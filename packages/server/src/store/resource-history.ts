import type { Queryable } from './db.ts';

/** One resource sample as the history keeps it (migration 027 says what each column holds). */
export interface HistorySample {
  sampled_at: Date;
  cpu_percent: number | null;
  memory_percent: number | null;
  disk_io_percent: number | null;
  disk_used_bytes: number;
  database_bytes: number | null;
  storage_bytes: number | null;
  disk_size_bytes: number | null;
  connections: number | null;
  max_connections: number | null;
}

/** How long samples are kept: the longest range of the reports. */
export const HISTORY_RETENTION = '7 days';

export async function insert(db: Queryable, projectId: number, s: HistorySample): Promise<void> {
  await db.query(
    `insert into resource_sample_history (project_id, sampled_at, cpu_percent, memory_percent, disk_io_percent, disk_used_bytes,
       database_bytes, storage_bytes, disk_size_bytes, connections, max_connections)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) on conflict do nothing`,
    [
      projectId,
      s.sampled_at,
      s.cpu_percent,
      s.memory_percent,
      s.disk_io_percent,
      s.disk_used_bytes,
      s.database_bytes,
      s.storage_bytes,
      s.disk_size_bytes,
      s.connections,
      s.max_connections,
    ],
  );
}

/** The project's newest sample, whenever it was taken (a paused project keeps its last). */
export async function latest(db: Queryable, projectId: number): Promise<HistorySample | undefined> {
  const { rows } = await db.query<HistorySample>(
    `select sampled_at, cpu_percent, memory_percent, disk_io_percent, disk_used_bytes::float8 as disk_used_bytes,
            database_bytes::float8 as database_bytes, storage_bytes::float8 as storage_bytes,
            disk_size_bytes::float8 as disk_size_bytes, connections, max_connections
     from resource_sample_history where project_id = $1 order by sampled_at desc limit 1`,
    [projectId],
  );
  return rows[0];
}

export async function pruneExpired(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(`delete from resource_sample_history where sampled_at < now() - interval '${HISTORY_RETENTION}'`);
  return rowCount ?? 0;
}
