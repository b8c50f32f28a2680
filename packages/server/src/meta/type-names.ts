import type pg from 'pg';

/** What the generators need to know of a type: domains resolved to their base, arrays to their element. */
export interface TypeName {
  id: number;
  schema: string;
  name: string;
  /** e = enum, c = composite, b = base, p = pseudo, r/m = range, ... */
  typtype: string;
  /** As Postgres prints it from pg_catalog: integer, text[], public.mood. */
  display: string;
  /** The element's id for an array type, else null. */
  element_id: number | null;
}

const TYPE_NAMES_SQL = `
with recursive wanted as (
  select t.oid, t.oid as asked from pg_type t where t.oid = any($1::oid[])
  union
  select case when t.typtype = 'd' then t.typbasetype else t.typelem end, w.asked
  from wanted w join pg_type t on t.oid = w.oid
  where t.typtype = 'd' or (t.typelem <> 0 and t.typlen = -1)
)
select distinct t.oid as id, n.nspname as schema, t.typname as name, t.typtype, format_type(t.oid, null) as display,
  case when t.typtype = 'd' then t.typbasetype when t.typelem <> 0 and t.typlen = -1 then t.typelem end as resolves_to
from wanted w join pg_type t on t.oid = w.oid join pg_namespace n on n.oid = t.typnamespace`;

interface TypeNameRow {
  id: number;
  schema: string;
  name: string;
  typtype: string;
  display: string;
  resolves_to: number | null;
}

/**
 * The types behind `ids` (and their elements and base types), keyed by id. A domain is answered
 * as its base type, so a column of a domain over text reads as text.
 */
export async function typeNames(client: pg.ClientBase, ids: Iterable<number>): Promise<Map<number, TypeName>> {
  const { rows } = await client.query<TypeNameRow>({ name: 'meta-type-names', text: TYPE_NAMES_SQL, values: [[...new Set(ids)]] });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const resolve = (row: TypeNameRow): TypeName => {
    if (row.typtype === 'd' && row.resolves_to !== null && byId.has(row.resolves_to)) return resolve(byId.get(row.resolves_to)!);
    return {
      id: row.id,
      schema: row.schema,
      name: row.name,
      typtype: row.typtype,
      display: row.display,
      element_id: row.typtype === 'd' ? null : row.resolves_to,
    };
  };
  return new Map(rows.map((row) => [row.id, resolve(row)]));
}
