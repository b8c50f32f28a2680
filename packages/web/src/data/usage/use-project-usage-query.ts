import { useQuery } from '@tanstack/react-query';
import type { ProjectUsage } from '@basin/core/schemas';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { usageKeys } from './keys';

export function getProjectUsage(ref: string | undefined, signal?: AbortSignal): Promise<ProjectUsage> {
  return api.GET('/api/platform/projects/{ref}/usage', { path: projectRef(ref), signal });
}

export function useProjectUsageQuery(ref: string | undefined) {
  return useQuery({ queryKey: usageKeys.project(ref), queryFn: ({ signal }) => getProjectUsage(ref, signal), enabled: Boolean(ref) });
}
