import { useQuery } from '@tanstack/react-query';
import { requireIdentifier } from '@basin/core';
import type { Member } from '@basin/core/schemas';
import { api } from '../fetcher';
import { memberKeys } from './keys';

export function getMembers(slug: string | undefined, signal?: AbortSignal): Promise<Member[]> {
  const orgSlug = requireIdentifier(slug, 'slug');
  return api.GET('/api/platform/organizations/{slug}/members', { path: { slug: orgSlug }, signal });
}

export function useMembersQuery(slug: string | undefined) {
  return useQuery({
    queryKey: memberKeys.list(slug),
    queryFn: ({ signal }) => getMembers(slug, signal),
    enabled: Boolean(slug) && slug !== '_',
  });
}
