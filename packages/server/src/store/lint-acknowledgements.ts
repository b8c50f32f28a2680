import type { Queryable } from './db.ts';

export interface LintAcknowledgementRow {
  cache_key: string;
  note: string;
  /** The email of the member who acknowledged; empty once that user is deleted. */
  by: string;
  at: Date;
}

export async function list(db: Queryable, ref: string): Promise<LintAcknowledgementRow[]> {
  const { rows } = await db.query<LintAcknowledgementRow>(
    `select a.cache_key, a.note, coalesce(u.email, '') as by, a.acknowledged_at as at
     from lint_acknowledgements a left join "user" u on u.id = a.user_id
     where a.project_ref = $1 order by a.acknowledged_at desc, a.cache_key`,
    [ref],
  );
  return rows;
}

/** Acknowledging again replaces the note, the member and the time. */
export async function upsert(db: Queryable, ref: string, cacheKey: string, note: string, userId: string): Promise<void> {
  await db.query(
    `insert into lint_acknowledgements (project_ref, cache_key, note, user_id) values ($1, $2, $3, $4)
     on conflict (project_ref, cache_key) do update
       set note = excluded.note, user_id = excluded.user_id, acknowledged_at = now()`,
    [ref, cacheKey, note, userId],
  );
}

/** Whether there was one to remove. */
export async function remove(db: Queryable, ref: string, cacheKey: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from lint_acknowledgements where project_ref = $1 and cache_key = $2', [ref, cacheKey]);
  return (rowCount ?? 0) > 0;
}
