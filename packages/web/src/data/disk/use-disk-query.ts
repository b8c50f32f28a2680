import { useQuery } from '@tanstack/react-query';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { diskKeys } from './keys';


export function useDiskQuery(ref: string | undefined) {
  return useQuery({
    queryKey: diskKeys.disk(ref),
    queryFn: ({ signal }) => api.GET('/api/platform/projects/{ref}/disk', { path: projectRef(ref), signal }),
    enabled: Boolean(ref),
  });
}
