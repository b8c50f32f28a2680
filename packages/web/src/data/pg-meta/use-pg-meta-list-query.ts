import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetcher } from '../fetcher';
import { projectApiPath } from '../project-path';
import { pgMetaKeys } from './keys';
import type { PgMetaKind, PgMetaKinds } from './types';

export const PAGE_SIZE = 50;

export type PgMetaParams = Record<string, string | number>;

export function getPgMetaList<K extends PgMetaKind>(ref: string | undefined, kind: K, params: PgMetaParams, signal?: AbortSignal) {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  return fetcher<PgMetaKinds[K][]>(projectApiPath('platform/pg-meta', ref, `/${kind}?${query.toString()}`), { signal });
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
