import { useQuery } from '@tanstack/react-query';
import { requireIdentifier } from '@basin/core';
import { api } from '../fetcher';
import { billingKeys } from './keys';

/** Spec part 2 §7, §9: the subscription is cached for 1 hour (a change invalidates it). */
const SUBSCRIPTION_CACHE_MS = 60 * 60 * 1000;

/** GET /platform/organizations/{slug}/billing/subscription; only asked by members with billing read. */
export function useSubscriptionQuery(slug: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: billingKeys.subscription(slug),
    queryFn: ({ signal }) => api.GET('/api/platform/organizations/{slug}/billing/subscription', { path: { slug: requireIdentifier(slug, 'slug') }, signal }),
    staleTime: SUBSCRIPTION_CACHE_MS,
    gcTime: SUBSCRIPTION_CACHE_MS,
    enabled: enabled && Boolean(slug) && slug !== '_',
  });
}
