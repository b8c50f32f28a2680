import type { LogsQueryParams, LogsQueryResult } from '@basin/core/schemas';
import { fetcher } from '../fetcher';
import { projectApiPath } from '../project-path';

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
  const path = projectApiPath('platform/projects', ref, '/analytics/endpoints/logs.all');
  const query = new URLSearchParams({ sql: params.sql });
  if (params.iso_timestamp_start) query.set('iso_timestamp_start', params.iso_timestamp_start);
  if (params.iso_timestamp_end) query.set('iso_timestamp_end', params.iso_timestamp_end);
  const search = query.toString();
  if (search.length > MAX_URL_QUERY_LENGTH) return fetcher<LogsQueryResult>(path, { method: 'POST', body: params, signal });
  return fetcher<LogsQueryResult>(`${path}?${search}`, { signal });
}
