import { useQuery } from '@tanstack/react-query';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { pgMetaKeys } from './keys';

/** The instance's column types for the editor's searchable list; they rarely change, so they stay fresh for a while. */
export function useColumnTypesQuery(ref: string | undefined, enabled = true) {
  return useQuery({
    queryKey: pgMetaKeys.columnTypes(ref),
    queryFn: ({ signal }) => api.GET('/api/platform/pg-meta/{ref}/column-types', { path: projectRef(ref), signal }),
    enabled: Boolean(ref) && enabled,
    staleTime: 60_000,
  });
}
