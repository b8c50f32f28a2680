import { useQuery } from '@tanstack/react-query';
import { fetcher } from '../fetcher';
import { projectApiPath } from '../project-path';
import { pgMetaKeys } from './keys';
import type { ApiDescription } from './types';

/** The project's REST API description (Swagger 2.0): tables, views and /rpc functions. */
export function useApiDescriptionQuery(ref: string | undefined) {
  return useQuery({
    queryKey: pgMetaKeys.apiDescription(ref),
    queryFn: ({ signal }) => fetcher<ApiDescription>(projectApiPath('platform/projects', ref, '/api/rest'), { signal }),
    enabled: Boolean(ref),
  });
}
