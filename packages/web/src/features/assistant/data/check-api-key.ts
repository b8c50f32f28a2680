import { useQuery } from '@tanstack/react-query';
import { api } from '../../../data/fetcher';
import { assistantKeys } from './keys';

/** `GET /api/ai/sql/check-api-key`: whether a model is configured and whether the assistant is switched off. */
export function useCheckApiKeyQuery() {
  return useQuery({
    queryKey: assistantKeys.apiKey(),
    queryFn: ({ signal }) => api.GET('/api/ai/sql/check-api-key', { signal }),
    staleTime: 60_000,
  });
}
