import { useQuery } from '@tanstack/react-query';
import { requireIdentifier } from '@basin/core';
import { api } from '../fetcher';
import { diskKeys } from './keys';

/** Spec part 1 §9: resource warnings are cached for an hour. */
const RESOURCE_WARNINGS_STALE_MS = 60 * 60 * 1000;

export function useResourceWarningsQuery(ref: string | undefined, enabled = true) {
  return useQuery({
    queryKey: diskKeys.resourceWarnings(ref),
    queryFn: ({ signal }) =>
      api.GET('/api/platform/projects-resource-warnings', { query: { ref: requireIdentifier(ref, 'Project ref') }, signal }),
    select: (warnings) => warnings.find((warning) => warning.project === ref),
    staleTime: RESOURCE_WARNINGS_STALE_MS,
    enabled: Boolean(ref) && enabled,
  });
}
