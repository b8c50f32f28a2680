import type { BuiltInChart, ReportRange } from '@basin/core/schemas';

export const reportKeys = {
  all: (ref: string | undefined) => ['projects', ref, 'reports'] as const,
  series: (ref: string | undefined, chart: BuiltInChart, range: ReportRange) => ['projects', ref, 'reports', 'series', chart, range] as const,
  list: (ref: string | undefined) => ['projects', ref, 'reports', 'list'] as const,
  detail: (ref: string | undefined, id: string | undefined) => ['projects', ref, 'reports', 'detail', id] as const,
  /** An item's rows: keyed by its SQL, so items of one query share a run. */
  itemRows: (ref: string | undefined, sql: string) => ['projects', ref, 'reports', 'item-rows', sql] as const,
};
