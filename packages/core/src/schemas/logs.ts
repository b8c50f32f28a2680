import { z } from 'zod';
import { LOGS_MESSAGES } from '../logs-messages.ts';
import { LOG_QUERY_MAX_SQL_BYTES, LOG_RETENTION_MAX_DAYS } from '../rules/log-query.ts';

const isoTimestamp = (name: string) => z.iso.datetime({ offset: true, error: LOGS_MESSAGES.invalidTimestamp(name) }).optional();

/**
 * GET /platform/projects/{ref}/analytics/endpoints/logs.all (spec part 2 §7). The end defaults to
 * now and the start to an hour before the end.
 */
export const LogsQueryParams = z
  .object({
    sql: z
      .string({ error: LOGS_MESSAGES.sqlRequired })
      .refine((sql) => sql.trim().length > 0, LOGS_MESSAGES.sqlRequired)
      .refine(
        (sql) => new TextEncoder().encode(sql).length <= LOG_QUERY_MAX_SQL_BYTES,
        LOGS_MESSAGES.sqlTooLong(LOG_QUERY_MAX_SQL_BYTES / 1024),
      ),
    iso_timestamp_start: isoTimestamp('iso_timestamp_start'),
    iso_timestamp_end: isoTimestamp('iso_timestamp_end'),
  })
  .meta({ id: 'LogsQueryParams' });
export type LogsQueryParams = z.infer<typeof LogsQueryParams>;

/** A row of a log query: its columns by name, times as ISO strings, jsonb as JSON. */
export const LogRow = z.record(z.string(), z.unknown()).meta({ id: 'LogRow' });
export type LogRow = z.infer<typeof LogRow>;

/**
 * The answer (spec part 2 §3 "Log query": a result list and an error field). A query that fails
 * (syntax, a missing column, a timeout...) answers 200 with `error` and no rows. `warnings` are
 * the parser warnings of spec part 2 §5 (a Basin addition: they never stop the query).
 */
export const LogsQueryResult = z
  .object({
    result: z.array(LogRow),
    error: z.object({ message: z.string() }).nullable(),
    warnings: z.array(z.string()),
  })
  .meta({ id: 'LogsQueryResult' });
export type LogsQueryResult = z.infer<typeof LogsQueryResult>;

/** GET|PUT /platform/projects/{ref}/analytics/log-retention: days logs are kept; 0 keeps (and writes) none. */
export const LogRetention = z
  .object({
    retention_days: z
      .number()
      .int('retention_days must be a whole number of days')
      .min(0, 'retention_days must be at least 0')
      .max(LOG_RETENTION_MAX_DAYS, `retention_days must be at most ${LOG_RETENTION_MAX_DAYS}`),
  })
  .meta({ id: 'LogRetention' });
export type LogRetention = z.infer<typeof LogRetention>;
