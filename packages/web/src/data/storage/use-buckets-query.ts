import { useQuery } from '@tanstack/react-query';
import { api } from '../fetcher';
import { useProjectQuery } from '../projects/use-project-query';
import { projectRef } from '../project-path';
import { storageKeys } from './keys';

export const getBuckets = (ref: string | undefined, signal?: AbortSignal) => api.GET('/api/platform/storage/{ref}/buckets', { path: projectRef(ref), signal });

const MAX_RETRIES = 3;

/** 'Tenant config ... not found': the project has no storage tenant, which no retry brings. */
const isTenantConfigNotFound = (error: Error) => /^Tenant config\b.*\bnot found/i.test(error.message);

/**
 * The project's buckets, by name (spec part 1 §7): asked only while the project is active and
 * healthy, and retried up to 3 times unless the tenant config is not found.
 */
export function useBucketsQuery(ref: string | undefined) {
  const { data: project } = useProjectQuery(ref);
  return useQuery({
    queryKey: storageKeys.buckets(ref),
    queryFn: ({ signal }) => getBuckets(ref, signal),
    enabled: Boolean(ref) && project?.status === 'ACTIVE_HEALTHY',
    retry: (failureCount, error) => !isTenantConfigNotFound(error) && failureCount < MAX_RETRIES,
  });
}
