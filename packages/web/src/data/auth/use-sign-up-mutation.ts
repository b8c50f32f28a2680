import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NAME_MAX_LENGTH, type Credentials } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { authKeys } from './keys';

/** better-auth needs a display name; until the form asks for one, use the email's local part. */
export function signUp({ email, password }: Credentials): Promise<unknown> {
  const name = (email.split('@')[0] || email).slice(0, NAME_MAX_LENGTH);
  return fetcher('/api/auth/sign-up/email', { method: 'POST', body: { email, password, name } });
}

/** Signs up (which also signs in); resolves once the session is known. Errors are shown by the form. */
export function useSignUpMutation({ onSuccess, ...options }: MutationHookOptions<unknown, Credentials> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    async onSuccess(...args) {
      await queryClient.refetchQueries({ queryKey: authKeys.session() });
      await onSuccess?.(...args);
    },
    ...options,
  });
}
