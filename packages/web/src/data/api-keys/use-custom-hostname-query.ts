import { useQuery } from '@tanstack/react-query';
import { customHostnameStatusFromMessage } from '@basin/core';
import type { CustomHostname } from '@basin/core/schemas';
import { api, isApiError } from '../fetcher';
import { projectRef } from '../project-path';

export const customHostnameKey = (ref: string | undefined) => ['projects', ref, 'custom-hostname'] as const;

/** The custom hostname of a project; an API that refuses with the spec's messages reads as their status. */
export async function getCustomHostname(ref: string | undefined, signal?: AbortSignal): Promise<CustomHostname> {
  try {
    return await api.GET('/api/v1/projects/{ref}/custom-hostname', { path: projectRef(ref), signal });
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
