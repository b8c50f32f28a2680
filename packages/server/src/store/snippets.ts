import type { Queryable } from './db.ts';

export interface SnippetRow {
  id: string;
  name: string;
  sql: string;
  owner_id: string;
  project_id: number;
  project_ref: string;
  created_at: Date;
  updated_at: Date;
}

const SELECT = `select s.id, s.name, s.sql, s.owner_id, p.id as project_id, s.project_ref, s.created_at, s.updated_at
  from snippets s join projects p on p.ref = s.project_ref`;

/** The owner's snippets of a project, the most recently changed first. */
export async function listForOwner(db: Queryable, ref: string, ownerId: string): Promise<SnippetRow[]> {
  const { rows } = await db.query<SnippetRow>(`${SELECT} where s.project_ref = $1 and s.owner_id = $2 order by s.updated_at desc, s.id`, [
    ref,
    ownerId,
  ]);
  return rows;
}

export async function findForOwner(db: Queryable, ref: string, ownerId: string, id: string): Promise<SnippetRow | undefined> {
  const { rows } = await db.query<SnippetRow>(`${SELECT} where s.project_ref = $1 and s.owner_id = $2 and s.id = $3`, [ref, ownerId, id]);
  return rows[0];
}

export async function insert(db: Queryable, s: Pick<SnippetRow, 'project_ref' | 'owner_id' | 'name' | 'sql'>): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'insert into snippets (project_ref, owner_id, name, sql) values ($1, $2, $3, $4) returning id',
    [s.project_ref, s.owner_id, s.name, s.sql],
  );
  return rows[0]!.id;
}

/** Changes the given fields; false when the owner has no such snippet. */
export async function update(
  db: Queryable,
  ref: string,
  ownerId: string,
  id: string,
  change: { name?: string; sql?: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update snippets set name = coalesce($4, name), sql = coalesce($5, sql), updated_at = now()
     where project_ref = $1 and owner_id = $2 and id = $3`,
    [ref, ownerId, id, change.name ?? null, change.sql ?? null],
  );
  return rowCount === 1;
}

export async function remove(db: Queryable, ref: string, ownerId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from snippets where project_ref = $1 and owner_id = $2 and id = $3', [ref, ownerId, id]);
  return rowCount === 1;
}
