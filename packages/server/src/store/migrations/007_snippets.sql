-- Saved queries of the SQL editor. Each belongs to one member within one project and goes with
-- either: deleting the project or the user deletes its snippets.
create table snippets (
  id uuid primary key default gen_random_uuid(),
  project_ref text not null references projects (ref) on delete cascade on update cascade,
  owner_id text not null references "user" (id) on delete cascade,
  name text not null,
  sql text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index snippets_project_owner on snippets (project_ref, owner_id, updated_at desc);
