import { useMutation } from '@tanstack/react-query';
import type { SqlError, SqlResult } from '@basin/core/schemas';
import { api, ApiError } from '../fetcher';
import { projectRef } from '../project-path';
import type { MutationHookOptions } from '../mutation-options';
import { sqlKeys } from './keys';

export interface RunSqlVariables {
  ref: string;
  query: string;
  /** Run as the read-only role whatever the member's own: nothing the query does can write. */
  readOnly?: boolean;
}

/** A failed statement, with Postgres's position in the query when it gave one. */
export class SqlRunError extends Error {
  readonly position: number | undefined;
  readonly code: string | undefined;
  readonly hint: string | undefined;

  constructor(error: SqlError) {
    super(error.message);
    this.name = 'SqlRunError';
    this.position = error.position;
    this.code = error.code;
    this.hint = error.hint;
  }
}

function isSqlError(body: unknown): body is SqlError {
  return typeof body === 'object' && body !== null && typeof (body as SqlError).message === 'string';
}

export async function runSql({ ref, query, readOnly }: RunSqlVariables): Promise<SqlResult> {
  const body = readOnly ? { query, read_only: true } : { query };
  try {
    return await api.POST('/api/platform/pg-meta/{ref}/query', { path: projectRef(ref), body });
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && isSqlError(error.body)) throw new SqlRunError(error.body);
    throw error;
  }
}

/** Errors are shown beside the results, not toasted. */
export function useRunSqlMutation(options: MutationHookOptions<SqlResult, RunSqlVariables> = {}) {
  return useMutation({ mutationKey: sqlKeys.run(undefined), mutationFn: runSql, ...options });
}
