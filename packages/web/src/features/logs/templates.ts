/** The explorer's query templates and each source page's default query. */
import type { LogSourceName } from '@basin/core';

export interface QueryTemplate {
  id: string;
  label: string;
  description: string;
  source: LogSourceName;
  sql: string;
}

const lines = (...parts: string[]) => parts.join('\n');

/** The source pages: one per source the project writes to, with a query showing its useful columns. */
export const SOURCE_PAGES = {
  'edge-logs': { source: 'edge_logs', title: 'API Gateway logs', description: "Every request through the project's API gateway" },
  'postgres-logs': { source: 'postgres_logs', title: 'Postgres logs', description: "The project database's own log" },
  'auth-logs': { source: 'auth_logs', title: 'Auth logs', description: "Every request to the project's auth API" },
  'function-logs': {
    source: 'function_logs',
    title: 'Edge Function logs',
    description: 'What edge functions printed, and their boots and shutdowns',
  },
  'realtime-logs': {
    source: 'realtime_logs',
    title: 'Realtime logs',
    description: "Realtime's connections, channel joins, refusals and shutdowns",
  },
} as const satisfies Record<string, { source: LogSourceName; title: string; description: string }>;

export type SourcePage = keyof typeof SOURCE_PAGES;

const DEFAULT_COLUMNS: Record<LogSourceName, string> = {
  edge_logs: 'id, timestamp, method, path, status, duration_ms, role',
  postgres_logs: 'id, timestamp, severity, error_code, user_name, event_message',
  auth_logs: 'id, timestamp, level, method, path, status, event_message',
  function_edge_logs: 'id, timestamp, slug, method, status, execution_time_ms',
  function_logs: 'id, timestamp, slug, event_type, level, event_message',
  realtime_logs: 'id, timestamp, event_type, topic, role, event_message',
};

/** A source's newest 100 events, with the columns worth reading first. */
export function defaultQuery(source: LogSourceName): string {
  return lines(`select ${DEFAULT_COLUMNS[source]}`, `from ${source}`, 'order by timestamp desc', 'limit 100');
}

/** The explorer opens on the gateway's newest events. */
export const EXPLORER_DEFAULT_SQL = lines('select id, timestamp, event_message', 'from edge_logs', 'order by timestamp desc', 'limit 100');

export const QUERY_TEMPLATES: readonly QueryTemplate[] = [
  {
    id: 'recent-errors',
    label: 'Recent errors',
    description: 'API requests answered with a 4xx or 5xx status',
    source: 'edge_logs',
    sql: lines(
      'select id, timestamp, method, path, status, event_message',
      'from edge_logs',
      'where status >= 400',
      'order by timestamp desc',
      'limit 100',
    ),
  },
  {
    id: 'requests-by-status',
    label: 'Requests by status',
    description: 'How many API requests got each status',
    source: 'edge_logs',
    sql: lines('select status, count(*) as count', 'from edge_logs', 'group by status', 'order by count desc'),
  },
  {
    id: 'requests-by-path',
    label: 'Busiest paths',
    description: 'The API paths called most, with their errors',
    source: 'edge_logs',
    sql: lines(
      'select method, path, count(*) as count,',
      '  count(*) filter (where status >= 400) as errors',
      'from edge_logs',
      'group by method, path',
      'order by count desc',
      'limit 50',
    ),
  },
  {
    id: 'slow-requests',
    label: 'Slow requests',
    description: 'API requests that took longer than 1 second',
    source: 'edge_logs',
    sql: lines(
      'select id, timestamp, method, path, status, duration_ms',
      'from edge_logs',
      'where duration_ms > 1000',
      'order by duration_ms desc',
      'limit 100',
    ),
  },
  {
    id: 'requests-by-key',
    label: 'Requests by API key',
    description: 'Which keys and roles call the API',
    source: 'edge_logs',
    sql: lines(
      'select key_role, role, count(*) as count, max(timestamp) as last_used',
      'from edge_logs',
      'group by key_role, role',
      'order by count desc',
    ),
  },
  {
    id: 'failing-sql',
    label: 'Failing SQL statements',
    description: 'Statements the database refused, with their error code',
    source: 'postgres_logs',
    sql: lines(
      'select id, timestamp, severity, error_code, user_name, event_message, query',
      'from postgres_logs',
      "where severity in ('ERROR', 'FATAL', 'PANIC')",
      'order by timestamp desc',
      'limit 100',
    ),
  },
  {
    id: 'database-errors-by-code',
    label: 'Database errors by code',
    description: 'How often each SQLSTATE came up',
    source: 'postgres_logs',
    sql: lines(
      'select error_code, count(*) as count, max(timestamp) as last_seen',
      'from postgres_logs',
      'where error_code is not null',
      'group by error_code',
      'order by count desc',
    ),
  },
  {
    id: 'sign-ins',
    label: 'Sign-ins',
    description: 'Token requests to the auth API: passwords, refreshes, links',
    source: 'auth_logs',
    sql: lines(
      'select id, timestamp, status, path, remote_addr, event_message',
      'from auth_logs',
      "where path like '%/token'",
      'order by timestamp desc',
      'limit 100',
    ),
  },
  {
    id: 'auth-errors',
    label: 'Auth errors',
    description: 'Auth requests refused, with the reason',
    source: 'auth_logs',
    sql: lines(
      'select id, timestamp, method, path, status, error_code, event_message',
      'from auth_logs',
      'where status >= 400',
      'order by timestamp desc',
      'limit 100',
    ),
  },
  {
    id: 'function-invocations',
    label: 'Function invocations',
    description: 'Edge function calls with their status and time',
    source: 'function_edge_logs',
    sql: lines(
      'select id, timestamp, slug, method, path, status, execution_time_ms',
      'from function_edge_logs',
      'order by timestamp desc',
      'limit 100',
    ),
  },
  {
    id: 'function-errors',
    label: 'Function errors',
    description: 'Errors printed or thrown by edge functions',
    source: 'function_logs',
    sql: lines(
      'select id, timestamp, slug, event_type, level, event_message',
      'from function_logs',
      "where level = 'error' or event_type = 'UncaughtException'",
      'order by timestamp desc',
      'limit 100',
    ),
  },
];

/** The templates a page offers: its source's (function pages include invocations), or all on the explorer. */
export function templatesFor(source: LogSourceName | undefined): readonly QueryTemplate[] {
  if (!source) return QUERY_TEMPLATES;
  const related: LogSourceName[] = source === 'function_logs' ? ['function_logs', 'function_edge_logs'] : [source];
  return QUERY_TEMPLATES.filter((template) => related.includes(template.source));
}
