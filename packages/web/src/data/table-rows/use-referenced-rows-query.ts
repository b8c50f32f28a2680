import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PgColumn, PgRelationship } from '@basin/core/schemas';
import { columnKind, valueProblem } from './column-kind';
import { tableRowsKeys } from './keys';
import { restRequest } from './rest-request';
import { quoted, type Row, selectParam } from './rows-params';

/** How many referenced rows the picker lists at a time. */
export const REFERENCED_ROWS_LIMIT = 20;

/** The search as a filter on the referenced column: text contains it, other types equal it; null when it cannot match. */
export function searchFilter(column: PgColumn, search: string): [string, string] | null {
  if (columnKind(column) === 'text') return [quoted(column.name), `ilike.*${search}*`];
  return valueProblem(column, search) ? null : [quoted(column.name), `eq.${search}`];
}

/**
 * The rows a foreign key may point at, for the row form's picker: the referenced table's first
 * rows by the referenced column, or those that match the search. `columns` (the referenced
 * table's) say how to search and how to read big numbers exactly; nothing is asked before them.
 */
export function useReferencedRowsQuery(ref: string, relationship: PgRelationship, columns: PgColumn[] | undefined, search: string) {
  const address = { ref, schema: relationship.target_table_schema, table: relationship.target_table_name };
  const column = columns?.find((candidate) => candidate.name === relationship.target_column_name);
  const filter = column && search ? searchFilter(column, search) : undefined;
  return useQuery({
    queryKey: [...tableRowsKeys.table(ref, address.schema, address.table), 'referenced', relationship.target_column_name, search] as const,
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({
        select: selectParam(columns ?? []),
        order: `${quoted(relationship.target_column_name)}.asc`,
        limit: String(REFERENCED_ROWS_LIMIT),
      });
      if (filter) params.append(...filter);
      return (await restRequest<Row[]>(address, params, { signal })).data;
    },
    // A search that cannot match any value of the column asks nothing.
    enabled: Boolean(column) && filter !== null,
    placeholderData: keepPreviousData,
  });
}
