import { useQuery } from '@tanstack/react-query';
import type { Report } from '@basin/core/schemas';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { reportKeys } from './keys';

export function getReport(ref: string | undefined, id: string, signal?: AbortSignal): Promise<Report> {
  return api.GET('/api/platform/projects/{ref}/reports/{id}', { path: { ...projectRef(ref), id }, signal });
}

export function useReportQuery(ref: string | undefined, id: string | undefined) {
  return useQuery({
    queryKey: reportKeys.detail(ref, id),
    queryFn: ({ signal }) => getReport(ref, id!, signal),
    enabled: Boolean(ref && id),
  });
}
