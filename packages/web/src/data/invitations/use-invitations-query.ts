import { useQuery } from '@tanstack/react-query';
import { requireIdentifier } from '@basin/core';
import type { Invitation } from '@basin/core/schemas';
import { api } from '../fetcher';
import { invitationKeys } from './keys';

export function getInvitations(slug: string | undefined, signal?: AbortSignal): Promise<Invitation[]> {
  const orgSlug = requireIdentifier(slug, 'slug');
  return api.GET('/api/platform/organizations/{slug}/invitations', { path: { slug: orgSlug }, signal });
}

/** The organization's pending (unexpired) invitations. */
export function useInvitationsQuery(slug: string | undefined) {
  return useQuery({
    queryKey: invitationKeys.list(slug),
    queryFn: ({ signal }) => getInvitations(slug, signal),
    enabled: Boolean(slug) && slug !== '_',
  });
}
