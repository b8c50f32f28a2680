import { useQuery } from '@tanstack/react-query';
import type { CheckApiKeyResponse } from '@basin/core/schemas';
import { fetcher } from '../../../data/fetcher';
import { assistantKeys } from './keys';

/** `GET /api/ai/sql/check-api-key`: whether a model is configured and whether the assistant is switched off. */
export function useCheckApiKeyQuery() {
  return useQuery({
    queryKey: assistantKeys.apiKey(),
    queryFn: ({ signal }) => fetcher<CheckApiKeyResponse>('/api/ai/sql/check-api-key', { signal }),
    staleTime: 60_000,
  });
}
