import { useQuery } from '@tanstack/react-query';
import type { Report } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { projectApiPath } from '../project-path';
import { reportKeys } from './keys';

export function getReport(ref: string | undefined, id: string, signal?: AbortSignal): Promise<Report> {
  return fetcher<Report>(projectApiPath('platform/projects', ref, `/reports/${encodeURIComponent(id)}`), { signal });
}

export function useReportQuery(ref: string | undefined, id: string | undefined) {
  return useQuery({
    queryKey: reportKeys.detail(ref, id),
    queryFn: ({ signal }) => getReport(ref, id!, signal),
    enabled: Boolean(ref && id),
  });
}
