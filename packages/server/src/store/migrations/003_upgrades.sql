-- Major upgrades of project instances (jobs/upgrade-project.ts), and restores onto a newer major,
-- which run the same engine. progress is core's upgradeProgress(step), e.g. '5_migrate_to_new_database'.
create table project_upgrades (
  tracking_id uuid primary key,
  project_ref text not null references projects (ref) on delete cascade,
  target_version text not null,
  status text not null check (status in ('Upgrading', 'Upgraded', 'Failed')),
  progress text not null,
  error text,
  initiated_at timestamptz not null default now(),
  completed_at timestamptz
);
create index project_upgrades_project_ref on project_upgrades (project_ref, initiated_at desc);
-- One upgrade at a time per project.
create unique index project_upgrades_one_running on project_upgrades (project_ref) where status = 'Upgrading';
