import { useQuery } from '@tanstack/react-query';
import { isStatusInProgress, STATUS_POLL_INTERVAL_MS } from '@basin/core';
import type { BranchItem } from '@basin/core/schemas';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { branchKeys } from './keys';


/** The list refreshes on the status interval while a branch is coming up or being deleted. */
function listPollInterval(branches: BranchItem[] | undefined): number | false {
  return branches?.some((branch) => isStatusInProgress(branch.status)) ? STATUS_POLL_INTERVAL_MS : false;
}

export function useBranchesQuery(ref: string | undefined) {
  return useQuery({
    queryKey: branchKeys.list(ref),
    queryFn: ({ signal }) => api.GET('/api/v1/projects/{ref}/branches', { path: projectRef(ref), signal }),
    enabled: Boolean(ref),
    refetchInterval: (query) => listPollInterval(query.state.data),
  });
}
