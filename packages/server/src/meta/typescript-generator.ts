import type { PgColumn, PgFunction, PgTable, PgView } from '@basin/core/schemas';
import type { SchemaSnapshot } from './schema-snapshot.ts';
import { helperTypes } from './typescript-helpers.ts';
import { nullable, objectType, propertyName, rowType, typeOf, type Field } from './typescript-type-of.ts';

/**
 * The `Database` type of supabase-js for a snapshot of some schemas, with Json, the helper types
 * and `Constants` (enum labels as values). Pure: the same snapshot always gives the same text.
 */
export function generateTypescript(snapshot: SchemaSnapshot): string {
  const schemas = snapshot.schemas.map((schema) => `  ${propertyName(schema)}: {\n${schemaBody(snapshot, schema)}\n  }`);
  const defaultSchema = snapshot.schemas.includes('public') ? 'public' : snapshot.schemas[0];
  return [
    JSON_TYPE,
    `export type Database = {\n${schemas.join('\n')}\n}\n`,
    defaultSchema === undefined ? '' : helperTypes(defaultSchema),
    constants(snapshot),
  ].join('\n');
}

const JSON_TYPE = `export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]
`;

const EMPTY = '{ [_ in never]: never }';

/** `{ name: body }` entries, or the empty-section type supabase-js expects. */
function section(entries: [name: string, body: string][], indent: string): string {
  if (!entries.length) return EMPTY;
  const sorted = [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{\n${sorted.map(([name, body]) => `${indent}  ${propertyName(name)}: ${body}`).join('\n')}\n${indent}}`;
}

function schemaBody(snapshot: SchemaSnapshot, schema: string): string {
  const inSchema = <T extends { schema: string }>(items: T[]) => items.filter((item) => item.schema === schema);
  const tables = inSchema(snapshot.tables).map((t): [string, string] => [t.name, tableType(snapshot, t)]);
  const views = [...inSchema(snapshot.views), ...inSchema(snapshot.materializedViews)].map((v): [string, string] => [
    v.name,
    viewType(snapshot, v),
  ]);
  const types = inSchema(snapshot.types);
  const enums = types
    .filter((t) => t.enums.length)
    .map((t): [string, string] => [t.name, t.enums.map((label) => JSON.stringify(label)).join(' | ')]);
  const composites = types
    .filter((t) => t.attributes.length)
    .map((t): [string, string] => [
      t.name,
      objectType(
        t.attributes.map((a) => [a.name, nullable(typeOf(snapshot, a.type_id), true)]),
        '      ',
      ),
    ]);
  return [
    `    Tables: ${section(tables, '    ')}`,
    `    Views: ${section(views, '    ')}`,
    `    Functions: ${section(functionEntries(snapshot, inSchema(snapshot.functions)), '    ')}`,
    `    Enums: ${section(enums, '    ')}`,
    `    CompositeTypes: ${section(composites, '    ')}`,
  ].join('\n');
}

/** Generated columns and ALWAYS identities cannot be written; defaults, identities and nullables may be left out. */
const readOnly = (c: PgColumn) => c.is_generated || c.identity_generation === 'ALWAYS' || !c.is_updatable;
const optionalOnInsert = (c: PgColumn) => c.is_nullable || c.default_value !== null || c.is_identity;

function writeType(snapshot: SchemaSnapshot, columns: PgColumn[], optional: (c: PgColumn) => boolean): string {
  const fields = columns.map((c): Field => {
    const type = readOnly(c) ? 'never' : nullable(typeOf(snapshot, c.type_id), c.is_nullable);
    return [c.name, type, readOnly(c) || optional(c)];
  });
  return objectType(fields, FIELD_INDENT);
}

const FIELD_INDENT = '        ';

function tableType(snapshot: SchemaSnapshot, table: PgTable): string {
  const columns = table.columns ?? [];
  return `{
        Row: ${rowType(snapshot, columns, 0, FIELD_INDENT)}
        Insert: ${writeType(snapshot, columns, optionalOnInsert)}
        Update: ${writeType(snapshot, columns, () => true)}
        Relationships: ${relationships(table)}
      }`;
}

function viewType(snapshot: SchemaSnapshot, view: PgView | { columns?: PgColumn[] }): string {
  const columns = view.columns ?? [];
  const writable = 'is_updatable' in view && view.is_updatable;
  const writes = writable
    ? `\n        Insert: ${writeType(snapshot, columns, () => true)}\n        Update: ${writeType(snapshot, columns, () => true)}`
    : '';
  return `{\n        Row: ${rowType(snapshot, columns, 0, FIELD_INDENT)}${writes}\n        Relationships: []\n      }`;
}

/** Foreign keys from this table, one entry per constraint. */
function relationships(table: PgTable): string {
  const outgoing = table.relationships.filter((r) => r.source_schema === table.schema && r.source_table_name === table.name);
  const byConstraint = groupBy(outgoing, (r) => r.constraint_name);
  if (!byConstraint.size) return '[]';
  const primaryKey = table.primary_keys
    .map((k) => k.name)
    .sort()
    .join(',');
  const uniques = new Set((table.columns ?? []).filter((c) => c.is_unique).map((c) => c.name));
  const entries = [...byConstraint].map(([name, parts]) => {
    const columns = parts.map((p) => p.source_column_name);
    const oneToOne =
      columns.length === 1 ? uniques.has(columns[0]!) || primaryKey === columns[0] : [...columns].sort().join(',') === primaryKey;
    return `          {
            foreignKeyName: ${JSON.stringify(name)}
            columns: [${columns.map((c) => JSON.stringify(c)).join(', ')}]
            isOneToOne: ${oneToOne}
            referencedRelation: ${JSON.stringify(parts[0]!.target_table_name)}
            referencedColumns: [${parts.map((p) => JSON.stringify(p.target_column_name)).join(', ')}]
          },`;
  });
  return `[\n${entries.join('\n')}\n        ]`;
}

/** Map.groupBy, which Node 20 lacks. */
function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

const UNCALLABLE_RETURNS = new Set(['trigger', 'event_trigger']);

/** Overloads of one name become a union of { Args, Returns }. */
function functionEntries(snapshot: SchemaSnapshot, functions: PgFunction[]): [string, string][] {
  const callable = functions.filter((fn) => !UNCALLABLE_RETURNS.has(fn.return_type));
  const byName = groupBy(callable, (fn) => fn.name);
  return [...byName].map(([name, overloads]) => [name, overloads.map((fn) => functionType(snapshot, fn)).join(' | ')]);
}

function functionType(snapshot: SchemaSnapshot, fn: PgFunction): string {
  const inputs = fn.args.filter((a) => a.mode === 'in' || a.mode === 'inout' || a.mode === 'variadic');
  const args = inputs.length
    ? `{ ${inputs.map((a) => `${propertyName(a.name)}${a.has_default ? '?' : ''}: ${typeOf(snapshot, a.type_id)}`).join('; ')} }`
    : 'Record<PropertyKey, never>';
  return `{ Args: ${args}; Returns: ${returnType(snapshot, fn)} }`;
}

/** RETURNS TABLE and OUT parameters give objects; SETOF gives an array. */
function returnType(snapshot: SchemaSnapshot, fn: PgFunction): string {
  const outputs = fn.args.filter((a) => a.mode === 'table' || a.mode === 'out' || a.mode === 'inout');
  const returnsRecord = snapshot.typeNames.get(fn.return_type_id)?.name === 'record';
  const single =
    outputs.length && returnsRecord
      ? objectType(outputs.map((a) => [a.name, typeOf(snapshot, a.type_id)]))
      : typeOf(snapshot, fn.return_type_id);
  if (!fn.is_set_returning_function) return single;
  return /^[\w."[\]]+$/.test(single) ? `${single}[]` : `(${single})[]`;
}

function constants(snapshot: SchemaSnapshot): string {
  const schemas = snapshot.schemas.map((schema) => {
    const enums = snapshot.types.filter((t) => t.schema === schema && t.enums.length);
    const entries = enums.map((t) => `      ${propertyName(t.name)}: [${t.enums.map((l) => JSON.stringify(l)).join(', ')}],`);
    return `  ${propertyName(schema)}: {\n    Enums: {${entries.length ? `\n${entries.join('\n')}\n    ` : ''}},\n  },`;
  });
  return `export const Constants = {\n${schemas.join('\n')}\n} as const\n`;
}
