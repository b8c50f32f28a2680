-- Realtime settings of a project (Realtime → Settings): the fields a member changed, over the
-- defaults (core's DEFAULT_REALTIME_CONFIG). A project without a row has the defaults.
create table realtime_settings (
  ref text primary key references projects (ref) on delete cascade on update cascade,
  settings jsonb not null,
  updated_at timestamptz not null default now()
);
