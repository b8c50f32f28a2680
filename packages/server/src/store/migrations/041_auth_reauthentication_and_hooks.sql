-- Secure password change (a password update from a session older than a day needs the code of
-- GET /reauthenticate), the reauthentication email's template, and the before user created and
-- send email hooks of a project's auth API, as Supabase configures them.
alter table auth_settings
  add column security_update_password_require_reauthentication boolean not null default false,
  add column mailer_subjects_reauthentication text,
  add column mailer_templates_reauthentication_content text,
  add column hook_before_user_created_enabled boolean not null default false,
  add column hook_before_user_created_uri text,
  add column hook_send_email_enabled boolean not null default false,
  add column hook_send_email_uri text;
