import type { LogsQueryParams, LogsQueryResult } from '@basin/core/schemas';
import { api, apiUrl } from '../fetcher';
import { projectRef } from '../project-path';

/** Query keys of the project's log queries (logs.all): `logsKeys.all(ref)` covers every one of them. */
export const logsKeys = {
  all: (ref: string | undefined) => ['projects', ref, 'logs'] as const,
  query: (ref: string | undefined, params: LogsQueryParams) => [...logsKeys.all(ref), params] as const,
};

/** Longer query strings go as a POST body: servers refuse URLs much past 8 kB. */
const MAX_URL_QUERY_LENGTH = 6000;

/**
 * One log query (spec part 2 §7): the SQL over the project's log sources in the time range, by GET
 * as the spec calls it (POST with the same fields when the SQL is long). The answer's `error` (the
 * query failed) and `warnings` (parser warnings) come back as they are: the caller decides how to
 * show them.
 */
export function fetchLogsAll(ref: string | undefined, params: LogsQueryParams, signal?: AbortSignal): Promise<LogsQueryResult> {
  const path = projectRef(ref);
  const query = {
    sql: params.sql,
    iso_timestamp_start: params.iso_timestamp_start || undefined,
    iso_timestamp_end: params.iso_timestamp_end || undefined,
  };
  if (apiUrl('', undefined, query).length > MAX_URL_QUERY_LENGTH) {
    return api.POST('/api/platform/projects/{ref}/analytics/endpoints/logs.all', { path, body: params, signal });
  }
  return api.GET('/api/platform/projects/{ref}/analytics/endpoints/logs.all', { path, query, signal });
}
