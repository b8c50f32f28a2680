import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListObjectsBody, StorageObject } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { storageKeys } from './keys';
import { bucketPath } from './paths';

/** The folders, then the files, directly under `body.path`. */
export function useObjectsQuery(ref: string | undefined, bucket: string | undefined, body: ListObjectsBody) {
  return useQuery({
    queryKey: storageKeys.objects(ref, bucket, body),
    queryFn: ({ signal }) => fetcher<StorageObject[]>(bucketPath(ref, bucket ?? '', '/objects/list'), { method: 'POST', body, signal }),
    enabled: Boolean(ref && bucket),
    placeholderData: keepPreviousData,
  });
}
