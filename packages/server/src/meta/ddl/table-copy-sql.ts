import type { TableChange } from '@basin/core/schemas';
import type pg from 'pg';
import { ident, qualified } from '../../rest/sql-fragment.ts';

type DuplicateTable = Extract<TableChange, { kind: 'duplicate' }>;

/** The columns a copy of the rows can write: generated columns compute their own values. */
async function writableColumns(client: pg.ClientBase, schema: string, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select a.attname as name
     from pg_catalog.pg_attribute a
     join pg_catalog.pg_class c on c.oid = a.attrelid
     join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relname = $2 and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by a.attnum`,
    [schema, table],
  );
  return rows.map((row) => row.name);
}

/**
 * A new table of the same structure (columns, defaults, constraints, indexes, comments) beside
 * the original, with its row level security switch, and its rows when asked. Identity values are
 * copied as they are.
 */
export async function duplicateTableStatements(client: pg.ClientBase, change: DuplicateTable): Promise<string[]> {
  const source = qualified(change.schema, change.name);
  const copy = qualified(change.schema, change.new_name);
  const statements = [`create table ${copy} (like ${source} including all)`];
  const { rows } = await client.query<{ rls: boolean }>(
    `select c.relrowsecurity as rls from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')`,
    [change.schema, change.name],
  );
  // An unknown source is left to `create table ... like`, whose refusal names it.
  if (rows[0]?.rls) statements.push(`alter table ${copy} enable row level security`);
  if (change.with_data) {
    const columns = (await writableColumns(client, change.schema, change.name)).map(ident).join(', ');
    if (columns) statements.push(`insert into ${copy} (${columns}) overriding system value select ${columns} from ${source}`);
  }
  return statements;
}

export const truncateTableStatement = (change: Extract<TableChange, { kind: 'truncate' }>) =>
  `truncate table ${qualified(change.schema, change.name)}${change.cascade ? ' cascade' : ''}`;

export const deleteTableStatement = (change: Extract<TableChange, { kind: 'delete' }>) =>
  `drop table ${qualified(change.schema, change.name)}${change.cascade ? ' cascade' : ''}`;
