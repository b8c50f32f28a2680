-- PostgREST's db-plan-enabled for the project's data API: `Accept: application/vnd.pgrst.plan`
-- answers the EXPLAIN of the request's statement (rest/explain.ts). Off by default as in
-- PostgREST, since a plan tells more about the data than the rows the caller may read.
alter table projects add column db_plan_enabled boolean not null default false;
