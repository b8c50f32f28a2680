/**
 * How a request's words reach SQL: names only through `ident` (quoted, NUL refused by the
 * gateway's input checks), values only as numbered parameters collected in one `Params` (or,
 * where a statement takes none, through `literal`), type
 * names only from the catalog (format_type) or through `castType`'s narrow check.
 */
import { parseError } from './errors.ts';
import { type CachedFunction, type CachedRelation, type FieldPath, qualifiedName, type SchemaCache } from './types.ts';

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

export const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;

/**
 * A string constant for statements that take no parameters (DDL: defaults, comments). The E''
 * form with backslashes doubled reads the same whatever standard_conforming_strings says.
 */
export const literal = (text: string) => `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/** The parameters of one statement; `add` answers the placeholder of a value. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown, type?: string): string {
    this.values.push(value);
    return type ? `$${this.values.length}::${type}` : `$${this.values.length}`;
  }
}

const JSON_TYPES = new Set(['json', 'jsonb']);

/** Where a level reads its fields: its relation as `alias`, and the cache that knows its computed columns. */
export interface ColumnScope {
  alias: string;
  relation: CachedRelation;
  cache: SchemaCache;
}

/** A name as format_type prints it (quote_ident's rule, keywords aside). */
const typeNamePart = (name: string) => (/^[a-z_][a-z0-9_$]*$/.test(name) ? name : ident(name));

/** A type of another schema than pg_catalog as format_type prints it: `public.mood`. */
export const formattedTypeName = (schema: string, name: string) => `${typeNamePart(schema)}.${typeNamePart(name)}`;

/**
 * PostgREST's computed column: a function of the relation's schema with that name whose one
 * argument is the relation's row type (`full_name(people)`), read as if it were a column.
 */
export function computedColumn(cache: SchemaCache, relation: CachedRelation, name: string): CachedFunction | undefined {
  const rowType = formattedTypeName(relation.schema, relation.name);
  return cache.functions
    .get(qualifiedName(relation.schema, name))
    ?.find((fn) => fn.args.length === 1 && fn.args[0]!.type === rowType && !fn.returnsSet);
}

/**
 * A column (or computed column) of the scope's relation, followed along its JSON path: keys are
 * parameters, indexes too. As in PostgREST, a path into a value of another type than json goes
 * through to_jsonb, so that arrows reach the fields of a composite and the elements of an array.
 */
export function fieldSql({ alias, relation, cache }: ColumnScope, field: FieldPath, params: Params): string {
  const column = relation.columns.find((c) => c.name === field.column);
  const computed = column ? undefined : computedColumn(cache, relation, field.column);
  let sql = computed ? `${qualified(computed.schema, computed.name)}(${ident(alias)})` : `${ident(alias)}.${ident(field.column)}`;
  const type = column?.type ?? computed?.returnType;
  if (field.json.length && type !== undefined && !JSON_TYPES.has(type)) sql = `to_jsonb(${sql})`;
  for (const step of field.json) {
    const key = /^-?\d+$/.test(step.key) ? params.add(Number(step.key), 'int4') : params.add(step.key, 'text');
    sql = `(${sql}${step.arrow}${key})`;
  }
  return sql;
}

/** The name PostgREST gives a selected field: its alias, else the last JSON key, else the column. */
export const fieldName = (field: FieldPath, alias?: string) => alias ?? field.json.at(-1)?.key ?? field.column;

/** A type name a request may cast to (`::text`, `::character varying`, `::int4[]`): words only, nothing SQL could read otherwise. */
export function castType(type: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*( [A-Za-z_][A-Za-z0-9_]*)*(\[\])*$/.test(type))
    throw parseError(`failed to parse cast (${type.slice(0, 100)})`);
  return type;
}
