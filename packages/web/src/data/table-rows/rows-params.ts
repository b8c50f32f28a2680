/**
 * The table editor's view of a table (filter chips, sort, page) as PostgREST query parameters,
 * and the parameters that pick rows by primary key for an edit or a delete. Names and list
 * values are double-quoted as PostgREST's grammar reads them, so any column name or value
 * (dots, commas, parentheses, quotes) reaches the server as it is.
 */

import type { PgColumn } from '@basin/core/schemas';
import { columnKind } from './column-kind';

export const TABLE_ROWS_PAGE_SIZE = 100;

/** The operators a filter chip offers, in the order the picker shows them. */
export const FILTER_OPERATORS = [
  { value: 'eq', label: 'equals' },
  { value: 'neq', label: 'not equal' },
  { value: 'gt', label: 'greater than' },
  { value: 'gte', label: 'greater or equal' },
  { value: 'lt', label: 'less than' },
  { value: 'lte', label: 'less or equal' },
  { value: 'like', label: 'like (case-sensitive, % any text)' },
  { value: 'ilike', label: 'ilike (case-insensitive, % any text)' },
  { value: 'in', label: 'in (comma-separated list)' },
  { value: 'is', label: 'is' },
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number]['value'];

/** What `is` compares with. */
export const IS_VALUES = ['null', 'not_null', 'true', 'false'] as const;

export interface FilterChip {
  column: string;
  operator: FilterOperator;
  /** As typed; for `in`, values separated by commas; for `is`, one of IS_VALUES. */
  value: string;
}

export interface RowSort {
  column: string;
  ascending: boolean;
}

/** What the grid shows: one page of the rows that pass every chip, in the chosen order. */
export interface RowsView {
  filters: FilterChip[];
  sort: RowSort | null;
  page: number;
}

export type Row = Record<string, unknown>;

/** `"name"`, a backslash before `"` and `\`: a name or list value as PostgREST reads it. */
export const quoted = (text: string) => `"${text.replace(/["\\]/g, (char) => `\\${char}`)}"`;

/** `in`'s list as typed: `a, b ,c` is three values, spaces around each left out. */
const listValues = (text: string) => text.split(',').map((value) => value.trim());

/** One chip as one query parameter: `"column"=op.value`. */
export function filterParam({ column, operator, value }: FilterChip): [string, string] {
  if (operator === 'in') return [quoted(column), `in.(${listValues(value).map(quoted).join(',')})`];
  return [quoted(column), `${operator}.${value}`];
}

/**
 * `order=`: the chosen column, then the primary key, so that pages do not overlap and an edited
 * row keeps its place (without an order Postgres answers rows as they lie on disk, and an update
 * moves a row).
 */
export function orderParam(sort: RowSort | null, primaryKey: string[]): string | undefined {
  const terms = sort ? [`${quoted(sort.column)}.${sort.ascending ? 'asc' : 'desc'}`] : [];
  for (const column of primaryKey) if (column !== sort?.column) terms.push(`${quoted(column)}.asc`);
  return terms.length ? terms.join(',') : undefined;
}

/**
 * `select=`: every column, int8 and numeric ones as text under their own name (a JSON number
 * past 2^53 loses digits in the browser); `*` when no column needs it.
 */
export function selectParam(columns: PgColumn[]): string {
  if (!columns.some((column) => columnKind(column) === 'exact')) return '*';
  return columns.map((column) => (columnKind(column) === 'exact' ? `${quoted(column.name)}:${quoted(column.name)}::text` : quoted(column.name))).join(',');
}

/** The query string of one page of the view. */
export function rowsSearchParams(view: RowsView, primaryKey: string[], columns: PgColumn[] = []): URLSearchParams {
  const params = new URLSearchParams({ select: selectParam(columns) });
  for (const chip of view.filters) params.append(...filterParam(chip));
  const order = orderParam(view.sort, primaryKey);
  if (order) params.set('order', order);
  params.set('limit', String(TABLE_ROWS_PAGE_SIZE));
  params.set('offset', String(view.page * TABLE_ROWS_PAGE_SIZE));
  return params;
}

/** A key value as PostgREST compares it: text as it is, anything else as JSON. */
const keyText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The filter that picks exactly `rows` by their primary key: `"id"=in.("1","2")` for a one-column
 * key, `or=(and("a".eq."1","b".eq."2"),…)` for a composite one.
 */
export function primaryKeyParams(primaryKey: string[], rows: Row[]): URLSearchParams {
  if (!primaryKey.length || !rows.length) throw new Error('Rows are picked by a primary key');
  const [only] = primaryKey;
  if (primaryKey.length === 1 && only !== undefined) {
    return new URLSearchParams([[quoted(only), `in.(${rows.map((row) => quoted(keyText(row[only]))).join(',')})`]]);
  }
  const each = rows.map((row) => `and(${primaryKey.map((column) => `${quoted(column)}.eq.${quoted(keyText(row[column]))}`).join(',')})`);
  return new URLSearchParams([['or', `(${each.join(',')})`]]);
}

/** The total of `Content-Range: 0-99/1234` (`*\/0` when nothing matched); undefined without one. */
export function totalOfContentRange(header: string | null): number | undefined {
  const total = header?.split('/')[1];
  return total === undefined || total === '*' ? undefined : Number(total);
}
