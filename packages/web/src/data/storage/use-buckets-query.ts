import { useQuery } from '@tanstack/react-query';
import type { StorageBucket } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { storageKeys } from './keys';
import { storagePath } from './paths';

export const getBuckets = (ref: string | undefined, signal?: AbortSignal) => fetcher<StorageBucket[]>(storagePath(ref, '/buckets'), { signal });

/** The project's buckets, by name (409 while the project is not running). */
export function useBucketsQuery(ref: string | undefined) {
  return useQuery({ queryKey: storageKeys.buckets(ref), queryFn: ({ signal }) => getBuckets(ref, signal), enabled: Boolean(ref) });
}
