import { useQuery } from '@tanstack/react-query';
import { api } from '../fetcher';
import { featureFlagKeys } from './keys';

/** Flags change when an operator restarts Basin or edits a row: read once a page load, again after 5 minutes. */
const FLAGS_STALE_MS = 5 * 60 * 1000;

export function getFeatureFlags(slug: string | undefined, signal?: AbortSignal) {
  return slug
    ? api.GET('/api/platform/organizations/{slug}/feature-flags', { path: { slug }, signal })
    : api.GET('/api/platform/feature-flags', { signal });
}

/** Every flag in force: the organization's when a slug is given (not the '_' fallback), else the install's. */
export function useFeatureFlagsQuery(slug?: string) {
  const orgSlug = slug && slug !== '_' ? slug : undefined;
  return useQuery({
    queryKey: featureFlagKeys.flags(orgSlug),
    queryFn: ({ signal }) => getFeatureFlags(orgSlug, signal),
    staleTime: FLAGS_STALE_MS,
  });
}
