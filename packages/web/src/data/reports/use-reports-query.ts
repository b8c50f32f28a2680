import { useQuery } from '@tanstack/react-query';
import type { Report } from '@basin/core/schemas';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { reportKeys } from './keys';

export function getReports(ref: string | undefined, signal?: AbortSignal): Promise<Report[]> {
  return api.GET('/api/platform/projects/{ref}/reports', { path: projectRef(ref), signal });
}

/** The project's custom reports, oldest first. */
export function useReportsQuery(ref: string | undefined) {
  return useQuery({ queryKey: reportKeys.list(ref), queryFn: ({ signal }) => getReports(ref, signal), enabled: Boolean(ref) });
}
