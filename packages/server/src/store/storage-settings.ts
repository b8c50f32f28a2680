import type { Queryable } from './db.ts';

/** The project's own file size limit (Storage → Settings), if it set one. */
export async function fileSizeLimit(db: Queryable, ref: string): Promise<number | undefined> {
  const { rows } = await db.query<{ file_size_limit: string }>('select file_size_limit from storage_settings where ref = $1', [ref]);
  return rows[0] ? Number(rows[0].file_size_limit) : undefined;
}

export async function setFileSizeLimit(db: Queryable, ref: string, limit: number): Promise<void> {
  await db.query(
    `insert into storage_settings (ref, file_size_limit) values ($1, $2)
     on conflict (ref) do update set file_size_limit = excluded.file_size_limit, updated_at = now()`,
    [ref, limit],
  );
}
