-- GitHub connections: an organization connects one of its projects to one GitHub repository.
-- The token is sealed with the platform's SecretBox, like the database passwords, and never
-- leaves the server. gitless_branching lives on the connection because the rule it relaxes (a
-- branch of a connected project needs a git branch) is about that project and its repository.
create table github_connections (
  id serial primary key,
  organization_id integer not null references organizations (id) on delete cascade,
  project_id integer not null unique references projects (id) on delete cascade,
  repository_id bigint not null,
  -- owner/repo as GitHub spells it
  repository_name text not null,
  token text not null,
  gitless_branching boolean not null default false,
  created_at timestamptz not null default now()
);
create index github_connections_organization_id on github_connections (organization_id);
create index github_connections_repository_id on github_connections (repository_id);
