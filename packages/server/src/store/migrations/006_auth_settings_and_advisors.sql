-- Per-project auth settings (GET/PATCH /platform/auth/{ref}/config), which the advisors' platform
-- lints read, and the findings members acknowledged. A project without a row has the defaults.
create table auth_settings (
  project_ref text primary key references projects (ref) on delete cascade,
  mailer_otp_exp integer not null default 3600,
  sms_otp_length integer not null default 6,
  password_min_length integer not null default 6,
  password_hibp_enabled boolean not null default false,
  password_required_characters text not null default '',
  mfa_totp_enroll_enabled boolean not null default true,
  mfa_totp_verify_enabled boolean not null default true,
  mfa_phone_enroll_enabled boolean not null default false,
  mfa_phone_verify_enabled boolean not null default false,
  mfa_max_enrolled_factors integer not null default 10,
  smtp_admin_email text,
  smtp_host text,
  smtp_port integer,
  smtp_user text,
  -- sealed with the platform secret (see services/secrets.ts)
  smtp_pass text,
  smtp_sender_name text,
  smtp_max_frequency integer not null default 60,
  rate_limit_email_sent integer not null default 2,
  rate_limit_sms_sent integer not null default 30,
  rate_limit_verify integer not null default 30,
  rate_limit_token_refresh integer not null default 150,
  rate_limit_otp integer not null default 30,
  updated_at timestamptz not null default now()
);

create table lint_acknowledgements (
  project_ref text not null references projects (ref) on delete cascade,
  cache_key text not null,
  note text not null default '',
  user_id text references "user" (id) on delete set null,
  acknowledged_at timestamptz not null default now(),
  primary key (project_ref, cache_key)
);
