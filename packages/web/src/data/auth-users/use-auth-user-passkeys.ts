import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { authUserKeys } from './keys';

/** GET /platform/auth/{ref}/users/{id}/passkeys: the user's passkeys, oldest first. */
export function useAuthUserPasskeysQuery(ref: string | undefined, id: string) {
  return useQuery({
    queryKey: authUserKeys.passkeys(ref, id),
    queryFn: ({ signal }) => api.GET('/api/platform/auth/{ref}/users/{id}/passkeys', { path: { ...projectRef(ref), id }, signal }),
    enabled: Boolean(ref),
  });
}

export interface DeleteAuthUserPasskeyVariables {
  ref: string;
  id: string;
  passkeyId: string;
  /** For the toast: the passkey's and the user's names. */
  passkeyLabel: string;
  userLabel: string;
}

/** DELETE .../passkeys/{passkeyId}; the answer (the passkeys left) replaces the list. */
export function useDeleteAuthUserPasskeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, id, passkeyId }: DeleteAuthUserPasskeyVariables) =>
      api.DELETE('/api/platform/auth/{ref}/users/{id}/passkeys/{passkeyId}', { path: { ...projectRef(ref), id, passkeyId } }),
    onSuccess(left, variables) {
      queryClient.setQueryData(authUserKeys.passkeys(variables.ref, variables.id), left);
      toast.success(`Removed passkey ${variables.passkeyLabel} from ${variables.userLabel}`);
    },
    onError(error) {
      toast.error(`Failed to remove passkey: ${error.message}`);
    },
  });
}
