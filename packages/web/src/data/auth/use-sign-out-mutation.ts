import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { fetcher } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';

export function signOut(): Promise<unknown> {
  return fetcher('/api/auth/sign-out', { method: 'POST', body: {} });
}

/** Signs out and forgets every cached answer of the signed-in user. */
export function useSignOutMutation({ onSuccess, onError, ...options }: MutationHookOptions<unknown, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    async onSuccess(...args) {
      queryClient.clear();
      await onSuccess?.(...args);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to sign out: ${error.message}`);
    },
    ...options,
  });
}
