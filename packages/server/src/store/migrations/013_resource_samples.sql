-- The latest resource sample of each running project (services/resource-sampler.ts), which the
-- resource warnings are read from. The cumulative counters of the instance's processes stay with
-- the sample so that the next one can take the difference; `instance` (postmaster pid and start
-- time) tells whether the counters still belong to the same processes.
create table resource_samples (
  project_id integer primary key references projects (id) on delete cascade,
  sampled_at timestamptz not null,
  instance text,
  cpu_seconds double precision,
  io_bytes bigint,
  disk_used_bytes bigint not null,
  -- percentages of what the compute size and the disk provide; null when not measurable
  cpu_percent double precision,
  memory_percent double precision,
  disk_io_percent double precision,
  -- auth emails sent in the hour before sampled_at, and the project's hourly limit then
  auth_emails_last_hour integer not null,
  auth_email_limit integer not null
);

-- One row per auth email a project sends (sign-up confirmations, magic links, recoveries): the
-- auth service writes here when it sends, the sampler counts the last hour against
-- rate_limit_email_sent and forgets older rows.
create table auth_email_sends (
  project_ref text not null references projects (ref) on delete cascade,
  sent_at timestamptz not null default now()
);
create index auth_email_sends_by_project on auth_email_sends (project_ref, sent_at);
