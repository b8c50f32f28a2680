-- Storage settings of a project (the Storage → Settings page): the largest file any of its buckets
-- takes. A project without a row has the default (50 MB, as Supabase's), never more than the
-- installation's maximum (BASIN_STORAGE_MAX_FILE_SIZE).
create table storage_settings (
  ref text primary key references projects (ref) on delete cascade on update cascade,
  file_size_limit bigint not null check (file_size_limit > 0),
  updated_at timestamptz not null default now()
);
