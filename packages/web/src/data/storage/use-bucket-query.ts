import { useQuery } from '@tanstack/react-query';
import type { StorageBucket } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { storageKeys } from './keys';
import { bucketPath } from './paths';

export function useBucketQuery(ref: string | undefined, id: string | undefined) {
  return useQuery({
    queryKey: storageKeys.bucket(ref, id),
    queryFn: ({ signal }) => fetcher<StorageBucket>(bucketPath(ref, id ?? ''), { signal }),
    enabled: Boolean(ref && id),
  });
}
