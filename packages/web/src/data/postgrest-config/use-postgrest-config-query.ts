import { useQuery } from '@tanstack/react-query';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { postgrestConfigKeys } from './keys';

/** GET /platform/projects/{ref}/config/postgrest: the data API's exposed schemas, row cap, aggregates and explain(). */
export function usePostgrestConfigQuery(ref: string | undefined) {
  return useQuery({
    queryKey: postgrestConfigKeys.config(ref),
    queryFn: ({ signal }) => api.GET('/api/platform/projects/{ref}/config/postgrest', { path: projectRef(ref), signal }),
    enabled: Boolean(ref),
  });
}
