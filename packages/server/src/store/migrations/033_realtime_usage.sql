-- Realtime's usage per project and UTC day (realtime/usage.ts): messages sent to clients, and the
-- most sockets open at once. Written from the platform's counters every few seconds.
create table realtime_usage_daily (
  ref text not null references projects (ref) on delete cascade on update cascade,
  day date not null,
  messages bigint not null default 0,
  peak_connections integer not null default 0,
  primary key (ref, day)
);
