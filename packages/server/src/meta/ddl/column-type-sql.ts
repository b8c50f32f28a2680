import { TABLE_EDITOR_MESSAGES } from '@basin/core';
import type pg from 'pg';
import { badRequest } from '../../kernel/errors.ts';
import { ident, qualified } from '../../rest/sql-fragment.ts';

/** A column type as a change names it: pg_type's name or Postgres's printed one, in a schema or not. */
export interface TypeReference {
  type: string;
  type_schema?: string | undefined;
}

/**
 * Each reference's row: the first schema of `schemas` (or its own) holding a type of that name
 * that a column can have (no pseudo-types, no table row types), with the element of an array.
 */
const RESOLVE_SQL = `
select r.i::int as i, t.schema, t.name, t.element_schema, t.element_name
from unnest($1::text[], $2::text[]) with ordinality as r(type, type_schema, i)
cross join lateral (
  select n.nspname as schema, t.typname as name, en.nspname as element_schema, et.typname as element_name
  from pg_catalog.pg_type t
  join pg_catalog.pg_namespace n on n.oid = t.typnamespace
  left join pg_catalog.pg_class c on c.oid = t.typrelid
  left join pg_catalog.pg_type et on et.oid = t.typelem and t.typsubscript = 'pg_catalog.array_subscript_handler'::pg_catalog.regproc
  left join pg_catalog.pg_namespace en on en.oid = et.typnamespace
  where (t.typname = r.type or pg_catalog.format_type(t.oid, null) = r.type)
    and case when r.type_schema is null then n.nspname = any($3::text[]) else n.nspname = r.type_schema end
    and t.typtype <> 'p' and t.typisdefined and (t.typrelid = 0 or c.relkind = 'c')
  order by pg_catalog.array_position($3::text[], n.nspname::text), t.typname = r.type desc
  limit 1
) t`;

/** Built-in names print bare (`int8`, `text`) as Postgres would read them; the others qualified. */
function typeName(schema: string, name: string): string {
  if (schema !== 'pg_catalog') return qualified(schema, name);
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : ident(name);
}

interface ResolvedRow {
  i: number;
  schema: string;
  name: string;
  element_schema: string | null;
  element_name: string | null;
}

/**
 * The SQL of each referenced type, in order, checked against the instance's real types: a name
 * that is no type of a usable kind answers 400 before anything runs. Types without a schema are
 * looked up in pg_catalog, then the table's schema, then public.
 */
export async function resolveColumnTypes(client: pg.ClientBase, references: TypeReference[], tableSchema: string): Promise<string[]> {
  if (!references.length) return [];
  const { rows } = await client.query<ResolvedRow>(RESOLVE_SQL, [
    references.map((reference) => reference.type.trim()),
    references.map((reference) => reference.type_schema ?? null),
    ['pg_catalog', tableSchema, 'public'],
  ]);
  const found = new Map(rows.map((row) => [row.i, row]));
  return references.map((reference, index) => {
    const row = found.get(index + 1);
    if (!row) throw badRequest(TABLE_EDITOR_MESSAGES.unknownType(reference.type));
    if (row.element_schema !== null && row.element_name !== null) return `${typeName(row.element_schema, row.element_name)}[]`;
    return typeName(row.schema, row.name);
  });
}
