import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { advisorKeys } from './keys';

export function getLints(ref: string | undefined, { refresh = false, signal }: { refresh?: boolean; signal?: AbortSignal } = {}) {
  return api.GET('/api/platform/projects/{ref}/run-lints', { path: projectRef(ref), query: refresh ? { refresh: 'true' } : {}, signal });
}

/** The advisors' findings; the platform answers from its cache unless refreshed. */
export function useLintsQuery(ref: string | undefined) {
  return useQuery({
    queryKey: advisorKeys.lints(ref),
    queryFn: ({ signal }) => getLints(ref, { signal }),
    enabled: Boolean(ref),
  });
}

/** Runs the lints again now (the Refresh button). */
export function useRefreshLintsMutation(ref: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getLints(ref, { refresh: true }),
    onSuccess(lints) {
      queryClient.setQueryData(advisorKeys.lints(ref), lints);
    },
    onError(error) {
      toast.error(`Failed to run the advisors: ${error.message}`);
    },
  });
}
