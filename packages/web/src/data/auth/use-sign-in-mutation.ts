import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Credentials } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { authKeys } from './keys';

export function signIn(credentials: Credentials): Promise<unknown> {
  return fetcher('/api/auth/sign-in/email', { method: 'POST', body: credentials });
}

/** Signs in; resolves once the session is known, so guarded pages see it. Errors are shown by the form. */
export function useSignInMutation({ onSuccess, ...options }: MutationHookOptions<unknown, Credentials> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    async onSuccess(...args) {
      await queryClient.refetchQueries({ queryKey: authKeys.session() });
      await onSuccess?.(...args);
    },
    ...options,
  });
}
