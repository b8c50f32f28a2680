import type { PgMetaListQuery } from '@basin/core/schemas';

/**
 * The filter and paging every catalog list shares. The SQL text here is constant: schemas,
 * search, limit and offset travel as the parameters $1 to $4 of each query, in this order.
 */
export interface ListFilter {
  /** Only these schemas; undefined for every schema but the system ones. */
  schemas?: string[];
  search?: string;
  sort: PgMetaListQuery['sort'];
  limit?: number;
  offset: number;
}

export interface Page<T> {
  rows: T[];
  /** How many match the filter, whatever the page. */
  total: number;
}

/** Every one of them, for the generators that read a whole schema. */
export const everything = (schemas?: string[]): ListFilter => ({ schemas, sort: 'name', offset: 0 });

export function filterParams(filter: ListFilter): unknown[] {
  return [filter.schemas ?? null, filter.search || null, filter.limit ?? null, filter.offset];
}

/** `nsp` is the schema name column of the query, e.g. `n.nspname`. */
export function schemaCondition(nsp: string): string {
  return `(case when $1::text[] is null
    then ${nsp} not in ('pg_catalog', 'information_schema') and ${nsp} !~ '^pg_(toast|temp_)'
    else ${nsp} = any($1::text[]) end)`;
}

/** Case-insensitive substring of `name`; strpos, so % and _ in a search are plain characters. */
export function searchCondition(name: string): string {
  return `($2::text is null or strpos(lower(${name}), lower($2::text)) > 0)`;
}

export const PAGE = 'limit $3 offset $4';

/** ORDER BY for a sort key, in the order people read (case-insensitive first); `schema` and `name` are the query's columns. */
export function orderBy(sort: ListFilter['sort'], schema: string, name: string, id: string): string {
  if (sort === 'schema') return `lower(${schema}), ${schema}, lower(${name}), ${name}, ${id}`;
  if (sort === 'id') return id;
  return `lower(${name}), ${name}, lower(${schema}), ${schema}, ${id}`;
}

export function toPage<T extends { total?: unknown }>(rows: T[]): Page<Omit<T, 'total'>> {
  const total = rows.length ? Number(rows[0]!.total) : 0;
  return { rows: rows.map(({ total: _, ...row }) => row), total };
}
