import { useQuery } from '@tanstack/react-query';
import { canQueryAvailableVersions, requireIdentifier } from '@basin/core';
import type { AvailableVersionsResponse } from '@basin/core/schemas';
import { api } from '../fetcher';
import { availableVersionKeys } from './keys';

export function getAvailableVersions(
  slug: string | undefined,
  region: string | undefined,
  signal?: AbortSignal,
): Promise<AvailableVersionsResponse> {
  const orgSlug = requireIdentifier(slug, 'slug');
  if (!region) throw new Error('region is required');
  return api.POST('/api/platform/organizations/{slug}/available-versions', { path: { slug: orgSlug }, body: { provider: 'local', region }, signal });
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
