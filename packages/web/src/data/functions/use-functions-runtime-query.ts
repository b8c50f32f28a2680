import { useQuery } from '@tanstack/react-query';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { functionKeys } from './keys';

/** Whether this server runs functions inside the OS sandbox; it only changes when Basin restarts. */
export function useFunctionsRuntimeQuery(ref: string | undefined) {
  return useQuery({
    queryKey: functionKeys.runtime(ref),
    queryFn: ({ signal }) => api.GET('/api/platform/projects/{ref}/functions/runtime', { path: projectRef(ref), signal }),
    enabled: Boolean(ref),
    staleTime: 5 * 60_000,
  });
}
