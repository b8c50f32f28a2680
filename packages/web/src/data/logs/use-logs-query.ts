import { useQuery } from '@tanstack/react-query';
import { fetchLogsAll, logsKeys } from './logs-all';

/** What one log query asks for: its SQL and the time range it covers (ISO 8601). */
export interface LogsQueryInput {
  sql: string;
  start: string;
  end: string;
}

/**
 * One log query (logs.all) for the explorer; a query that fails still answers, with `error`.
 * Log queries cost the store real work: they run when their SQL or range changes (or on Run),
 * never again on their own when the window regains focus. Null asks nothing.
 */
export function useLogsQuery(ref: string | undefined, input: LogsQueryInput | null) {
  const params = { sql: input?.sql ?? '', iso_timestamp_start: input?.start, iso_timestamp_end: input?.end };
  return useQuery({
    queryKey: logsKeys.query(ref, params),
    queryFn: ({ signal }) => fetchLogsAll(ref, params, signal),
    enabled: Boolean(ref) && input !== null,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
