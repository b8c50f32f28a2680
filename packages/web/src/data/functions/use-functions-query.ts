import { useQuery } from '@tanstack/react-query';
import type { EdgeFunction } from '@basin/core/schemas';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { functionKeys } from './keys';

export function getFunctions(ref: string | undefined, signal?: AbortSignal): Promise<EdgeFunction[]> {
  return api.GET('/api/v1/projects/{ref}/functions', { path: projectRef(ref), signal });
}

/** The project's edge functions, oldest first. */
export function useFunctionsQuery(ref: string | undefined) {
  return useQuery({ queryKey: functionKeys.list(ref), queryFn: ({ signal }) => getFunctions(ref, signal), enabled: Boolean(ref) });
}
