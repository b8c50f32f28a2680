import { useQuery } from '@tanstack/react-query';
import type { FunctionActivity } from '@basin/core/schemas';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { functionKeys } from './keys';

/** How often the details page looks for new invocations and log lines. */
export const FUNCTION_ACTIVITY_POLL_MS = 5_000;

export function getFunctionActivity(ref: string | undefined, slug: string, signal?: AbortSignal): Promise<FunctionActivity> {
  return api.GET('/api/platform/projects/{ref}/functions/{function_slug}/activity', { path: { ...projectRef(ref), function_slug: slug }, signal });
}

/** The function's newest invocations and console lines, polled while the page is open (and visible). */
export function useFunctionActivityQuery(ref: string | undefined, slug: string | undefined, { enabled = true } = {}) {
  return useQuery({
    queryKey: functionKeys.activity(ref, slug),
    queryFn: ({ signal }) => getFunctionActivity(ref, slug ?? '', signal),
    enabled: Boolean(ref && slug) && enabled,
    refetchInterval: FUNCTION_ACTIVITY_POLL_MS,
  });
}
