import { useQuery } from '@tanstack/react-query';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { infrastructureKeys } from './keys';

/** GET /platform/projects/{ref}/infrastructure: Postgres version, network, compute and disk, measured on the instance. */
export function useInfrastructureQuery(ref: string | undefined) {
  return useQuery({
    queryKey: infrastructureKeys.detail(ref),
    queryFn: ({ signal }) => api.GET('/api/platform/projects/{ref}/infrastructure', { path: projectRef(ref), signal }),
    enabled: Boolean(ref),
  });
}
