import { useQuery } from '@tanstack/react-query';
import { canQueryAvailableVersions, requireIdentifier } from '@basin/core';
import type { AvailableVersionsResponse } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { availableVersionKeys } from './keys';

export function getAvailableVersions(
  slug: string | undefined,
  region: string | undefined,
  signal?: AbortSignal,
): Promise<AvailableVersionsResponse> {
  const orgSlug = requireIdentifier(slug, 'slug');
  return fetcher<AvailableVersionsResponse>(
    `/api/platform/organizations/${encodeURIComponent(orgSlug)}/available-versions`,
    { method: 'POST', body: { provider: 'local', region }, signal },
  );
}

/** Postgres versions a new project can use; disabled for the '_' slug or without a region (spec part 1 §5). */
export function useAvailableVersionsQuery({ slug, region }: { slug: string | undefined; region: string | undefined }) {
  return useQuery({
    queryKey: availableVersionKeys.list(slug, region),
    queryFn: ({ signal }) => getAvailableVersions(slug, region, signal),
    enabled: canQueryAvailableVersions(slug, region),
    staleTime: 5 * 60_000,
  });
}
