import { useQuery } from '@tanstack/react-query';
import { requireIdentifier } from '@basin/core';
import type { BranchItem } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { branchKeys } from './keys';

export function branchesPath(ref: string | undefined): string {
  return `/api/v1/projects/${encodeURIComponent(requireIdentifier(ref, 'Project ref'))}/branches`;
}

export function useBranchesQuery(ref: string | undefined) {
  return useQuery({
    queryKey: branchKeys.list(ref),
    queryFn: ({ signal }) => fetcher<BranchItem[]>(branchesPath(ref), { signal }),
    enabled: Boolean(ref),
  });
}
