/** The statuses each project went through (migration 027's trigger writes them). */
import type { Queryable } from './db.ts';

/**
 * Hours each project spent ACTIVE_HEALTHY from `since` until now: its compute hours. A project
 * made before the history began counts from the migration that started it.
 */
export async function activeHoursSince(db: Queryable, projectIds: number[], since: Date): Promise<Map<number, number>> {
  const { rows } = await db.query<{ project_id: number; hours: number }>(
    `select project_id, sum(extract(epoch from until - greatest(changed_at, $2::timestamptz)))::float8 / 3600 as hours
     from (
       select project_id, status, changed_at,
              lead(changed_at, 1, now()) over (partition by project_id order by changed_at) as until
       from project_status_changes where project_id = any($1)
     ) c
     where status = 'ACTIVE_HEALTHY' and until > $2::timestamptz
     group by project_id`,
    [projectIds, since],
  );
  return new Map(rows.map((row) => [row.project_id, row.hours]));
}
