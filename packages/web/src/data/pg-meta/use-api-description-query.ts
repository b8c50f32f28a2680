import { useQuery } from '@tanstack/react-query';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { pgMetaKeys } from './keys';

/** The project's REST API description (Swagger 2.0): tables, views and /rpc functions. */
export function useApiDescriptionQuery(ref: string | undefined) {
  return useQuery({
    queryKey: pgMetaKeys.apiDescription(ref),
    queryFn: ({ signal }) => api.GET('/api/platform/projects/{ref}/api/rest', { path: projectRef(ref), signal }),
    enabled: Boolean(ref),
  });
}
