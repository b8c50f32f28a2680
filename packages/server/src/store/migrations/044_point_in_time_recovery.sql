-- Point-in-time recovery (services/backups/pitr.ts): the add-on's retention on the project, when
-- the project's current WAL history began to be archived (its recoverable window starts at the
-- first base backup after it), base backups as a kind of backup, restores with their progress,
-- and branches started from a point in time.
alter table projects
  add column pitr_retention_days integer check (pitr_retention_days in (7, 14, 28)),
  add column pitr_since timestamptz;

alter table backups drop constraint backups_kind_check;
alter table backups add constraint backups_kind_check check (kind in ('scheduled', 'pause', 'upgrade', 'pitr'));

create table pitr_restores (
  id serial primary key,
  project_ref text not null references projects (ref) on delete cascade,
  target_time timestamptz not null,
  status text not null default 'RUNNING' check (status in ('RUNNING', 'COMPLETED', 'FAILED')),
  step text not null,
  error text,
  created_at timestamptz not null default now(),
  completed_at timestamptz
);
create index pitr_restores_project_ref on pitr_restores (project_ref, id desc);
create unique index pitr_restores_one_running on pitr_restores (project_ref) where status = 'RUNNING';

alter table project_branches add column recovery_time_target timestamptz;
