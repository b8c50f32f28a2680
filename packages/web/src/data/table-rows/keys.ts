import type { RowsView } from './rows-params';

export const tableRowsKeys = {
  /** Every page of every table of the project: what a structure change makes stale. */
  project: (ref: string | undefined) => ['projects', ref, 'table-rows'] as const,
  /** Every page of one table: what a write makes stale. */
  table: (ref: string | undefined, schema: string, table: string) => ['projects', ref, 'table-rows', schema, table] as const,
  page: (ref: string | undefined, schema: string, table: string, view: RowsView) => [...tableRowsKeys.table(ref, schema, table), view] as const,
};
