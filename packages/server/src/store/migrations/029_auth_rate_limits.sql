-- The projects' auth API rate limits (gotrue/rate-limits.ts), counted here rather than in each
-- process's memory so that platform replicas count together: one row per project, limited action
-- and subject (a client address, or an account for password sign-ins) for its current window.
-- Rows of past windows are removed as new windows start.
create table auth_rate_limits (
  project_ref text not null references projects (ref) on delete cascade,
  action text not null,
  subject text not null,
  window_ends_at timestamptz not null,
  hits integer not null,
  primary key (project_ref, action, subject)
);
create index auth_rate_limits_by_end on auth_rate_limits (window_ends_at);
