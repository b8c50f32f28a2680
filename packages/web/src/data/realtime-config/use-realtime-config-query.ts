import { useQuery } from '@tanstack/react-query';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { realtimeConfigKeys } from './keys';

/** GET /platform/projects/{ref}/config/realtime: the project's Realtime limits and whether only private channels may be joined. */
export function useRealtimeConfigQuery(ref: string | undefined) {
  return useQuery({
    queryKey: realtimeConfigKeys.config(ref),
    queryFn: ({ signal }) => api.GET('/api/platform/projects/{ref}/config/realtime', { path: projectRef(ref), signal }),
    enabled: Boolean(ref),
  });
}
