-- The auth emails of a project that has no SMTP server (neither its own nor BASIN_SMTP_URL): kept
-- here instead of sent, for the dashboard's Mailbox page, as the Supabase CLI's local mail server
-- keeps them. A project keeps its newest 100 for a day (store/auth-mailbox.ts prunes as it adds).
create table auth_mailbox (
  id uuid primary key default gen_random_uuid(),
  project_ref text not null references projects (ref) on delete cascade on update cascade,
  kind text not null,
  to_address text not null,
  subject text not null,
  html text not null,
  link text not null,
  code text not null,
  created_at timestamptz not null default now()
);
create index auth_mailbox_project_created on auth_mailbox (project_ref, created_at desc);
