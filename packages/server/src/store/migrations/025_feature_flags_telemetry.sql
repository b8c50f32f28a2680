-- Feature flags an organization overrides (spec part 2 §2, §6): the defaults live in code
-- (core's rules/feature-flags.ts) and BASIN_FEATURE_FLAGS overrides them for the install; a row
-- here overrides both for one organization. The operator writes these rows with SQL.
create table organization_feature_flags (
  organization_id integer not null references organizations (id) on delete cascade,
  name text not null,
  enabled boolean not null,
  updated_at timestamptz not null default now(),
  primary key (organization_id, name)
);

-- Usage events recorded locally (spec part 2 §7: the assistant's and the function deploy button's
-- events, and the feature flags the dashboard read). Nothing here leaves the install.
create table telemetry_events (
  id bigserial primary key,
  event text not null,
  user_id text references "user" (id) on delete set null,
  organization_id integer references organizations (id) on delete set null,
  project_ref text,
  properties jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index telemetry_events_event_created_at on telemetry_events (event, created_at);
create index telemetry_events_created_at on telemetry_events (created_at);
