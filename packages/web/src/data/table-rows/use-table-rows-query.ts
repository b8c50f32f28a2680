import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PgColumn } from '@basin/core/schemas';
import { tableRowsKeys } from './keys';
import { restRequest, type TableAddress } from './rest-request';
import { type Row, rowsSearchParams, type RowsView, totalOfContentRange } from './rows-params';

export interface RowsPage {
  rows: Row[];
  /** Rows that pass the filters, all pages together. */
  total: number;
}

export async function getTableRows(
  address: TableAddress,
  view: RowsView,
  { primaryKey, columns }: TableShape,
  signal?: AbortSignal,
): Promise<RowsPage> {
  const params = rowsSearchParams(view, primaryKey, columns);
  const { data, headers } = await restRequest<Row[]>(address, params, { signal, headers: { prefer: 'count=exact' } });
  return { rows: data, total: totalOfContentRange(headers.get('content-range')) ?? data.length };
}

/** What reading a table's rows needs of its definition: the key that orders them, the columns that pick their casts. */
export interface TableShape {
  primaryKey: string[];
  columns: PgColumn[];
}

/** One page of a table's rows; the previous page stays on screen while the next one loads. */
export function useTableRowsQuery(address: TableAddress, view: RowsView, shape: TableShape) {
  const { ref, schema, table } = address;
  return useQuery({
    queryKey: tableRowsKeys.page(ref, schema, table, view),
    queryFn: ({ signal }) => getTableRows(address, view, shape, signal),
    enabled: Boolean(ref && table),
    placeholderData: keepPreviousData,
  });
}
