import { useQuery } from '@tanstack/react-query';
import { customHostnameStatusFromMessage } from '@basin/core';
import type { CustomHostname } from '@basin/core/schemas';
import { fetcher, isApiError } from '../fetcher';
import { projectApiPath } from '../project-path';

export const customHostnameKey = (ref: string | undefined) => ['projects', ref, 'custom-hostname'] as const;

/** The custom hostname of a project; an API that refuses with the spec's messages reads as their status. */
export async function getCustomHostname(ref: string | undefined, signal?: AbortSignal): Promise<CustomHostname> {
  try {
    return await fetcher<CustomHostname>(projectApiPath('v1/projects', ref, '/custom-hostname'), { signal });
  } catch (error) {
    const status = isApiError(error) ? customHostnameStatusFromMessage(error.message) : undefined;
    if (status) return { status, customDomain: null };
    throw error;
  }
}

export function useCustomHostnameQuery(ref: string | undefined) {
  return useQuery({
    queryKey: customHostnameKey(ref),
    queryFn: ({ signal }) => getCustomHostname(ref, signal),
    enabled: Boolean(ref),
  });
}
