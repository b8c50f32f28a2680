-- The project's API settings: the schemas its API serves (read by the API description, the
-- advisors' "exposed schema" lints and the docs) and the row cap of a response.
alter table projects add column exposed_schemas text[] not null default '{public}';
alter table projects add column max_rows integer not null default 1000;
