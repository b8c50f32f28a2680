import { useQuery } from '@tanstack/react-query';
import type { Organization } from '@basin/core/schemas';
import { api } from '../fetcher';
import { organizationKeys } from './keys';

export function getOrganizations(signal?: AbortSignal): Promise<Organization[]> {
  return api.GET('/api/platform/organizations', { signal });
}

/** The organizations the signed-in user belongs to. */
export function useOrganizationsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: organizationKeys.list(),
    queryFn: ({ signal }) => getOrganizations(signal),
    enabled,
  });
}
