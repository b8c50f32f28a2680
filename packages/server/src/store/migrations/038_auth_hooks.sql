-- The custom access token hook of a project's auth API, as Supabase configures it: on or off, and
-- the Postgres function it calls (pg-functions://postgres/<schema>/<function>).
alter table auth_settings
  add column hook_custom_access_token_enabled boolean not null default false,
  add column hook_custom_access_token_uri text;
