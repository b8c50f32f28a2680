import type { ReportItem } from '@basin/core/schemas';
import type { Queryable } from './db.ts';

export interface ReportRow {
  id: string;
  project_ref: string;
  name: string;
  items: ReportItem[];
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, project_ref, name, items, created_at, updated_at';

/** The project's reports, oldest first (the order the menu lists them). */
export async function list(db: Queryable, ref: string): Promise<ReportRow[]> {
  const { rows } = await db.query<ReportRow>(`select ${COLUMNS} from reports where project_ref = $1 order by created_at, id`, [ref]);
  return rows;
}

export async function find(db: Queryable, ref: string, id: string): Promise<ReportRow | undefined> {
  const { rows } = await db.query<ReportRow>(`select ${COLUMNS} from reports where project_ref = $1 and id = $2`, [ref, id]);
  return rows[0];
}

export async function insert(db: Queryable, ref: string, name: string, createdBy: string): Promise<ReportRow> {
  const { rows } = await db.query<ReportRow>(
    `insert into reports (project_ref, name, created_by) values ($1, $2, $3) returning ${COLUMNS}`,
    [ref, name, createdBy],
  );
  return rows[0]!;
}

/**
 * Sets the name and/or the items, only if the items are still `expected` (compared as stored):
 * undefined when the report is gone or another change came first.
 */
export async function update(
  db: Queryable,
  ref: string,
  id: string,
  change: { name?: string; items?: ReportItem[] },
  expected: ReportItem[],
): Promise<ReportRow | undefined> {
  const { rows } = await db.query<ReportRow>(
    `update reports set name = coalesce($3, name), items = coalesce($4::jsonb, items), updated_at = now()
     where project_ref = $1 and id = $2 and items = $5::jsonb
     returning ${COLUMNS}`,
    [ref, id, change.name ?? null, change.items ? JSON.stringify(change.items) : null, JSON.stringify(expected)],
  );
  return rows[0];
}

export async function remove(db: Queryable, ref: string, id: string): Promise<ReportRow | undefined> {
  const { rows } = await db.query<ReportRow>(`delete from reports where project_ref = $1 and id = $2 returning ${COLUMNS}`, [ref, id]);
  return rows[0];
}
