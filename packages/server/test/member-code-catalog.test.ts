import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MetaProject, startMetaProject } from './meta-fixture.ts';

// The platform reads every project's catalog as the superuser (introspection, types, the API
// description, advisors, infrastructure, disk use). A member owns database postgres and may set
// its search_path so that functions and operators of theirs come before the built-ins; a session
// that took that search_path would run them with superuser rights. Each of these stands in for a
// built-in the platform's catalog queries call, and runs a shell command if a superuser calls it.
let markerDir: string;
let marker: string;
let project: MetaProject;

const shadows = (path: string) => `
  create function public.escape() returns void language plpgsql as $f$
  begin
    if pg_catalog.current_setting('is_superuser') = 'on' then
      execute pg_catalog.format('copy (select 1) to program %L', 'id > ${path}');
    end if;
  end $f$;
  create function public.lower(t text) returns text language plpgsql as $f$
    begin perform public.escape(); return pg_catalog.lower(t); end $f$;
  create function public.format_type(t oid, m integer) returns text language plpgsql as $f$
    begin perform public.escape(); return pg_catalog.format_type(t, m); end $f$;
  create function public.pg_get_userbyid(r oid) returns name language plpgsql as $f$
    begin perform public.escape(); return pg_catalog.pg_get_userbyid(r); end $f$;
  create function public.obj_description(o oid, c name) returns text language plpgsql as $f$
    begin perform public.escape(); return pg_catalog.obj_description(o, c); end $f$;
  create function public.col_description(o oid, n integer) returns text language plpgsql as $f$
    begin perform public.escape(); return pg_catalog.col_description(o, n); end $f$;
  create function public.pg_get_expr(e pg_node_tree, r oid) returns text language plpgsql as $f$
    begin perform public.escape(); return pg_catalog.pg_get_expr(e, r); end $f$;
  create function public.pg_get_indexdef(i oid) returns text language plpgsql as $f$
    begin perform public.escape(); return pg_catalog.pg_get_indexdef(i); end $f$;
  create function public.quote_ident(t text) returns text language plpgsql as $f$
    begin perform public.escape(); return pg_catalog.quote_ident(t); end $f$;
  create function public.pg_database_size(d name) returns bigint language plpgsql as $f$
    begin perform public.escape(); return pg_catalog.pg_database_size(d); end $f$;
  create function public.current_setting(s text) returns text language plpgsql as $f$
    begin perform public.escape(); return pg_catalog.current_setting(s); end $f$;
  create function public.name_eq(a name, b name) returns boolean language plpgsql as $f$
    begin perform public.escape(); return a operator(pg_catalog.=) b; end $f$;
  create operator public.= (leftarg = name, rightarg = name, function = public.name_eq);
  create function public.count_step(n bigint) returns bigint language plpgsql as $f$
    begin perform public.escape(); return n + 1; end $f$;
  create aggregate public.count(*) (sfunc = public.count_step, stype = bigint, initcond = '0');
  create table public.things (id int primary key, label text);
  alter database postgres set search_path = public, pg_catalog;`;

beforeAll(async () => {
  markerDir = await mkdtemp(join(tmpdir(), 'basin-catalog-escape-'));
  await chmod(markerDir, 0o777); // the instance's system user writes the marker if the escape works
  marker = join(markerDir, 'escaped');
  project = await startMetaProject(shadows(marker));
});
afterAll(async () => {
  await project?.platform.destroy();
  await rm(markerDir, { recursive: true, force: true });
});

describe("the platform's catalog reads and a member's search_path", () => {
  it('introspection, types, the API description, advisors and infrastructure never call the shadows', async () => {
    const { owner, ref } = project;
    const reads = [
      ...['tables', 'views', 'materialized-views', 'functions', 'indexes', 'policies', 'extensions', 'types'].map(
        (list) => `/api/platform/pg-meta/${ref}/${list}`,
      ),
      `/api/v1/projects/${ref}/types/typescript`,
      `/api/platform/projects/${ref}/api/rest`,
      `/api/platform/projects/${ref}/run-lints`,
      `/api/platform/projects/${ref}/infrastructure`,
      `/api/platform/projects/${ref}/disk`,
      `/api/platform/projects-resource-warnings?ref=${ref}`,
    ];
    for (const path of reads) expect({ path, status: (await owner.get(path)).status }).toEqual({ path, status: 200 });
    expect(existsSync(marker)).toBe(false);
  });
});
