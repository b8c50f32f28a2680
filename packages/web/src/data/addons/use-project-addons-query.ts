import { useQuery } from '@tanstack/react-query';
import { requireIdentifier } from '@basin/core';
import type { ProjectAddonsResponse } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { addonKeys } from './keys';

export function addonsPath(ref: string | undefined): string {
  return `/api/platform/projects/${encodeURIComponent(requireIdentifier(ref, 'Project ref'))}/billing/addons`;
}

/** GET /platform/projects/{ref}/billing/addons: the selected add-ons and every variant. */
export function useProjectAddonsQuery(ref: string | undefined) {
  return useQuery({
    queryKey: addonKeys.list(ref),
    queryFn: ({ signal }) => fetcher<ProjectAddonsResponse>(addonsPath(ref), { signal }),
    enabled: Boolean(ref),
  });
}
