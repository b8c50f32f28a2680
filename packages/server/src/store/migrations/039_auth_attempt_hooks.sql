-- The password and MFA verification attempt hooks of a project's auth API, as Supabase configures
-- them: on or off, and the Postgres function each calls (pg-functions://postgres/<schema>/<function>).
alter table auth_settings
  add column hook_password_verification_attempt_enabled boolean not null default false,
  add column hook_password_verification_attempt_uri text,
  add column hook_mfa_verification_attempt_enabled boolean not null default false,
  add column hook_mfa_verification_attempt_uri text;
