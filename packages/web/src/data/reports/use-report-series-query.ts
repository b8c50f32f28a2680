import { useQuery } from '@tanstack/react-query';
import type { BuiltInChart, ReportRange, ReportSeries } from '@basin/core/schemas';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { reportKeys } from './keys';

/** A chart refreshes every minute, as often as the resource samples and the buckets of the last hour move. */
export const SERIES_REFRESH_MS = 60_000;

export function getReportSeries(ref: string | undefined, chart: BuiltInChart, range: ReportRange, signal?: AbortSignal): Promise<ReportSeries> {
  return api.GET('/api/platform/projects/{ref}/reports/series/{chart}', { path: { ...projectRef(ref), chart }, query: { range }, signal });
}

export function useReportSeriesQuery(ref: string | undefined, chart: BuiltInChart, range: ReportRange) {
  return useQuery({
    queryKey: reportKeys.series(ref, chart, range),
    queryFn: ({ signal }) => getReportSeries(ref, chart, range, signal),
    enabled: Boolean(ref),
    refetchInterval: SERIES_REFRESH_MS,
  });
}
