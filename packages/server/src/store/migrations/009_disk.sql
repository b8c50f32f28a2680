-- Each project's disk: what the members asked for (size_gb is the quota that usage is measured
-- against) and when it last changed, for the change cooldown. Projects without a row have the
-- default disk. readonly_mode remembers that the platform, not a member, made the instance read-only.
create table project_disks (
  project_id integer primary key references projects (id) on delete cascade,
  type text not null check (type in ('gp3', 'io2')),
  size_gb double precision not null,
  iops integer not null,
  throughput_mbps integer,
  last_modified_at timestamptz,
  readonly_mode boolean not null default false
);
