import type { Queryable } from './db.ts';

export interface TelemetryEventRow {
  event: string;
  user_id: string | null;
  organization_id: number | null;
  project_ref: string | null;
  properties: Record<string, unknown>;
}

export async function insert(db: Queryable, row: TelemetryEventRow): Promise<void> {
  await db.query('insert into telemetry_events (event, user_id, organization_id, project_ref, properties) values ($1, $2, $3, $4, $5)', [
    row.event,
    row.user_id,
    row.organization_id,
    row.project_ref,
    JSON.stringify(row.properties),
  ]);
}

/** Removes the events recorded before `days` days ago. */
export async function removeOlderThan(db: Queryable, days: number): Promise<number> {
  const { rowCount } = await db.query('delete from telemetry_events where created_at < now() - make_interval(days => $1)', [days]);
  return rowCount ?? 0;
}
