import { useQuery } from '@tanstack/react-query';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { storageKeys } from './keys';

export function useBucketQuery(ref: string | undefined, id: string | undefined) {
  return useQuery({
    queryKey: storageKeys.bucket(ref, id),
    queryFn: ({ signal }) => api.GET('/api/platform/storage/{ref}/buckets/{id}', { path: { ...projectRef(ref), id: id ?? '' }, signal }),
    enabled: Boolean(ref && id),
  });
}
