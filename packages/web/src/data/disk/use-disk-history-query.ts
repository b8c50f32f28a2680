import { useQuery } from '@tanstack/react-query';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { diskKeys } from './keys';

/** The disk's latest changes, by members and by autoscaling, newest first. */
export function useDiskHistoryQuery(ref: string | undefined) {
  return useQuery({
    queryKey: diskKeys.history(ref),
    queryFn: ({ signal }) => api.GET('/api/platform/projects/{ref}/disk/history', { path: projectRef(ref), signal }),
    enabled: Boolean(ref),
  });
}
