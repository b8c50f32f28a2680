import { useQuery } from '@tanstack/react-query';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { addonKeys } from './keys';


/** GET /platform/projects/{ref}/billing/addons: the selected add-ons and every variant. */
export function useProjectAddonsQuery(ref: string | undefined) {
  return useQuery({
    queryKey: addonKeys.list(ref),
    queryFn: ({ signal }) => api.GET('/api/platform/projects/{ref}/billing/addons', { path: projectRef(ref), signal }),
    enabled: Boolean(ref),
  });
}
