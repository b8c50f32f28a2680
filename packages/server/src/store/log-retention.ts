/** Days each project keeps its logs (log_retention), and the pruning of every log source by them. */
import { LOG_RETENTION_DEFAULT_DAYS, LOG_SOURCE_NAMES, type LogSourceName } from '@basin/core';
import type { Queryable } from './db.ts';

export async function findRetentionDays(db: Queryable, ref: string): Promise<number> {
  const { rows } = await db.query<{ days: number }>('select days from log_retention where ref = $1', [ref]);
  return rows[0]?.days ?? LOG_RETENTION_DEFAULT_DAYS;
}

export async function setRetentionDays(db: Queryable, ref: string, days: number): Promise<void> {
  await db.query(
    `insert into log_retention (ref, days) values ($1, $2)
     on conflict (ref) do update set days = excluded.days, updated_at = now()`,
    [ref, days],
  );
}

/** Rows deleted per statement: a large backlog goes in short transactions, not one huge one. */
const PRUNE_BATCH = 10_000;

/** Deletes the rows whose ctids `selection` lists (given the table as `t`), PRUNE_BATCH at a time; answers how many went. */
async function deleteInBatches(db: Queryable, table: LogSourceName, selection: string): Promise<number> {
  let total = 0;
  for (;;) {
    const { rowCount } = await db.query(`delete from ${table} where ctid = any(array(${selection} limit ${PRUNE_BATCH}))`);
    total += rowCount ?? 0;
    if ((rowCount ?? 0) < PRUNE_BATCH) return total;
  }
}

/**
 * Removes what each project keeps no longer, from every source: older than its own retention, or
 * than the default for projects that never changed it. Answers the rows removed per source.
 */
export async function pruneExpired(db: Queryable): Promise<Record<LogSourceName, number>> {
  const removed = {} as Record<LogSourceName, number>;
  for (const table of LOG_SOURCE_NAMES) {
    const byDefault = await deleteInBatches(
      db,
      table,
      `select t.ctid from ${table} t
       where t.timestamp < now() - interval '${LOG_RETENTION_DEFAULT_DAYS} days'
         and not exists (select from log_retention r where r.ref = t.ref)`,
    );
    // One range of the (ref, timestamp) index per project with a setting of its own.
    const bySetting = await deleteInBatches(
      db,
      table,
      `select t.ctid from log_retention r join ${table} t on t.ref = r.ref
       where t.timestamp < now() - make_interval(days => r.days)`,
    );
    removed[table] = byDefault + bySetting;
  }
  return removed;
}

/** Every log row of a project being deleted. */
export async function removeProjectLogs(db: Queryable, ref: string): Promise<void> {
  for (const table of LOG_SOURCE_NAMES) await db.query(`delete from ${table} where ref = $1`, [ref]);
}
