-- PostgREST's db-aggregates-enabled for the project's data API: count(), sum(), avg(), min() and
-- max() in `select` (rest/sql-select.ts). Off by default as in PostgREST; members switch it on in
-- the PostgREST config API since they cannot alter the authenticator role.
alter table projects add column db_aggregates_enabled boolean not null default false;
