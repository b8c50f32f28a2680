import type { PgColumn } from '@basin/core/schemas';
import type { SchemaSnapshot } from './schema-snapshot.ts';

const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);
const STRING_TYPES = new Set([
  'text',
  'varchar',
  'bpchar',
  'char',
  'name',
  'uuid',
  'citext',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
  'bytea',
  'inet',
  'cidr',
  'macaddr',
  'macaddr8',
  'money',
  'tsvector',
  'tsquery',
  'xml',
  'bit',
  'varbit',
  'regclass',
  'regtype',
  'regproc',
  'regprocedure',
  'regrole',
  'regnamespace',
  'regconfig',
  'regdictionary',
  'int4range',
  'int8range',
  'numrange',
  'tsrange',
  'tstzrange',
  'daterange',
]);

/** A property name as TypeScript source: bare when it is an identifier, else a quoted string. */
export const propertyName = (name: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name));

const schemaPath = (schema: string, section: string, name: string) =>
  `Database[${JSON.stringify(schema)}][${JSON.stringify(section)}][${JSON.stringify(name)}]`;

/** A property: its name, its type, and whether it may be left out. */
export type Field = [name: string, type: string, optional?: boolean];

/** `{ a: T; "b c"?: U }`: on one line, or a field a line indented below `indent` when given. */
export function objectType(fields: Field[], indent?: string): string {
  if (!fields.length) return 'Record<PropertyKey, never>';
  const entries = fields.map(([name, type, optional]) => `${propertyName(name)}${optional ? '?' : ''}: ${type}`);
  if (indent === undefined) return `{ ${entries.join('; ')} }`;
  return `{\n${entries.map((entry) => `${indent}  ${entry}`).join('\n')}\n${indent}}`;
}

export const nullable = (type: string, isNullable: boolean) => (isNullable ? `${type} | null` : type);

/** The TypeScript type of values of a Postgres type, by the type's id. */
export function typeOf(snapshot: SchemaSnapshot, typeId: number, depth = 0): string {
  const type = snapshot.typeNames.get(typeId);
  if (!type || depth > 4) return 'unknown';
  if (type.element_id !== null) {
    const element = typeOf(snapshot, type.element_id, depth + 1);
    return /^[\w."[\]]+$/.test(element) ? `${element}[]` : `(${element})[]`;
  }
  const included = snapshot.schemas.includes(type.schema);
  if (type.typtype === 'e') return included ? schemaPath(type.schema, 'Enums', type.name) : 'string';
  if (type.typtype === 'c') return compositeType(snapshot, typeId, depth);
  if (type.schema !== 'pg_catalog') return 'unknown';
  if (type.name === 'bool') return 'boolean';
  if (type.name === 'json' || type.name === 'jsonb') return 'Json';
  if (type.name === 'void') return 'undefined';
  if (type.name === 'record') return 'Record<string, unknown>';
  if (NUMBER_TYPES.has(type.name)) return 'number';
  if (STRING_TYPES.has(type.name)) return 'string';
  return 'unknown';
}

/** A stand-alone composite type by reference; a table's or view's row type spelled out. */
function compositeType(snapshot: SchemaSnapshot, typeId: number, depth: number): string {
  const type = snapshot.typeNames.get(typeId)!;
  const composite = snapshot.types.find((t) => t.id === typeId);
  if (composite) return schemaPath(composite.schema, 'CompositeTypes', composite.name);
  const relation = [...snapshot.tables, ...snapshot.views, ...snapshot.materializedViews].find(
    (r) => r.schema === type.schema && r.name === type.name,
  );
  if (!relation) return 'unknown';
  return rowType(snapshot, relation.columns ?? [], depth + 1);
}

export function rowType(snapshot: SchemaSnapshot, columns: PgColumn[], depth = 0, indent?: string): string {
  return objectType(
    columns.map((c) => [c.name, nullable(typeOf(snapshot, c.type_id, depth), c.is_nullable)]),
    indent,
  );
}
