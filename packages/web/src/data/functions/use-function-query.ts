import { useQuery } from '@tanstack/react-query';
import type { EdgeFunction } from '@basin/core/schemas';
import { api } from '../fetcher';
import { functionKeys } from './keys';
import { functionParams } from './paths';

export function getFunction(ref: string | undefined, slug: string | undefined, signal?: AbortSignal): Promise<EdgeFunction> {
  return api.GET('/api/v1/projects/{ref}/functions/{function_slug}', { path: functionParams(ref, slug), signal });
}

/** One function and its current version. */
export function useFunctionQuery(ref: string | undefined, slug: string | undefined) {
  return useQuery({
    queryKey: functionKeys.detail(ref, slug),
    queryFn: ({ signal }) => getFunction(ref, slug, signal),
    enabled: Boolean(ref && slug),
  });
}
