-- Edge functions: one row per function of a project, pointing at its current version. Every
-- deploy adds a version with its files and moves the pointer in the same transaction, so an
-- invocation sees the old version or the new one, never half of one. Versions are kept.
create table edge_functions (
  id uuid primary key default gen_random_uuid(),
  ref text not null references projects (ref) on delete cascade,
  slug text not null,
  name text not null,
  status text not null default 'ACTIVE' check (status in ('ACTIVE', 'REMOVED', 'THROTTLED')),
  verify_jwt boolean not null default true,
  entrypoint_path text not null,
  import_map_path text,
  -- The current version's number (edge_function_versions.version).
  version integer not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (ref, slug)
);

create table edge_function_versions (
  function_id uuid not null references edge_functions (id) on delete cascade,
  version integer not null,
  entrypoint_path text not null,
  import_map_path text,
  static_patterns text[] not null default '{}',
  -- SHA-256 of the files (path and content, in path order): what the CLI calls ezbr_sha256.
  sha256 text not null,
  created_at timestamptz not null default now(),
  primary key (function_id, version)
);

create table edge_function_files (
  function_id uuid not null,
  version integer not null,
  -- Relative to the bundle's root, with / separators and no . or .. segments.
  path text not null,
  content bytea not null,
  primary key (function_id, version, path),
  foreign key (function_id, version) references edge_function_versions (function_id, version) on delete cascade
);

-- Secrets every function of the project reads with Deno.env.get, sealed with the platform secret.
create table edge_function_secrets (
  ref text not null references projects (ref) on delete cascade,
  name text not null,
  value text not null,
  -- SHA-256 (hex) of the value: what listing answers instead of the value.
  digest text not null,
  updated_at timestamptz not null default now(),
  primary key (ref, name)
);

-- One row per invocation through /functions/v1, kept 7 days like the edge logs.
create table function_edge_logs (
  timestamp timestamptz not null default now(),
  ref text not null,
  function_id uuid,
  slug text not null,
  version integer,
  -- The worker (one Deno process) that handled it; null when none did (refused, boot failure).
  execution_id text,
  method text not null,
  path text not null,
  status smallint not null,
  execution_time_ms real not null,
  -- The worker's resident memory when the answer started, in MB.
  memory_used_mb real,
  -- WORKER_LIMIT, WORKER_TIMEOUT, BOOT_ERROR, ... when the platform answered for the function.
  error_code text
);
create index function_edge_logs_function on function_edge_logs (ref, function_id, timestamp desc);
create index function_edge_logs_timestamp on function_edge_logs using brin (timestamp);

-- What the functions' workers printed (stdout as log, stderr as error) and their boots and
-- shutdowns, kept 7 days.
create table function_logs (
  timestamp timestamptz not null default now(),
  ref text not null,
  function_id uuid not null,
  slug text not null,
  version integer not null,
  execution_id text not null,
  event_type text not null check (event_type in ('Boot', 'Log', 'Shutdown', 'UncaughtException')),
  level text not null check (level in ('log', 'info', 'warning', 'error')),
  event_message text not null
);
create index function_logs_function on function_logs (ref, function_id, timestamp desc);
create index function_logs_timestamp on function_logs using brin (timestamp);
