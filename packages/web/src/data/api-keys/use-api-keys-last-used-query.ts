import { useQuery } from '@tanstack/react-query';
import type { ApiKeyLastUsed } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { projectApiPath } from '../project-path';

export const apiKeysLastUsedKey = (ref: string | undefined) => ['projects', ref, 'api-keys-last-used'] as const;

/**
 * When the anon and service_role keys were last presented to the project's API in the last 24 h
 * (Basin answers the dashboard's edge-log query with this typed call). Only for members who may
 * read the keys.
 */
export function useApiKeysLastUsedQuery(ref: string | undefined, { enabled = true } = {}) {
  return useQuery({
    queryKey: apiKeysLastUsedKey(ref),
    queryFn: ({ signal }) => fetcher<ApiKeyLastUsed[]>(projectApiPath('platform/projects', ref, '/api-keys/last-used'), { signal }),
    enabled: Boolean(ref) && enabled,
  });
}
