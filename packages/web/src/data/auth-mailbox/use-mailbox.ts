import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthMailboxResponse } from '@basin/core/schemas';
import { toast } from '../../lib/toast';
import { api } from '../fetcher';
import { projectRef } from '../project-path';

export const mailboxKey = (ref: string | undefined) => ['projects', ref, 'auth-mailbox'] as const;

export function getMailbox(ref: string | undefined, signal?: AbortSignal): Promise<AuthMailboxResponse> {
  return api.GET('/api/platform/auth/{ref}/mailbox', { path: projectRef(ref), signal });
}

/** The kept auth emails; `enabled` false for members who may not read them (the server would refuse). */
export function useMailboxQuery(ref: string | undefined, enabled: boolean) {
  return useQuery({ queryKey: mailboxKey(ref), queryFn: ({ signal }) => getMailbox(ref, signal), enabled: Boolean(ref) && enabled });
}

export function useEmptyMailboxMutation({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: string) => api.DELETE('/api/platform/auth/{ref}/mailbox', { path: projectRef(ref) }),
    async onSuccess(_answer, ref) {
      await queryClient.invalidateQueries({ queryKey: mailboxKey(ref) });
      toast.success('Mailbox emptied');
      onSuccess?.();
    },
    onError: (error) => toast.error(`Failed to empty the mailbox: ${error.message}`),
  });
}
