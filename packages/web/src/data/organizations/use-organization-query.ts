import { useQuery } from '@tanstack/react-query';
import { requireIdentifier } from '@basin/core';
import type { Organization } from '@basin/core/schemas';
import { api } from '../fetcher';
import { organizationKeys } from './keys';

export function getOrganization(slug: string | undefined, signal?: AbortSignal): Promise<Organization> {
  const orgSlug = requireIdentifier(slug, 'slug');
  return api.GET('/api/platform/organizations/{slug}', { path: { slug: orgSlug }, signal });
}

/** One organization, with the signed-in user's role in it. Disabled for the '_' fallback slug. */
export function useOrganizationQuery(slug: string | undefined) {
  return useQuery({
    queryKey: organizationKeys.detail(slug),
    queryFn: ({ signal }) => getOrganization(slug, signal),
    enabled: Boolean(slug) && slug !== '_',
  });
}
