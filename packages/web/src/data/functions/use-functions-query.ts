import { useQuery } from '@tanstack/react-query';
import type { EdgeFunction } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { functionKeys } from './keys';
import { functionsPath } from './paths';

export function getFunctions(ref: string | undefined, signal?: AbortSignal): Promise<EdgeFunction[]> {
  return fetcher<EdgeFunction[]>(functionsPath(ref), { signal });
}

/** The project's edge functions, oldest first. */
export function useFunctionsQuery(ref: string | undefined) {
  return useQuery({ queryKey: functionKeys.list(ref), queryFn: ({ signal }) => getFunctions(ref, signal), enabled: Boolean(ref) });
}
