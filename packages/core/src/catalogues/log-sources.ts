/**
 * The relations a log query (logs.all) reads: one per source, each scoped to the project and to the
 * query's time range. Every source has `id`, `timestamp`, `event_message` and `metadata` (jsonb,
 * the whole event), then typed columns. The server's views (migration 026) have exactly these
 * columns in this order; a test holds them to it.
 */
export interface LogColumn {
  name: string;
  /** The Postgres type, as format_type() writes it. */
  type: string;
  description: string;
}

export interface LogSource {
  name: LogSourceName;
  description: string;
  columns: readonly LogColumn[];
}

export const LOG_SOURCE_NAMES = [
  'edge_logs',
  'postgres_logs',
  'auth_logs',
  'function_edge_logs',
  'function_logs',
  'realtime_logs',
] as const;
export type LogSourceName = (typeof LOG_SOURCE_NAMES)[number];

const COMMON: readonly LogColumn[] = [
  { name: 'id', type: 'bigint', description: 'Unique within the source, increasing as events are stored' },
  { name: 'timestamp', type: 'timestamp with time zone', description: 'When it happened' },
  { name: 'event_message', type: 'text', description: 'One line saying what happened' },
  { name: 'metadata', type: 'jsonb', description: 'The whole event' },
];

const column = (name: string, type: string, description: string): LogColumn => ({ name, type, description });

export const LOG_SOURCES: readonly LogSource[] = [
  {
    name: 'edge_logs',
    description: "Every request through the project's API gateway",
    columns: [
      ...COMMON,
      column('method', 'text', 'HTTP method'),
      column('path', 'text', 'Path, without the query string'),
      column('status', 'smallint', 'HTTP status answered'),
      column('duration_ms', 'real', 'How long the answer took'),
      column('role', 'text', 'The database role the request ran as (anon, authenticated, service_role)'),
      column('key_role', 'text', 'The role of the API key presented'),
      column('key_signature_prefix', 'text', "The first 8 characters of the key's signature (never the key)"),
      column('from_browser', 'boolean', 'Whether a browser sent it'),
      column('rotated_out_key', 'boolean', 'Whether the key was signed with a replaced JWT secret'),
      column('response_bytes', 'bigint', "The answer's body size in bytes (what usage counts as egress)"),
    ],
  },
  {
    name: 'postgres_logs',
    description: "The project database's own log",
    columns: [
      ...COMMON,
      column('severity', 'text', 'LOG, WARNING, ERROR, FATAL, PANIC, ...'),
      column('error_code', 'text', 'SQLSTATE, e.g. 42P01'),
      column('user_name', 'text', 'Database role of the session'),
      column('database_name', 'text', 'Database of the session'),
      column('query', 'text', 'The statement, for errors'),
    ],
  },
  {
    name: 'auth_logs',
    description: "Every request to the project's auth API",
    columns: [
      ...COMMON,
      column('level', 'text', 'info, warning or error'),
      column('method', 'text', 'HTTP method'),
      column('path', 'text', 'Path, without the query string'),
      column('status', 'smallint', 'HTTP status answered'),
      column('duration_ms', 'real', 'How long the answer took'),
      column('error_code', 'text', "GoTrue's error code, when it refused"),
      column('remote_addr', 'text', "The client's address"),
    ],
  },
  {
    name: 'function_edge_logs',
    description: 'Every edge function invocation',
    columns: [
      ...COMMON,
      column('function_id', 'uuid', 'The function'),
      column('slug', 'text', "The function's slug"),
      column('version', 'integer', 'The version that ran'),
      column('execution_id', 'text', 'The worker that ran it'),
      column('method', 'text', 'HTTP method'),
      column('path', 'text', 'Path, without the query string'),
      column('status', 'smallint', 'HTTP status answered'),
      column('execution_time_ms', 'real', 'How long the function took'),
      column('memory_used_mb', 'real', "The worker's resident memory"),
      column('error_code', 'text', 'WORKER_LIMIT, WORKER_TIMEOUT, BOOT_ERROR, ... when the platform answered'),
    ],
  },
  {
    name: 'function_logs',
    description: "What edge functions printed, and their workers' boots and shutdowns",
    columns: [
      ...COMMON,
      column('function_id', 'uuid', 'The function'),
      column('slug', 'text', "The function's slug"),
      column('version', 'integer', 'The version that ran'),
      column('execution_id', 'text', 'The worker'),
      column('event_type', 'text', 'Boot, Log, Shutdown or UncaughtException'),
      column('level', 'text', 'log, info, warning or error'),
    ],
  },
  {
    name: 'realtime_logs',
    description: "Realtime's sockets and channels: connections, joins, refusals and shutdowns (never a payload)",
    columns: [
      ...COMMON,
      column('level', 'text', 'info, warning or error'),
      column('event_type', 'text', 'Connect, Disconnect, Join, JoinRefused, Leave or ChannelShutdown'),
      column('topic', 'text', 'The channel, as the client named it'),
      column('role', 'text', 'The role the channel joined as (anon, authenticated, service_role)'),
    ],
  },
];
