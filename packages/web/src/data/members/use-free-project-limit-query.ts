import { useQuery } from '@tanstack/react-query';
import { requireIdentifier } from '@basin/core';
import type { MemberAtFreeProjectLimit } from '@basin/core/schemas';
import { api } from '../fetcher';
import { memberKeys } from './keys';

export function getMembersAtFreeProjectLimit(slug: string | undefined, signal?: AbortSignal): Promise<MemberAtFreeProjectLimit[]> {
  const orgSlug = requireIdentifier(slug, 'slug');
  return api.GET('/api/platform/organizations/{slug}/members/reached-free-project-limit', { path: { slug: orgSlug }, signal });
}

/** Free organizations check these members before a restore (spec part 1 §6). */
export function useMembersAtFreeProjectLimitQuery(slug: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: memberKeys.reachedFreeProjectLimit(slug),
    queryFn: ({ signal }) => getMembersAtFreeProjectLimit(slug, signal),
    enabled: enabled && Boolean(slug) && slug !== '_',
  });
}
