import type { TableChange } from '@basin/core/schemas';
import { ident, qualified } from '../../rest/sql-fragment.ts';
import { columnDefinitionSql, commentSql, foreignKeySql, primaryKeySql } from './column-sql.ts';

type CreateTable = Extract<TableChange, { kind: 'create' }>;

/** `create table` with its keys, then the comments and row level security; `types` is each column's type SQL, in order. */
export function createTableStatements(change: CreateTable, types: string[]): string[] {
  const table = qualified(change.schema, change.name);
  const keyColumns = change.columns.filter((column) => column.primary_key).map((column) => column.name);
  const clauses = [
    ...change.columns.map((column, index) => columnDefinitionSql(column, types[index]!)),
    ...(keyColumns.length ? [primaryKeySql(keyColumns)] : []),
    ...change.foreign_keys.map(foreignKeySql),
  ];
  const statements = [`create table ${table} (\n  ${clauses.join(',\n  ')}\n)`];
  if (change.comment) statements.push(commentSql(`table ${table}`, change.comment));
  for (const column of change.columns)
    if (column.comment) statements.push(commentSql(`column ${table}.${ident(column.name)}`, column.comment));
  if (change.rls_enabled) statements.push(`alter table ${table} enable row level security`);
  return statements;
}
