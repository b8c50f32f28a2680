import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { tableRowsKeys } from './keys';
import { restRequest, type TableAddress } from './rest-request';
import { type Row, rowsSearchParams, type RowsView, totalOfContentRange } from './rows-params';

export interface RowsPage {
  rows: Row[];
  /** Rows that pass the filters, all pages together. */
  total: number;
}

export async function getTableRows(address: TableAddress, view: RowsView, primaryKey: string[], signal?: AbortSignal): Promise<RowsPage> {
  const { data, headers } = await restRequest<Row[]>(address, rowsSearchParams(view, primaryKey), { signal, headers: { prefer: 'count=exact' } });
  return { rows: data, total: totalOfContentRange(headers.get('content-range')) ?? data.length };
}

/** One page of a table's rows; the previous page stays on screen while the next one loads. */
export function useTableRowsQuery(address: TableAddress, view: RowsView, primaryKey: string[] | undefined) {
  const { ref, schema, table } = address;
  return useQuery({
    queryKey: tableRowsKeys.page(ref, schema, table, view),
    queryFn: ({ signal }) => getTableRows(address, view, primaryKey ?? [], signal),
    // The order needs the primary key: wait for the table's definition.
    enabled: Boolean(ref && table && primaryKey),
    placeholderData: keepPreviousData,
  });
}
