import { useQuery } from '@tanstack/react-query';
import type { FunctionActivity } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { projectApiPath } from '../project-path';
import { functionKeys } from './keys';

/** How often the details page looks for new invocations and log lines. */
export const FUNCTION_ACTIVITY_POLL_MS = 5_000;

export function getFunctionActivity(ref: string | undefined, slug: string, signal?: AbortSignal): Promise<FunctionActivity> {
  return fetcher<FunctionActivity>(projectApiPath('platform/projects', ref, `/functions/${encodeURIComponent(slug)}/activity`), { signal });
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
