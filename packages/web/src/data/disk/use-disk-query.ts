import { useQuery } from '@tanstack/react-query';
import { requireIdentifier } from '@basin/core';
import type { DiskResponse } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { diskKeys } from './keys';

export function diskPath(ref: string | undefined): string {
  return `/api/platform/projects/${encodeURIComponent(requireIdentifier(ref, 'Project ref'))}/disk`;
}

export function useDiskQuery(ref: string | undefined) {
  return useQuery({
    queryKey: diskKeys.disk(ref),
    queryFn: ({ signal }) => fetcher<DiskResponse>(diskPath(ref), { signal }),
    enabled: Boolean(ref),
  });
}
