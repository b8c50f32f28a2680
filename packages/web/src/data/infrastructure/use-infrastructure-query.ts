import { useQuery } from '@tanstack/react-query';
import { requireIdentifier } from '@basin/core';
import type { InfrastructureResponse } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { infrastructureKeys } from './keys';

export function infrastructurePath(ref: string | undefined): string {
  return `/api/platform/projects/${encodeURIComponent(requireIdentifier(ref, 'Project ref'))}/infrastructure`;
}

/** GET /platform/projects/{ref}/infrastructure: Postgres version, network, compute and disk, measured on the instance. */
export function useInfrastructureQuery(ref: string | undefined) {
  return useQuery({
    queryKey: infrastructureKeys.detail(ref),
    queryFn: ({ signal }) => fetcher<InfrastructureResponse>(infrastructurePath(ref), { signal }),
    enabled: Boolean(ref),
  });
}
