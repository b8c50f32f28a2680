-- Exit surveys and support tickets. Organization slugs and project refs are kept as text, not
-- references: a survey is sent right after its project was deleted, and both outlive what they
-- are about.
create table exit_surveys (
  id serial primary key,
  user_id text references "user" (id) on delete set null,
  organization_slug text not null,
  project_ref text,
  reasons text[] not null,
  message text,
  additional_feedback text,
  exit_action text not null,
  created_at timestamptz not null default now()
);

create table support_tickets (
  id serial primary key,
  user_id text not null references "user" (id) on delete cascade,
  organization_slug text,
  project_ref text,
  category text not null,
  subject text not null,
  message text not null,
  emailed boolean not null default false,
  created_at timestamptz not null default now()
);
create index support_tickets_user_id on support_tickets (user_id, created_at desc);
