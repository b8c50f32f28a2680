import type { Queryable } from './db.ts';

/** The latest resource sample of a project (migration 013 says what each column holds). */
export interface ResourceSample {
  sampled_at: Date;
  instance: string | null;
  cpu_seconds: number | null;
  io_bytes: number | null;
  disk_used_bytes: number;
  cpu_percent: number | null;
  memory_percent: number | null;
  disk_io_percent: number | null;
  auth_emails_last_hour: number;
  auth_email_limit: number;
}

/**
 * The project's sample, or undefined; with maxAgeSeconds only one younger than that (an older one
 * may describe an instance that has since stopped).
 */
export async function find(db: Queryable, projectId: number, maxAgeSeconds?: number): Promise<ResourceSample | undefined> {
  const { rows } = await db.query<ResourceSample>(
    `select sampled_at, instance, cpu_seconds, io_bytes::float8 as io_bytes, disk_used_bytes::float8 as disk_used_bytes,
            cpu_percent, memory_percent, disk_io_percent, auth_emails_last_hour, auth_email_limit
     from resource_samples
     where project_id = $1 and ($2::float8 is null or sampled_at > now() - make_interval(secs => $2::float8))`,
    [projectId, maxAgeSeconds ?? null],
  );
  return rows[0];
}

export async function save(db: Queryable, projectId: number, sample: ResourceSample): Promise<void> {
  await db.query(
    `insert into resource_samples as s (project_id, sampled_at, instance, cpu_seconds, io_bytes, disk_used_bytes,
       cpu_percent, memory_percent, disk_io_percent, auth_emails_last_hour, auth_email_limit)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (project_id) do update set sampled_at = excluded.sampled_at, instance = excluded.instance,
       cpu_seconds = excluded.cpu_seconds, io_bytes = excluded.io_bytes, disk_used_bytes = excluded.disk_used_bytes,
       cpu_percent = excluded.cpu_percent, memory_percent = excluded.memory_percent, disk_io_percent = excluded.disk_io_percent,
       auth_emails_last_hour = excluded.auth_emails_last_hour, auth_email_limit = excluded.auth_email_limit`,
    [
      projectId,
      sample.sampled_at,
      sample.instance,
      sample.cpu_seconds,
      sample.io_bytes,
      sample.disk_used_bytes,
      sample.cpu_percent,
      sample.memory_percent,
      sample.disk_io_percent,
      sample.auth_emails_last_hour,
      sample.auth_email_limit,
    ],
  );
}
