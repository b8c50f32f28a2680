import type { TableExportFormat } from '@basin/core/schemas';
import { projectApiPath } from '../project-path';
import type { TableAddress } from '../table-rows/rest-request';
import { filterParam, orderParam, type RowsView } from '../table-rows/rows-params';

/**
 * The export of a table as a file: the whole table, or (with `view`) the rows the grid's filter
 * chips pass, in its sort, as the same PostgREST parameters the grid's pages send.
 */
export function exportUrl({ ref, schema, table }: TableAddress, format: TableExportFormat, view?: Pick<RowsView, 'filters' | 'sort'>): string {
  const params = new URLSearchParams({ schema, table, format });
  for (const chip of view?.filters ?? []) params.append(...filterParam(chip));
  const order = view ? orderParam(view.sort, []) : undefined;
  if (order) params.set('order', order);
  return `${projectApiPath('platform/projects', ref, '/table-export')}?${params}`;
}
