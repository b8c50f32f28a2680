/**
 * How a request's words reach SQL: names only through `ident` (quoted, NUL refused by the
 * gateway's input checks), values only as numbered parameters collected in one `Params`, type
 * names only from the catalog (format_type) or through `castType`'s narrow check.
 */
import { parseError } from './errors.ts';
import type { CachedRelation, FieldPath } from './types.ts';

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

export const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;

/** The parameters of one statement; `add` answers the placeholder of a value. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown, type?: string): string {
    this.values.push(value);
    return type ? `$${this.values.length}::${type}` : `$${this.values.length}`;
  }
}

const JSON_TYPES = new Set(['json', 'jsonb']);

/**
 * A column of `relation` read as `alias`, followed along its JSON path: keys are parameters,
 * indexes too. As in PostgREST, a path into a column of another type goes through to_jsonb, so
 * that arrows reach the fields of a composite and the elements of an array.
 */
export function fieldSql(alias: string, relation: CachedRelation, field: FieldPath, params: Params): string {
  let sql = `${ident(alias)}.${ident(field.column)}`;
  const type = relation.columns.find((column) => column.name === field.column)?.type;
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
  if (!/^[A-Za-z_][A-Za-z0-9_]*( [A-Za-z_][A-Za-z0-9_]*)*(\[\])*$/.test(type)) throw parseError(`failed to parse cast (${type.slice(0, 100)})`);
  return type;
}
