import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthRecoverResponse } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { authUserKeys } from './keys';

export interface SendRecoveryVariables {
  ref: string;
  email: string;
}

export function sendRecovery({ ref, email }: SendRecoveryVariables): Promise<AuthRecoverResponse> {
  return api.POST('/api/platform/auth/{ref}/recover', { path: projectRef(ref), body: { email } });
}

/** Mails the user a password recovery link. */
export function useSendRecoveryMutation({ onSuccess, onError, ...options }: MutationHookOptions<AuthRecoverResponse, SendRecoveryVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendRecovery,
    async onSuccess(answer, variables, ...rest) {
      // recovery_sent_at changed.
      await queryClient.invalidateQueries({ queryKey: authUserKeys.all(variables.ref) });
      toast.success(
        answer.mail_configured
          ? `Sent a password recovery email to ${variables.email}`
          : `Started a password recovery for ${variables.email}; no email was sent: SMTP is not set up`,
      );
      await onSuccess?.(answer, variables, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to send password recovery: ${error.message}`);
    },
    ...options,
  });
}
