-- Organizations, their members and their projects. Users, sessions and accounts belong to
-- better-auth and are created by its own migrations before these run.
create table organizations (
  id serial primary key,
  slug text not null unique,
  name text not null,
  plan_id text not null default 'free' check (plan_id in ('free', 'pro', 'team', 'enterprise')),
  billing_email text,
  created_at timestamptz not null default now()
);

create table members (
  organization_id integer not null references organizations (id) on delete cascade,
  user_id text not null references "user" (id) on delete cascade,
  role text not null check (role in ('Owner', 'Administrator', 'Developer', 'Read-only')),
  created_at timestamptz not null default now(),
  primary key (organization_id, user_id)
);
create index members_user_id on members (user_id);

create table projects (
  id serial primary key,
  ref text not null unique,
  organization_id integer not null references organizations (id) on delete cascade,
  name text not null,
  status text not null,
  status_message text,
  region text not null,
  postgres_major text not null,
  server_version text not null,
  compute_size text not null default 'micro',
  port integer,
  -- sealed with the platform secret (see services/secrets.ts)
  db_password text not null,
  readonly_password text not null,
  parent_project_ref text references projects (ref) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index projects_organization_id on projects (organization_id);
