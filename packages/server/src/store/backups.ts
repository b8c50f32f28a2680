import type { Queryable } from './db.ts';

export type BackupKind = 'scheduled' | 'pause' | 'upgrade' | 'pitr';
export type BackupStatus = 'RUNNING' | 'COMPLETED' | 'FAILED';

export interface BackupRow {
  id: number;
  project_ref: string;
  kind: BackupKind;
  status: BackupStatus;
  /** pg returns bigint as text; converted on the way out. */
  size_bytes: number | null;
  inserted_at: Date;
}

const COLUMNS = 'id, project_ref, kind, status, size_bytes::float8 as size_bytes, inserted_at';

/** A new backup in progress: the row exists before its file. */
export async function insertRunning(db: Queryable, ref: string, kind: BackupKind): Promise<BackupRow> {
  const { rows } = await db.query<BackupRow>(
    `insert into backups (project_ref, kind, status) values ($1, $2, 'RUNNING') returning ${COLUMNS}`,
    [ref, kind],
  );
  return rows[0]!;
}

export async function markCompleted(db: Queryable, id: number, sizeBytes: number): Promise<void> {
  await db.query("update backups set status = 'COMPLETED', size_bytes = $2, completed_at = now() where id = $1", [id, sizeBytes]);
}

export async function markFailed(db: Queryable, id: number): Promise<void> {
  await db.query("update backups set status = 'FAILED', completed_at = now() where id = $1", [id]);
}

/** Backups cut off by a stop of the platform: they will never complete. */
export async function failInterrupted(db: Queryable): Promise<Pick<BackupRow, 'id' | 'project_ref'>[]> {
  const { rows } = await db.query<Pick<BackupRow, 'id' | 'project_ref'>>(
    "update backups set status = 'FAILED', completed_at = now() where status = 'RUNNING' returning id, project_ref",
  );
  return rows;
}

/** The backups a member can download, newest first. */
export async function listCompleted(db: Queryable, ref: string): Promise<BackupRow[]> {
  const { rows } = await db.query<BackupRow>(
    `select ${COLUMNS} from backups where project_ref = $1 and status = 'COMPLETED' order by id desc`,
    [ref],
  );
  return rows;
}

export async function findCompleted(db: Queryable, ref: string, id: number): Promise<BackupRow | undefined> {
  const { rows } = await db.query<BackupRow>(`select ${COLUMNS} from backups where project_ref = $1 and id = $2 and status = 'COMPLETED'`, [
    ref,
    id,
  ]);
  return rows[0];
}

/** Deletes the rows of `kind` beyond the newest `keep` completed ones; answers their ids. */
export async function deleteBeyond(db: Queryable, ref: string, kind: BackupKind, keep: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `delete from backups where project_ref = $1 and kind = $2 and id not in (
       select id from backups where project_ref = $1 and kind = $2 and status = 'COMPLETED' order by id desc limit $3
     ) and status <> 'RUNNING' returning id`,
    [ref, kind, keep],
  );
  return rows.map((r) => r.id);
}

export async function deleteForProject(db: Queryable, ref: string): Promise<void> {
  await db.query('delete from backups where project_ref = $1', [ref]);
}
