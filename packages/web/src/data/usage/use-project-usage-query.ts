import { useQuery } from '@tanstack/react-query';
import type { ProjectUsage } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { projectApiPath } from '../project-path';
import { usageKeys } from './keys';

export function getProjectUsage(ref: string | undefined, signal?: AbortSignal): Promise<ProjectUsage> {
  return fetcher<ProjectUsage>(projectApiPath('platform/projects', ref, '/usage'), { signal });
}

export function useProjectUsageQuery(ref: string | undefined) {
  return useQuery({ queryKey: usageKeys.project(ref), queryFn: ({ signal }) => getProjectUsage(ref, signal), enabled: Boolean(ref) });
}
