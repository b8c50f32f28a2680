import { useQuery } from '@tanstack/react-query';
import { isStatusInProgress, requireIdentifier, STATUS_POLL_INTERVAL_MS } from '@basin/core';
import type { BranchItem } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { branchKeys } from './keys';

export function branchesPath(ref: string | undefined): string {
  return `/api/v1/projects/${encodeURIComponent(requireIdentifier(ref, 'Project ref'))}/branches`;
}

/** The list refreshes on the status interval while a branch is coming up or being deleted. */
function listPollInterval(branches: BranchItem[] | undefined): number | false {
  return branches?.some((branch) => isStatusInProgress(branch.status)) ? STATUS_POLL_INTERVAL_MS : false;
}

export function useBranchesQuery(ref: string | undefined) {
  return useQuery({
    queryKey: branchKeys.list(ref),
    queryFn: ({ signal }) => fetcher<BranchItem[]>(branchesPath(ref), { signal }),
    enabled: Boolean(ref),
    refetchInterval: (query) => listPollInterval(query.state.data),
  });
}
