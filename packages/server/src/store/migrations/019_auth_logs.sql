-- Auth logs: one row per request to a project's auth API (/auth/v1), kept 7 days like the edge
-- logs, for the logs explorer. No tokens or passwords: the path without its query, the outcome,
-- GoTrue's error code and message when it refused, and the client's address.
create table auth_logs (
  timestamp timestamptz not null default now(),
  ref text not null,
  level text not null check (level in ('info', 'warning', 'error')),
  method text not null,
  path text not null,
  status smallint not null,
  duration_ms real not null,
  error_code text,
  msg text not null,
  remote_addr text not null
);
create index auth_logs_ref_timestamp on auth_logs (ref, timestamp desc);
create index auth_logs_timestamp on auth_logs using brin (timestamp);
