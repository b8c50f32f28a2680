-- Reports and usage (issue 14): what the charts and the usage page read, and the counters a
-- month of usage needs beyond the 7 days the request logs are kept.

-- Egress: the bytes of each answer the project gateway sent (null for rows written before).
alter table edge_logs add column response_bytes bigint;

-- The reports read a project's requests over a time range.
create index edge_logs_ref_timestamp on edge_logs (ref, timestamp);
create index function_edge_logs_ref_timestamp on function_edge_logs (ref, timestamp);

-- Every resource sample of the last 7 days (resource_samples keeps only the latest one, for the
-- warnings): the database charts of the reports. Pruned by the sampler.
create table resource_sample_history (
  project_id integer not null references projects (id) on delete cascade,
  sampled_at timestamptz not null,
  cpu_percent double precision,
  memory_percent double precision,
  disk_io_percent double precision,
  -- databases and stored files together, and each; the disk's size when sampled
  disk_used_bytes bigint not null,
  database_bytes bigint,
  storage_bytes bigint,
  disk_size_bytes bigint,
  -- client sessions on the instance (the platform's own pools included), and the most it takes
  connections integer,
  max_connections integer,
  primary key (project_id, sampled_at)
);
create index resource_sample_history_sampled_at on resource_sample_history using brin (sampled_at);

-- Each status a project enters, written by the trigger below whichever code changes it: compute
-- hours are the time spent ACTIVE_HEALTHY. Projects that exist now start their history here.
create table project_status_changes (
  project_id integer not null references projects (id) on delete cascade,
  status text not null,
  changed_at timestamptz not null default clock_timestamp()
);
create index project_status_changes_by_project on project_status_changes (project_id, changed_at);

create function record_project_status_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' or new.status is distinct from old.status then
    insert into project_status_changes (project_id, status) values (new.id, new.status);
  end if;
  return null;
end
$$;

create trigger projects_status_history after insert or update of status on projects
  for each row execute function record_project_status_change();

insert into project_status_changes (project_id, status, changed_at) select id, status, now() from projects;

-- Requests, egress and function invocations per project and UTC day, summed from the logs once
-- the day is over (services/usage-rollup.ts), so a month of usage outlives the logs' retention.
create table project_usage_daily (
  ref text not null references projects (ref) on delete cascade on update cascade,
  day date not null,
  requests bigint not null,
  egress_bytes bigint not null,
  function_invocations bigint not null,
  primary key (ref, day)
);

-- The days already summed into project_usage_daily: the usage of any other day is read from the logs.
create table usage_rollup_days (
  day date primary key,
  rolled_at timestamptz not null default now()
);

-- Custom reports: a project's named layouts of SQL charts, shared by its members. Each item of
-- `items` is {id, label, sql, snippet_id, chartConfig} (core's ReportItem).
create table reports (
  id uuid primary key default gen_random_uuid(),
  project_ref text not null references projects (ref) on delete cascade on update cascade,
  name text not null,
  items jsonb not null default '[]',
  created_by text references "user" (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index reports_by_project on reports (project_ref, created_at);
