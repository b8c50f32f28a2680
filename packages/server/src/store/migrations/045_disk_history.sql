-- Every change of a project's disk (issue 27): a member's save, or the disk growing by itself when
-- more than 90% of it is used. previous and attributes are the disk before and after, as the API
-- shows them; used_bytes is the usage that made an autoscaled disk grow. A change comes at most
-- once per cooldown (6 hours), so the rows stay few and are kept for the project's life.
create table project_disk_history (
  id bigint generated always as identity primary key,
  project_id integer not null references projects (id) on delete cascade,
  changed_at timestamptz not null,
  cause text not null check (cause in ('member', 'autoscale')),
  previous jsonb not null,
  attributes jsonb not null,
  used_bytes bigint
);
create index project_disk_history_project on project_disk_history (project_id, changed_at desc);
