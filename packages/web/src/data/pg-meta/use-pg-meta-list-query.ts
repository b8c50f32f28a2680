import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../fetcher';
import type { ApiQuery } from '../api';
import { projectRef } from '../project-path';
import { pgMetaKeys } from './keys';
import type { PgMetaKind, PgMetaKinds } from './types';

export const PAGE_SIZE = 50;

/** The list routes' query (they all take the same one). */
export type PgMetaParams = ApiQuery<'get', '/api/platform/pg-meta/{ref}/tables'>;

interface ListInit {
  path: { ref: string };
  query: PgMetaParams;
  signal?: AbortSignal;
}

/** One typed call per kind, so each kind's rows keep their own type. */
const LISTS: { [K in PgMetaKind]: (init: ListInit) => Promise<PgMetaKinds[K][]> } = {
  tables: (init) => api.GET('/api/platform/pg-meta/{ref}/tables', init),
  views: (init) => api.GET('/api/platform/pg-meta/{ref}/views', init),
  functions: (init) => api.GET('/api/platform/pg-meta/{ref}/functions', init),
  indexes: (init) => api.GET('/api/platform/pg-meta/{ref}/indexes', init),
  policies: (init) => api.GET('/api/platform/pg-meta/{ref}/policies', init),
  extensions: (init) => api.GET('/api/platform/pg-meta/{ref}/extensions', init),
};

export function getPgMetaList<K extends PgMetaKind>(ref: string | undefined, kind: K, params: PgMetaParams, signal?: AbortSignal) {
  const list: (init: ListInit) => Promise<PgMetaKinds[K][]> = LISTS[kind];
  return list({ path: projectRef(ref), query: params, signal });
}

/** One page of a pg-meta list; the previous page stays on screen while the next one loads. */
export function usePgMetaListQuery<K extends PgMetaKind>(ref: string | undefined, kind: K, params: PgMetaParams, enabled = true) {
  return useQuery({
    queryKey: pgMetaKeys.list(ref, kind, params),
    queryFn: ({ signal }) => getPgMetaList(ref, kind, params, signal),
    enabled: Boolean(ref) && enabled,
    placeholderData: keepPreviousData,
  });
}
