-- The settings the project's auth API (/auth/v1) reads, named after Supabase's config keys.
alter table auth_settings
  add column site_url text not null default 'http://localhost:3000',
  -- comma-separated redirect URLs, globs allowed
  add column uri_allow_list text not null default '',
  add column jwt_exp integer not null default 3600,
  add column disable_signup boolean not null default false,
  add column external_email_enabled boolean not null default true,
  add column external_anonymous_users_enabled boolean not null default false,
  -- false: users confirm their email first, as on hosted Supabase
  add column mailer_autoconfirm boolean not null default false,
  add column mailer_otp_length integer not null default 6,
  add column mailer_secure_email_change_enabled boolean not null default true,
  -- anonymous sign-ins per hour and client address
  add column rate_limit_anonymous_users integer not null default 30,
  -- the auth emails: null is the default subject or body
  add column mailer_subjects_confirmation text,
  add column mailer_templates_confirmation_content text,
  add column mailer_subjects_recovery text,
  add column mailer_templates_recovery_content text,
  add column mailer_subjects_magic_link text,
  add column mailer_templates_magic_link_content text,
  add column mailer_subjects_email_change text,
  add column mailer_templates_email_change_content text,
  add column mailer_subjects_invite text,
  add column mailer_templates_invite_content text;

-- Leaked password protection was never enforced (Basin has no Have I Been Pwned check) and can no
-- longer be turned on: a project that had it on is told the truth by the advisors again.
update auth_settings set password_hibp_enabled = false where password_hibp_enabled;
