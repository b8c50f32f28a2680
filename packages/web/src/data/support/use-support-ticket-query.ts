import { useQuery } from '@tanstack/react-query';
import type { SupportTicket } from '@basin/core/schemas';
import { api } from '../fetcher';
import { supportKeys } from './keys';

export function getSupportTicket(id: number, signal?: AbortSignal): Promise<SupportTicket> {
  return api.GET('/api/platform/support/tickets/{id}', { path: { id }, signal });
}

/** One ticket the signed-in user sent; disabled for an id that is not a positive number. */
export function useSupportTicketQuery(id: number | undefined) {
  const valid = id !== undefined && Number.isInteger(id) && id > 0;
  return useQuery({
    queryKey: supportKeys.ticket(id),
    queryFn: ({ signal }) => getSupportTicket(id ?? 0, signal),
    enabled: valid,
  });
}
