-- Logs explorer (issue 14): the project database's own log, one retention setting per project,
-- and the relations a member's log query (logs.all) reads.

-- Every source gets an id for the explorer's rows.
alter table edge_logs add column id bigint generated always as identity;
alter table auth_logs add column id bigint generated always as identity;
alter table function_edge_logs add column id bigint generated always as identity;
alter table function_logs add column id bigint generated always as identity;
-- A project's rows over a time range. (edge_logs and function_edge_logs get theirs in 027;
-- auth_logs has had one since 019.)
create index function_logs_ref_timestamp on function_logs (ref, timestamp);

-- The instances' jsonlog lines, tailed by the platform (logs/postgres-log-collector.ts). Long
-- texts are cut (logs/jsonlog.ts); `raw` is the whole line as JSON, its long strings cut too.
create table postgres_logs (
  id bigint generated always as identity,
  timestamp timestamptz not null,
  ref text not null,
  severity text not null,
  error_code text,
  user_name text,
  database_name text,
  query text,
  message text not null,
  raw jsonb not null
);
create index postgres_logs_ref_timestamp on postgres_logs (ref, timestamp);
create index postgres_logs_timestamp on postgres_logs using brin (timestamp);

-- How far each project's log files have been read: written in the transaction that stores the
-- lines, so a restart resumes without losing or repeating any.
create table postgres_log_positions (
  ref text primary key references projects (ref) on delete cascade,
  file text not null,
  "offset" bigint not null,
  updated_at timestamptz not null default now()
);

-- Days a project's logs are kept (every source); no row: 7. 0 keeps none and writes none.
create table log_retention (
  ref text primary key references projects (ref) on delete cascade,
  days smallint not null check (days between 0 and 90),
  updated_at timestamptz not null default now()
);

-- The login each project's log queries run as (logs/reader-role.ts), named by a digest so that the
-- role list tells nobody which projects exist. Read only by the views below, as their owner.
create table log_readers (
  role_name text primary key,
  ref text not null unique
);

-- What the readers see: each source, only the rows of the project whose reader is the session's
-- login (session_user cannot be changed without a superuser: SET ROLE and set_config('role')
-- change current_user only), only inside the query's time range (settings the platform sets for
-- each query; a reader who widens them sees more of its own project's rows, never another's).
-- security_barrier: a reader's own conditions (e.g. a cast that fails on a value) are never
-- applied to rows before these filters.
create schema logs;
revoke all on schema logs from public;

create view logs.edge_logs with (security_barrier) as
select id, timestamp,
  method || ' ' || path || ' ' || status as event_message,
  jsonb_build_object(
    'request', jsonb_build_object('method', method, 'path', path),
    'response', jsonb_build_object('status_code', status),
    'duration_ms', duration_ms, 'role', role, 'key_role', key_role, 'key_signature_prefix', key_signature_prefix,
    'from_browser', from_browser, 'rotated_out_key', rotated_out_key
  ) as metadata,
  method, path, status, duration_ms, role, key_role, key_signature_prefix, from_browser, rotated_out_key
from public.edge_logs
where ref = (select r.ref from public.log_readers r where r.role_name = session_user)
  and timestamp >= coalesce(nullif(current_setting('basin.logs_start', true), '')::timestamptz, '-infinity')
  and timestamp <= coalesce(nullif(current_setting('basin.logs_end', true), '')::timestamptz, 'infinity');

create view logs.postgres_logs with (security_barrier) as
select id, timestamp, message as event_message, raw as metadata,
  severity, error_code, user_name, database_name, query
from public.postgres_logs
where ref = (select r.ref from public.log_readers r where r.role_name = session_user)
  and timestamp >= coalesce(nullif(current_setting('basin.logs_start', true), '')::timestamptz, '-infinity')
  and timestamp <= coalesce(nullif(current_setting('basin.logs_end', true), '')::timestamptz, 'infinity');

create view logs.auth_logs with (security_barrier) as
select id, timestamp, msg as event_message,
  jsonb_build_object(
    'level', level, 'method', method, 'path', path, 'status', status, 'duration_ms', duration_ms,
    'error_code', error_code, 'msg', msg, 'remote_addr', remote_addr
  ) as metadata,
  level, method, path, status, duration_ms, error_code, remote_addr
from public.auth_logs
where ref = (select r.ref from public.log_readers r where r.role_name = session_user)
  and timestamp >= coalesce(nullif(current_setting('basin.logs_start', true), '')::timestamptz, '-infinity')
  and timestamp <= coalesce(nullif(current_setting('basin.logs_end', true), '')::timestamptz, 'infinity');

create view logs.function_edge_logs with (security_barrier) as
select id, timestamp,
  method || ' ' || path || ' ' || status as event_message,
  jsonb_build_object(
    'function_id', function_id, 'slug', slug, 'version', version, 'execution_id', execution_id,
    'request', jsonb_build_object('method', method, 'path', path),
    'response', jsonb_build_object('status_code', status),
    'execution_time_ms', execution_time_ms, 'memory_used_mb', memory_used_mb, 'error_code', error_code
  ) as metadata,
  function_id, slug, version, execution_id, method, path, status, execution_time_ms, memory_used_mb, error_code
from public.function_edge_logs
where ref = (select r.ref from public.log_readers r where r.role_name = session_user)
  and timestamp >= coalesce(nullif(current_setting('basin.logs_start', true), '')::timestamptz, '-infinity')
  and timestamp <= coalesce(nullif(current_setting('basin.logs_end', true), '')::timestamptz, 'infinity');

create view logs.function_logs with (security_barrier) as
select id, timestamp, event_message,
  jsonb_build_object(
    'function_id', function_id, 'slug', slug, 'version', version, 'execution_id', execution_id,
    'event_type', event_type, 'level', level
  ) as metadata,
  function_id, slug, version, execution_id, event_type, level
from public.function_logs
where ref = (select r.ref from public.log_readers r where r.role_name = session_user)
  and timestamp >= coalesce(nullif(current_setting('basin.logs_start', true), '')::timestamptz, '-infinity')
  and timestamp <= coalesce(nullif(current_setting('basin.logs_end', true), '')::timestamptz, 'infinity');

-- The readers are the only logins of this database that are not the platform's superuser. Built-in
-- functions that act beyond the query's own session are taken from them: advisory locks (the job
-- queue and the migrations take some) and notifications. Only a superuser may change these; on an
-- external store where the platform is not one, the statement timeout bounds them instead.
do $$
begin
  if (select rolsuper from pg_roles where rolname = current_user) then
    revoke execute on function
      pg_advisory_lock(bigint), pg_advisory_lock(integer, integer),
      pg_advisory_lock_shared(bigint), pg_advisory_lock_shared(integer, integer),
      pg_try_advisory_lock(bigint), pg_try_advisory_lock(integer, integer),
      pg_try_advisory_lock_shared(bigint), pg_try_advisory_lock_shared(integer, integer),
      pg_advisory_xact_lock(bigint), pg_advisory_xact_lock(integer, integer),
      pg_advisory_xact_lock_shared(bigint), pg_advisory_xact_lock_shared(integer, integer),
      pg_try_advisory_xact_lock(bigint), pg_try_advisory_xact_lock(integer, integer),
      pg_try_advisory_xact_lock_shared(bigint), pg_try_advisory_xact_lock_shared(integer, integer),
      pg_notify(text, text)
    from public;
  end if;
end
$$;
