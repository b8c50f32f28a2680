import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SqlResult } from '@basin/core/schemas';
import { selectRowsSql } from '../../lib/sql-identifier';
import { fetcher } from '../fetcher';
import { projectApiPath } from '../project-path';
import { pgMetaKeys } from './keys';
import { PAGE_SIZE } from './use-pg-meta-list-query';

/** One page of a table's rows, read through the platform's query endpoint with quoted identifiers. */
export function useTableRowsQuery(ref: string | undefined, schema: string, table: string, page: number) {
  return useQuery({
    queryKey: pgMetaKeys.rows(ref, schema, table, page),
    queryFn: ({ signal }) =>
      fetcher<SqlResult>(projectApiPath('platform/pg-meta', ref, '/query'), {
        method: 'POST',
        body: { query: selectRowsSql(schema, table, PAGE_SIZE, page * PAGE_SIZE) },
        signal,
      }),
    enabled: Boolean(ref && table),
    placeholderData: keepPreviousData,
  });
}
