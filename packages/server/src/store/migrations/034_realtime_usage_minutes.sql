-- Realtime's usage per project and minute (realtime/usage.ts), what the reports chart: messages
-- sent to clients, and the most sockets open at once. Written with realtime_usage_daily; rows
-- older than the reports' longest range are pruned (jobs/realtime-retention.ts).
create table realtime_usage_minutes (
  ref text not null references projects (ref) on delete cascade on update cascade,
  minute timestamptz not null,
  messages bigint not null default 0,
  peak_connections integer not null default 0,
  primary key (ref, minute)
);
create index realtime_usage_minutes_minute on realtime_usage_minutes (minute);
