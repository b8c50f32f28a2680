/**
 * The SELECT of an export: the table's rows that pass the grid's filters, in its order, every
 * column as Postgres's own text (so big integers, numerics and timestamps come out exact). The
 * filters and order are read and turned into SQL by the data API's engine, the one the grid's
 * pages go through, so an export of "the current filter" has exactly the rows the grid shows.
 */
import { TABLE_TRANSFER_MESSAGES } from '@basin/core';
import { badRequest } from '../../../kernel/errors.ts';
import { parseQueryParams } from '../../../rest/query-params.ts';
import { qualified } from '../../../rest/sql-fragment.ts';
import { SelectBuilder } from '../../../rest/sql-select.ts';
import type { CachedRelation, SchemaCache, SelectItem } from '../../../rest/types.ts';

export interface ExportPlan {
  sql: string;
  values: unknown[];
  columns: string[];
}

/** `filters` is the query string less the export's own parameters (schema, table, format). */
export function planExport(cache: SchemaCache, relation: CachedRelation, filters: URLSearchParams): ExportPlan {
  const query = parseQueryParams(filters);
  const scoped = [...query.conditions, ...query.order, ...query.limit, ...query.offset];
  if (
    filters.has('select') ||
    query.columns ||
    query.onConflict ||
    query.limit.length ||
    query.offset.length ||
    scoped.some((entry) => entry.path.length)
  )
    throw badRequest(TABLE_TRANSFER_MESSAGES.exportQuery);
  const select: SelectItem[] = relation.columns.map((column) => ({
    kind: 'field',
    field: { column: column.name, json: [] },
    cast: 'text',
  }));
  const builder = new SelectBuilder({ cache, query: { ...query, select } });
  const sql = builder.level(relation, qualified(relation.schema, relation.name), select, [], () => []);
  return { sql, values: builder.params.values, columns: relation.columns.map((column) => column.name) };
}
