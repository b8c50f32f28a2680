import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../fetcher';

/**
 * A list from an area that may not exist on this platform yet (storage buckets, edge functions):
 * a 404 reads as an empty list, so the docs panel shows its empty state instead of an error.
 */
export function useOptionalListQuery<T>(key: readonly unknown[], list: ((signal: AbortSignal) => Promise<T[]>) | undefined) {
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      try {
        return (await list?.(signal)) ?? [];
      } catch (error) {
        if (isApiError(error, 404)) return [];
        throw error;
      }
    },
    enabled: Boolean(list),
  });
}
