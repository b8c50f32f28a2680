/** Point-in-time recovery's rows: the project's archiving state, its base backups and its restores. */
import type { PitrRetentionDays, PitrRestoreStep } from '@basin/core';
import type { Queryable } from './db.ts';
import { forgetSnapshot } from './projects.ts';

export interface PitrRestoreRow {
  id: number;
  project_ref: string;
  target_time: Date;
  status: 'RUNNING' | 'COMPLETED' | 'FAILED';
  step: PitrRestoreStep;
  error: string | null;
  created_at: Date;
  completed_at: Date | null;
}

export interface BaseBackupRow {
  id: number;
  inserted_at: Date;
  completed_at: Date;
}

/** Sets the add-on's window (null: off); `since` starts a new archived history when given. */
export async function setRetention(db: Queryable, ref: string, days: PitrRetentionDays | null, since?: 'now'): Promise<void> {
  await db.query(
    `update projects set pitr_retention_days = $2, pitr_since = case when $2::int is null then null when $3 then now() else pitr_since end,
       updated_at = now() where ref = $1`,
    [ref, days, since === 'now'],
  );
  forgetSnapshot(ref);
}

/** A new archived history begins now (after a restore made a new timeline). */
export async function restartHistory(db: Queryable, ref: string): Promise<void> {
  await db.query('update projects set pitr_since = now(), updated_at = now() where ref = $1 and pitr_since is not null', [ref]);
  forgetSnapshot(ref);
}

/** The completed base backups of the project's current history, oldest first. */
export async function baseBackups(db: Queryable, ref: string): Promise<BaseBackupRow[]> {
  const { rows } = await db.query<BaseBackupRow>(
    `select b.id, b.inserted_at, b.completed_at from backups b join projects p on p.ref = b.project_ref
     where b.project_ref = $1 and b.kind = 'pitr' and b.status = 'COMPLETED' and p.pitr_since is not null and b.inserted_at >= p.pitr_since
     order by b.completed_at`,
    [ref],
  );
  return rows;
}

/** Bytes of the project's base backups, of every history still kept. */
export async function baseBackupBytes(db: Queryable, ref: string): Promise<number> {
  const { rows } = await db.query<{ bytes: number }>(
    `select coalesce(sum(size_bytes), 0)::float8 as bytes from backups where project_ref = $1 and kind = 'pitr' and status = 'COMPLETED'`,
    [ref],
  );
  return rows[0]!.bytes;
}

/** Base backups no window needs: of an older history, or older than `keepFrom` (the window's base is kept). */
export async function deleteUnneededBases(db: Queryable, ref: string, keepFrom: number | null): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `delete from backups where project_ref = $1 and kind = 'pitr' and status <> 'RUNNING' and ($2::int is null or id < $2) returning id`,
    [ref, keepFrom],
  );
  return rows.map((row) => row.id);
}

const RESTORE_COLUMNS = 'id, project_ref, target_time, status, step, error, created_at, completed_at';

export async function insertRestore(db: Queryable, ref: string, target: Date, step: PitrRestoreStep): Promise<PitrRestoreRow> {
  const { rows } = await db.query<PitrRestoreRow>(
    `insert into pitr_restores (project_ref, target_time, step) values ($1, $2, $3) returning ${RESTORE_COLUMNS}`,
    [ref, target, step],
  );
  return rows[0]!;
}

export async function runningRestore(db: Queryable, ref: string): Promise<PitrRestoreRow | undefined> {
  const { rows } = await db.query<PitrRestoreRow>(
    `select ${RESTORE_COLUMNS} from pitr_restores where project_ref = $1 and status = 'RUNNING'`,
    [ref],
  );
  return rows[0];
}

export async function latestRestore(db: Queryable, ref: string): Promise<PitrRestoreRow | undefined> {
  const { rows } = await db.query<PitrRestoreRow>(
    `select ${RESTORE_COLUMNS} from pitr_restores where project_ref = $1 order by id desc limit 1`,
    [ref],
  );
  return rows[0];
}

export async function setRestoreStep(db: Queryable, id: number, step: PitrRestoreStep): Promise<void> {
  await db.query('update pitr_restores set step = $2 where id = $1', [id, step]);
}

export async function endRestore(db: Queryable, id: number, error: string | null): Promise<void> {
  await db.query(
    `update pitr_restores set status = case when $2::text is null then 'COMPLETED' else 'FAILED' end, error = $2,
       step = case when $2::text is null then 'Done' else step end, completed_at = now() where id = $1`,
    [id, error],
  );
}
