/**
 * What preview branch tests put in a parent and read back from a branch: one of each kind of
 * object a branch must carry (tables in two schemas and two databases, a partitioned table, an
 * enum, a view, a materialized view, functions, a policy, grants, an extension, extended
 * statistics, an ON TRUNCATE trigger), rows in each, a used sequence, a large object, an end user
 * in auth.users and planner statistics.
 */
import { query } from './harness.ts';

/** A second database, made by the members' role, as members may. */
const SECOND_DATABASE = 'reports';

const PARENT_SQL = `
create extension pg_trgm;
create schema app;
create type public.mood as enum ('happy', 'sad');
create table public.authors (id bigint generated always as identity primary key, name text not null, mood public.mood not null default 'happy');
create table public.books (id serial primary key, author_id bigint not null references public.authors (id), title text);
create index books_title_trgm on public.books using gin (title gin_trgm_ops);
alter table public.books enable row level security;
create policy books_read on public.books for select to authenticated using (title is not null);
grant select on public.books to anon;
create statistics public.books_stats on author_id, title from public.books;
create table app.events (at date not null, what text) partition by range (at);
create table app.events_2025 partition of app.events for values from ('2025-01-01') to ('2026-01-01');
create sequence app.ticket_numbers start 100;
create view public.book_titles as select b.title, a.name from public.books b join public.authors a on a.id = b.author_id;
create materialized view public.author_counts as select author_id, count(*) as books from public.books group by author_id;
create function public.shout(text) returns text language sql immutable as $$ select upper($1) $$;
-- Emptying a copy runs as the superuser: this trigger must not run then (and ALWAYS fires even
-- with session_replication_role = replica).
create function public.refuse_truncate() returns trigger language plpgsql as $$
  begin raise exception 'a truncate trigger ran as %', current_user; end $$;
create trigger no_truncate before truncate on public.authors execute function public.refuse_truncate();
alter table public.authors enable always trigger no_truncate;

insert into public.authors (name) select 'author ' || g from generate_series(1, 20) g;
insert into public.books (author_id, title) select 1 + g % 20, 'book ' || g from generate_series(1, 200) g;
insert into app.events select date '2025-01-01' + g, 'event' from generate_series(0, 99) g;
select nextval('app.ticket_numbers') from generate_series(1, 3);
refresh materialized view public.author_counts;
select lo_from_bytea(0, 'a large object');
set role service_role;
insert into auth.users (id, email) values (gen_random_uuid(), 'end-user@example.com');
reset role;
analyze public.authors, public.books, app.events;
`;

const SECOND_DATABASE_SQL = `
create table public.daily (day date primary key, total int);
insert into public.daily select date '2025-01-01' + g, g from generate_series(0, 29) g;
`;

/** The same server, another database. */
export function onDatabase(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Adds the fixture's objects and rows to a project (as the members' role `postgres`). */
export async function fillParent(connectionString: string): Promise<void> {
  await query(connectionString, PARENT_SQL);
  await query(connectionString, `create database ${SECOND_DATABASE}`);
  await query(onDatabase(connectionString, SECOND_DATABASE), SECOND_DATABASE_SQL);
}

const MEMBER_SCHEMAS = `('public', 'app', 'auth')`;

/** One sorted list per kind of object; equal lists mean the same schema. */
const SCHEMA_QUERIES: Record<string, string> = {
  relations: `select format('%s.%s %s rls=%s %s', n.nspname, c.relname, c.relkind, c.relrowsecurity, c.relacl) as item
                from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ${MEMBER_SCHEMAS}`,
  columns: `select format('%s.%s %s %s identity=%s default=%s', a.attrelid::regclass, a.attname, format_type(a.atttypid, a.atttypmod),
                   a.attnotnull, a.attidentity, pg_get_expr(d.adbin, d.adrelid)) as item
              from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
              left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
             where n.nspname in ${MEMBER_SCHEMAS} and a.attnum > 0 and not a.attisdropped`,
  constraints: `select format('%s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) as item
                  from pg_constraint where connamespace in (select oid from pg_namespace where nspname in ${MEMBER_SCHEMAS})`,
  indexes: `select indexdef as item from pg_indexes where schemaname in ${MEMBER_SCHEMAS}`,
  views: `select format('%s.%s %s', schemaname, viewname, definition) as item from pg_views where schemaname in ${MEMBER_SCHEMAS}
          union all select format('%s.%s %s', schemaname, matviewname, definition) from pg_matviews`,
  functions: `select format('%s %s %s', p.oid::regprocedure, md5(p.prosrc), p.proacl) as item
                from pg_proc p where p.pronamespace in (select oid from pg_namespace where nspname in ${MEMBER_SCHEMAS})`,
  policies: `select format('%s.%s %s %s %s %s', schemaname, tablename, policyname, roles, cmd, qual) as item from pg_policies`,
  enums: `select format('%s %s', enumtypid::regtype, enumlabel) as item from pg_enum`,
  triggers: `select format('%s %s %s', tgrelid::regclass, tgname, tgenabled) as item from pg_trigger where not tgisinternal`,
  statistics: `select format('%s.%s', stxnamespace::regnamespace, stxname) as item from pg_statistic_ext`,
  extensions: `select extname as item from pg_extension`,
  databases: `select datname as item from pg_database`,
};

async function items(connectionString: string, sql: string): Promise<string[]> {
  const { rows } = await query(connectionString, `select item from (${sql}) listed order by item collate "C"`);
  return rows.map((row) => row.item);
}

/** The schema of both databases, as sorted lists per kind of object. */
export async function schemaOf(connectionString: string): Promise<Record<string, string[]>> {
  const schema: Record<string, string[]> = {};
  for (const database of ['postgres', SECOND_DATABASE]) {
    for (const [kind, sql] of Object.entries(SCHEMA_QUERIES))
      schema[`${database} ${kind}`] = await items(onDatabase(connectionString, database), sql);
  }
  return schema;
}

export interface Contents {
  /** Rows of every table, by database and name. */
  rows: Record<string, number>;
  largeObjects: number;
  /** Sequences that have handed out a value. */
  usedSequences: string[];
  populatedViews: string[];
  /** Columns and statistics objects with planner statistics. */
  statistics: number;
}

/** What both databases hold beyond their schema. */
export async function contentsOf(connectionString: string): Promise<Contents> {
  const contents: Contents = { rows: {}, largeObjects: 0, usedSequences: [], populatedViews: [], statistics: 0 };
  for (const database of ['postgres', SECOND_DATABASE]) {
    const on = onDatabase(connectionString, database);
    const tables = await items(
      on,
      `select format('%I.%I', schemaname, tablename) as item from pg_tables where schemaname in ${MEMBER_SCHEMAS}`,
    );
    for (const table of tables)
      contents.rows[`${database} ${table}`] = (await query(on, `select count(*)::int as n from ${table}`)).rows[0].n;
    const [row] = (
      await query(
        on,
        `select (select count(*)::int from pg_largeobject_metadata) as large_objects,
                (select count(*)::int from pg_stats where schemaname in ${MEMBER_SCHEMAS})
                  + (select count(*)::int from pg_stats_ext where schemaname in ${MEMBER_SCHEMAS}) as statistics`,
      )
    ).rows;
    contents.largeObjects += row.large_objects;
    contents.statistics += row.statistics;
    contents.usedSequences.push(
      ...(await items(on, `select format('%s.%s', schemaname, sequencename) as item from pg_sequences where last_value is not null`)),
    );
    contents.populatedViews.push(
      ...(await items(on, `select format('%s.%s', schemaname, matviewname) as item from pg_matviews where ispopulated`)),
    );
  }
  return contents;
}
