import type { AlterTableAction, TableChange } from '@basin/core/schemas';
import type pg from 'pg';
import { ident, qualified } from '../../rest/sql-fragment.ts';
import type { TypeReference } from './column-type-sql.ts';
import { columnDefinitionSql, commentSql, defaultSql, foreignKeySql, IDENTITY_SQL, primaryKeySql } from './column-sql.ts';

type AlterTable = Extract<TableChange, { kind: 'alter' }>;

/** The type references of the actions that name one, in order: what `types` answers, one each. */
export function alterTypeReferences(change: AlterTable): TypeReference[] {
  return change.actions.flatMap((action): TypeReference[] => {
    if (action.action === 'add_column') return [action.definition];
    if (action.action === 'set_column_type') return [action];
    return [];
  });
}

/** Single-column unique constraints of the table, by column: what `set_column_unique: false` drops. */
export async function uniqueConstraints(client: pg.ClientBase, change: AlterTable): Promise<Map<string, string[]>> {
  if (!change.actions.some((action) => action.action === 'set_column_unique' && !action.unique)) return new Map();
  const { rows } = await client.query<{ column: string; names: string[] }>(
    `select a.attname as column, array_agg(k.conname::text order by k.conname) as names
     from pg_catalog.pg_constraint k
     join pg_catalog.pg_class c on c.oid = k.conrelid
     join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = k.conkey[1]
     where n.nspname = $1 and c.relname = $2 and k.contype = 'u' and pg_catalog.array_length(k.conkey, 1) = 1
     group by a.attname`,
    [change.schema, change.name],
  );
  return new Map(rows.map((row) => [row.column, row.names]));
}

/** One action's statements on `table` (its current name); `nextType` hands out the resolved type of the action's reference. */
function actionStatements(table: string, action: AlterTableAction, nextType: () => string, uniques: Map<string, string[]>): string[] {
  const alter = (clause: string) => `alter table ${table} ${clause}`;
  const column = 'column' in action ? ident(action.column) : '';
  switch (action.action) {
    case 'rename':
      return [alter(`rename to ${ident(action.new_name)}`)];
    case 'set_comment':
      return [commentSql(`table ${table}`, action.comment)];
    case 'set_rls':
      return [alter(`${action.enabled ? 'enable' : 'disable'} row level security`)];
    case 'add_column': {
      const { definition } = action;
      const statements = [alter(`add column ${columnDefinitionSql(definition, nextType())}`)];
      if (definition.primary_key) statements.push(alter(`add ${primaryKeySql([definition.name])}`));
      if (definition.comment) statements.push(commentSql(`column ${table}.${ident(definition.name)}`, definition.comment));
      return statements;
    }
    case 'rename_column':
      return [alter(`rename column ${column} to ${ident(action.new_name)}`)];
    case 'drop_column':
      return [alter(`drop column ${column}${action.cascade ? ' cascade' : ''}`)];
    case 'set_column_type': {
      const type = nextType();
      return [alter(`alter column ${column} set data type ${type}${action.using ? ` using (${action.using})` : ''}`)];
    }
    case 'set_column_default': {
      const value = action.default;
      if (value === null) return [alter(`alter column ${column} drop identity if exists`), alter(`alter column ${column} drop default`)];
      if (value.kind === 'identity') return [alter(`alter column ${column} add ${IDENTITY_SQL}`)];
      return [alter(`alter column ${column} set default ${defaultSql(value)}`)];
    }
    case 'set_column_nullable':
      return [alter(`alter column ${column} ${action.nullable ? 'drop' : 'set'} not null`)];
    case 'set_column_unique':
      if (action.unique) return [alter(`add unique (${column})`)];
      return (uniques.get(action.column) ?? []).map((name) => alter(`drop constraint ${ident(name)}`));
    case 'set_column_comment':
      return [commentSql(`column ${table}.${column}`, action.comment)];
    case 'add_foreign_key':
      return [alter(`add ${foreignKeySql(action.foreign_key)}`)];
  }
}

/**
 * The actions' statements in their order. A rename applies to the actions after it, which name
 * the table by its new name.
 */
export function alterTableStatements(change: AlterTable, types: string[], uniques: Map<string, string[]>): string[] {
  let table = qualified(change.schema, change.name);
  let typeIndex = 0;
  const nextType = () => types[typeIndex++]!;
  return change.actions.flatMap((action) => {
    const statements = actionStatements(table, action, nextType, uniques);
    if (action.action === 'rename') table = qualified(change.schema, action.new_name);
    return statements;
  });
}
