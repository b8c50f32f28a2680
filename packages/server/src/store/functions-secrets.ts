/** A project's function secrets, sealed (kernel/secrets.ts SecretBox) with their value's digest beside them. */
import type { Db, Queryable } from './db.ts';
import { transaction } from './db.ts';

export interface SecretRow {
  name: string;
  /** Sealed. */
  value: string;
  digest: string;
  updated_at: Date;
}

export async function list(db: Queryable, ref: string): Promise<SecretRow[]> {
  const { rows } = await db.query<SecretRow>(
    'select name, value, digest, updated_at from edge_function_secrets where ref = $1 order by name',
    [ref],
  );
  return rows;
}

/** Sets each secret (insert or replace), all or none. */
export async function upsertMany(db: Db, ref: string, secrets: { name: string; sealed: string; digest: string }[]): Promise<void> {
  await transaction(db, async (client) => {
    await client.query(
      `insert into edge_function_secrets (ref, name, value, digest)
       select $1, name, value, digest from unnest($2::text[], $3::text[], $4::text[]) as t(name, value, digest)
       on conflict (ref, name) do update set value = excluded.value, digest = excluded.digest, updated_at = now()`,
      [ref, secrets.map((s) => s.name), secrets.map((s) => s.sealed), secrets.map((s) => s.digest)],
    );
  });
}

export async function removeMany(db: Queryable, ref: string, names: string[]): Promise<number> {
  const { rowCount } = await db.query('delete from edge_function_secrets where ref = $1 and name = any($2::text[])', [ref, names]);
  return rowCount ?? 0;
}
