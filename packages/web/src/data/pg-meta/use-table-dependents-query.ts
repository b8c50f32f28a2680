import { useQuery } from '@tanstack/react-query';
import { api } from '../fetcher';
import { projectRef } from '../project-path';
import { pgMetaKeys } from './keys';

/** What depends on a table (views, other tables' foreign keys, policies, triggers): the delete dialog's list. */
export function useTableDependentsQuery(ref: string | undefined, schema: string, table: string, enabled = true) {
  return useQuery({
    queryKey: pgMetaKeys.tableDependents(ref, schema, table),
    queryFn: ({ signal }) =>
      api.GET('/api/platform/pg-meta/{ref}/table-dependents', { path: projectRef(ref), query: { schema, table }, signal }),
    enabled: Boolean(ref) && enabled,
  });
}
