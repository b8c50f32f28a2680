import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupportTicket, SupportTicketBody } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import type { MutationHookOptions } from '../mutation-options';
import { supportKeys } from './keys';

export function createSupportTicket(body: SupportTicketBody): Promise<SupportTicket> {
  return api.POST('/api/platform/support/tickets', { body });
}

export function useCreateSupportTicketMutation({
  onSuccess,
  onError,
  ...options
}: MutationHookOptions<SupportTicket, SupportTicketBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupportTicket,
    async onSuccess(ticket, ...rest) {
      queryClient.setQueryData(supportKeys.ticket(ticket.id), ticket);
      await onSuccess?.(ticket, ...rest);
    },
    async onError(error, ...rest) {
      if (onError) await onError(error, ...rest);
      else toast.error(`Failed to send support ticket: ${error.message}`);
    },
    ...options,
  });
}
