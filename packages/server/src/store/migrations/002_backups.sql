-- Physical backups of project instances (services/backups.ts) and the pause date that starts
-- the countdown to the end of restore (core rules/pause.ts).
create table backups (
  id serial primary key,
  project_ref text not null references projects (ref) on delete cascade,
  kind text not null check (kind in ('scheduled', 'pause', 'upgrade')),
  status text not null check (status in ('RUNNING', 'COMPLETED', 'FAILED')),
  size_bytes bigint,
  inserted_at timestamptz not null default now(),
  completed_at timestamptz
);
create index backups_project_ref on backups (project_ref, id desc);

alter table projects add column paused_at timestamptz;
