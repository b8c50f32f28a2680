/**
 * pg_graphql's opaque ids: a record's nodeId is base64 of the JSON array `[schema, table, ...primary
 * key]`, a cursor base64 of the JSON array of the row's values in the collection's order. Pages
 * are keyset pages: the rows after a cursor are those that sort after its values.
 */
import { ident, type Params } from '../rest/sql-fragment.ts';
import { GraphqlError } from './errors.ts';
import type { TableModel } from './model.ts';

/** SQL of base64 of the JSON array of `items` (one line: Postgres breaks base64 every 76 characters). */
export const base64JsonSql = (items: string[]) =>
  `translate(encode(convert_to(jsonb_build_array(${items.join(', ')})::text, 'utf8'), 'base64'), E'\\n', '')`;

export function decodeJsonArray(text: string, what: string): unknown[] {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
    if (Array.isArray(value)) return value;
  } catch {
    // answered below
  }
  throw new GraphqlError(`Invalid value passed to ${what}`);
}

export const columnSql = (alias: string, column: string) => `${ident(alias)}.${ident(column)}`;

/** A value as the text Postgres reads into the column's type (a parameter cast to it). */
export const asText = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : typeof value === 'string'
      ? value
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

export function nodeIdSql(table: TableModel, alias: string, params: Params): string {
  const { schema, name } = table.relation;
  return base64JsonSql([params.add(schema, 'text'), params.add(name, 'text'), ...table.primaryKey.map((key) => columnSql(alias, key))]);
}

/** The condition that a row is the record of a nodeId, or undefined when the id names another table. */
export function nodeIdCondition(table: TableModel, alias: string, nodeId: string, params: Params): string | undefined {
  const [schema, name, ...key] = decodeJsonArray(nodeId, 'nodeId argument');
  if (schema !== table.relation.schema || name !== table.relation.name) return undefined;
  if (key.length !== table.primaryKey.length) throw new GraphqlError('Invalid value passed to nodeId argument');
  return table.primaryKey
    .map((column, i) => `${columnSql(alias, column)} = ${params.add(asText(key[i]), columnType(table, column))}`)
    .join(' and ');
}

export const columnType = (table: TableModel, column: string) => table.relation.columns.find((c) => c.name === column)!.type;

export interface OrderTerm {
  column: string;
  asc: boolean;
  nullsFirst: boolean;
}

const DIRECTIONS: Record<string, Omit<OrderTerm, 'column'>> = {
  AscNullsFirst: { asc: true, nullsFirst: true },
  AscNullsLast: { asc: true, nullsFirst: false },
  DescNullsFirst: { asc: false, nullsFirst: true },
  DescNullsLast: { asc: false, nullsFirst: false },
};

/** The collection's order: `orderBy` in the order given, then the primary key, so that every row has its place. */
export function orderOf(table: TableModel, orderBy: Record<string, string>[] | undefined): OrderTerm[] {
  const terms: OrderTerm[] = [];
  for (const item of orderBy ?? [])
    for (const [field, direction] of Object.entries(item)) {
      const column = table.columns.get(field)!.column.name;
      if (!terms.some((term) => term.column === column)) terms.push({ column, ...DIRECTIONS[direction]! });
    }
  for (const column of table.primaryKey)
    if (!terms.some((term) => term.column === column)) terms.push({ column, asc: true, nullsFirst: false });
  return terms;
}

export const reversed = (terms: OrderTerm[]) => terms.map((term) => ({ ...term, asc: !term.asc, nullsFirst: !term.nullsFirst }));

export const orderSql = (alias: string, terms: OrderTerm[]) =>
  terms
    .map((term) => `${columnSql(alias, term.column)} ${term.asc ? 'asc' : 'desc'} nulls ${term.nullsFirst ? 'first' : 'last'}`)
    .join(', ');

export const cursorSql = (alias: string, terms: OrderTerm[]) =>
  base64JsonSql(terms.map((term) => `to_jsonb(${columnSql(alias, term.column)})`));

/** The rows that sort after the cursor in `terms`' order. */
export function afterCursorSql(table: TableModel, alias: string, terms: OrderTerm[], cursor: string, params: Params): string {
  const values = decodeJsonArray(cursor, 'cursor');
  if (values.length !== terms.length) throw new GraphqlError('Invalid cursor');
  const value = (i: number) => params.add(asText(values[i]), columnType(table, terms[i]!.column));
  const equal = (i: number) => {
    const column = columnSql(alias, terms[i]!.column);
    return values[i] === null ? `${column} is null` : `${column} = ${value(i)}`;
  };
  const after = (i: number) => {
    const { asc, nullsFirst } = terms[i]!;
    const column = columnSql(alias, terms[i]!.column);
    if (values[i] === null) return nullsFirst ? `${column} is not null` : 'false';
    const compared = `${column} ${asc ? '>' : '<'} ${value(i)}`;
    return nullsFirst ? compared : `(${compared} or ${column} is null)`;
  };
  return `(${terms.map((_, i) => [...terms.slice(0, i).map((__, j) => equal(j)), after(i)].join(' and ')).join(' or ')})`;
}
