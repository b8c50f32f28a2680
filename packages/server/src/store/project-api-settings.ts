import type { Queryable } from './db.ts';
import { forgetSnapshot, type ProjectApiSettings } from './projects.ts';

// The settings' shape sits in projects.ts, whose snapshot carries them.
export type { ProjectApiSettings };

export async function findApiSettings(db: Queryable, ref: string): Promise<ProjectApiSettings | undefined> {
  const { rows } = await db.query<ProjectApiSettings>(
    'select exposed_schemas, max_rows, db_aggregates_enabled, db_plan_enabled from projects where ref = $1',
    [ref],
  );
  return rows[0];
}

/** The schemas the project's API serves (default `public`). */
export async function exposedSchemas(db: Queryable, ref: string): Promise<string[]> {
  return (await findApiSettings(db, ref))?.exposed_schemas ?? ['public'];
}

/** Sets what is given; leaves the rest. */
export async function updateApiSettings(
  db: Queryable,
  ref: string,
  update: Partial<ProjectApiSettings>,
): Promise<ProjectApiSettings | undefined> {
  const { rows } = await db.query<ProjectApiSettings>(
    `update projects set exposed_schemas = coalesce($2, exposed_schemas), max_rows = coalesce($3, max_rows),
       db_aggregates_enabled = coalesce($4, db_aggregates_enabled), db_plan_enabled = coalesce($5, db_plan_enabled),
       updated_at = now()
     where ref = $1 returning exposed_schemas, max_rows, db_aggregates_enabled, db_plan_enabled`,
    [ref, update.exposed_schemas ?? null, update.max_rows ?? null, update.db_aggregates_enabled ?? null, update.db_plan_enabled ?? null],
  );
  forgetSnapshot(ref);
  return rows[0];
}
