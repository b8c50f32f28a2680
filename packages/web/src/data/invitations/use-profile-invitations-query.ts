import { useQuery } from '@tanstack/react-query';
import type { ProfileInvitation } from '@basin/core/schemas';
import { api } from '../fetcher';
import { invitationKeys } from './keys';

export function getProfileInvitations(signal?: AbortSignal): Promise<ProfileInvitation[]> {
  return api.GET('/api/platform/profile/invitations', { signal });
}

/** Pending invitations addressed to the signed-in user's email. */
export function useProfileInvitationsQuery() {
  return useQuery({ queryKey: invitationKeys.mine(), queryFn: ({ signal }) => getProfileInvitations(signal) });
}
