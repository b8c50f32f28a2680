import { useQuery } from '@tanstack/react-query';
import { requireIdentifier } from '@basin/core';
import type { OrganizationUsage } from '@basin/core/schemas';
import { api } from '../fetcher';
import { usageKeys } from './keys';

export function getOrganizationUsage(slug: string | undefined, signal?: AbortSignal): Promise<OrganizationUsage> {
  return api.GET('/api/platform/organizations/{slug}/usage', { path: { slug: requireIdentifier(slug, 'slug') }, signal });
}

export function useOrganizationUsageQuery(slug: string | undefined) {
  return useQuery({ queryKey: usageKeys.organization(slug), queryFn: ({ signal }) => getOrganizationUsage(slug, signal), enabled: Boolean(slug) });
}
