-- Preview branches: a branch is a project with parent_project_ref; this row holds what only a
-- branch has. Deleting the branch's project deletes it.
create table project_branches (
  ref text primary key references projects (ref) on delete cascade,
  parent_project_ref text not null references projects (ref) on delete cascade,
  branch_name text not null,
  git_branch text,
  is_default boolean not null default false,
  with_data boolean not null default false,
  unique (parent_project_ref, branch_name)
);
