import { useQuery } from '@tanstack/react-query';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { storageKeys } from './keys';

export const getBuckets = (ref: string | undefined, signal?: AbortSignal) => api.GET('/api/platform/storage/{ref}/buckets', { path: projectRef(ref), signal });

/** The project's buckets, by name (409 while the project is not running). */
export function useBucketsQuery(ref: string | undefined) {
  return useQuery({ queryKey: storageKeys.buckets(ref), queryFn: ({ signal }) => getBuckets(ref, signal), enabled: Boolean(ref) });
}
