import { DEFAULT_DISK, type DiskAttributes } from '@basin/core';
import type { Queryable } from './db.ts';

export interface DiskRow {
  attributes: DiskAttributes;
  last_modified_at: Date | null;
  readonly_mode: boolean;
}

interface Stored {
  type: DiskAttributes['type'];
  size_gb: number;
  iops: number;
  throughput_mbps: number | null;
  last_modified_at: Date | null;
  readonly_mode: boolean;
}

/** The project's disk; the default disk until someone changes it. */
export async function find(db: Queryable, projectId: number): Promise<DiskRow> {
  const { rows } = await db.query<Stored>(
    `select type, size_gb, iops, throughput_mbps, last_modified_at, readonly_mode from project_disks where project_id = $1`,
    [projectId],
  );
  const row = rows[0];
  if (!row) return { attributes: { ...DEFAULT_DISK }, last_modified_at: null, readonly_mode: false };
  const attributes: DiskAttributes = { type: row.type, size_gb: row.size_gb, iops: row.iops };
  if (row.throughput_mbps !== null) attributes.throughput_mbps = row.throughput_mbps;
  return { attributes, last_modified_at: row.last_modified_at, readonly_mode: row.readonly_mode };
}

export type DiskChangeCause = 'member' | 'autoscale';

/** Who changed the disk, and for autoscaling the usage that made it grow. */
export interface DiskChange {
  cause: DiskChangeCause;
  usedBytes: number | null;
}

/**
 * Stores new attributes, starts the cooldown and adds the change to the disk's history, unless
 * another change landed inside the cooldown since (checked in the same statement, so two
 * concurrent changes, a member's and autoscaling's, cannot both pass). False when refused.
 */
export async function update(
  db: Queryable,
  projectId: number,
  disk: DiskAttributes,
  cooldownSeconds: number,
  change: DiskChange,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `with previous as (
       select type, size_gb, iops, throughput_mbps from project_disks where project_id = $1
     ), changed as (
       insert into project_disks as d (project_id, type, size_gb, iops, throughput_mbps, last_modified_at)
       values ($1, $2, $3, $4, $5, now())
       on conflict (project_id) do update
         set type = excluded.type, size_gb = excluded.size_gb, iops = excluded.iops,
             throughput_mbps = excluded.throughput_mbps, last_modified_at = now()
         where d.last_modified_at is null or d.last_modified_at <= now() - make_interval(secs => $6)
       returning type, size_gb, iops, throughput_mbps, last_modified_at
     )
     insert into project_disk_history (project_id, changed_at, cause, previous, attributes, used_bytes)
     select $1, c.last_modified_at, $7,
            coalesce((select jsonb_strip_nulls(to_jsonb(p)) from previous p), $8::jsonb),
            jsonb_strip_nulls(to_jsonb(c)) - 'last_modified_at', $9
     from changed c`,
    [
      projectId,
      disk.type,
      disk.size_gb,
      disk.iops,
      disk.type === 'gp3' ? (disk.throughput_mbps ?? null) : null,
      cooldownSeconds,
      change.cause,
      JSON.stringify(DEFAULT_DISK),
      change.usedBytes,
    ],
  );
  return rowCount === 1;
}

export interface DiskHistoryRow {
  changed_at: Date;
  cause: DiskChangeCause;
  previous: DiskAttributes;
  attributes: DiskAttributes;
  used_bytes: number | null;
}

/** The project's latest disk changes, newest first. */
export async function history(db: Queryable, projectId: number, limit: number): Promise<DiskHistoryRow[]> {
  const { rows } = await db.query<DiskHistoryRow>(
    `select changed_at, cause, previous, attributes, used_bytes::float8 as used_bytes
     from project_disk_history where project_id = $1 order by changed_at desc, id desc limit $2`,
    [projectId, limit],
  );
  return rows;
}

export async function setReadonlyMode(db: Queryable, projectId: number, readonly: boolean): Promise<void> {
  await db.query(
    `insert into project_disks (project_id, type, size_gb, iops, throughput_mbps, readonly_mode)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (project_id) do update set readonly_mode = excluded.readonly_mode`,
    [projectId, DEFAULT_DISK.type, DEFAULT_DISK.size_gb, DEFAULT_DISK.iops, DEFAULT_DISK.throughput_mbps, readonly],
  );
}
