import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { STORAGE_LIST_LIMIT, type ListObjectsBody, type StorageObject } from '@basin/core/schemas';
import { api } from '../../data/fetcher';
import { projectRef } from '../../data/project-path';
import { storageKeys } from '../../data/storage/keys';

/** The list's order: the server sorts (folders always first), so every page continues the same order. */
export type ObjectsSort = NonNullable<ListObjectsBody['sortBy']>;

interface ObjectsPage {
  entries: StorageObject[];
  /** Where the next page starts, when there is one. */
  next?: number;
}

/**
 * A folder's entries `pageSize` at a time (`offset` paging). Each page asks for one entry more
 * than it keeps, so "is there more" is known without an empty last request. Its key is under
 * `storageKeys.objectsOf`, so uploads, moves and deletes refresh it (every loaded page again).
 */
export function useObjectPages(
  ref: string | undefined,
  bucket: string | undefined,
  { path, search, sortBy, pageSize = STORAGE_LIST_LIMIT }: { path: string; search: string; sortBy: ObjectsSort; pageSize?: number },
) {
  return useInfiniteQuery({
    queryKey: [...storageKeys.objectsOf(ref, bucket), 'pages', { path, search, sortBy, pageSize }] as const,
    queryFn: async ({ pageParam, signal }): Promise<ObjectsPage> => {
      const body: ListObjectsBody = { path, search, sortBy, limit: pageSize + 1, offset: pageParam };
      const rows = await api.POST('/api/platform/storage/{ref}/buckets/{id}/objects/list', {
        path: { ...projectRef(ref), id: bucket ?? '' },
        body,
        signal,
      });
      return { entries: rows.slice(0, pageSize), next: rows.length > pageSize ? pageParam + pageSize : undefined };
    },
    initialPageParam: 0,
    getNextPageParam: (last) => last.next,
    enabled: Boolean(ref && bucket),
    placeholderData: keepPreviousData,
  });
}

/** The loaded pages' entries in order; a name seen twice (the folder changed between two pages) is shown once. */
export function entriesOf(data: { pages: ObjectsPage[] } | undefined): StorageObject[] | undefined {
  if (!data) return undefined;
  const seen = new Set<string>();
  return data.pages
    .flatMap((page) => page.entries)
    .filter((entry) => {
      const key = `${entry.id === null ? 'folder' : 'file'}:${entry.name}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
