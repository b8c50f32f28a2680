/**
 * The lints read from an instance's catalogs: one query each, run as the superuser with
 * search_path=pg_catalog (so every name below is the built-in one). $1 is the exposed schemas
 * (text[]). Each query answers rows of CatalogFinding; `object` completes the cache key.
 * Objects that belong to an extension are the extension's business and are left out.
 */
import type { LintName } from '@basin/core';

export interface CatalogFinding {
  schema: string | null;
  name: string;
  type: string;
  object: string;
  detail: string;
}

/** Schemas a member's objects live in: not the system's, not the platform's auth and storage schemas. */
const USER_SCHEMA = `(n.nspname not in ('information_schema', 'auth', 'storage') and n.nspname !~ '^pg_')`;
const EXPOSED = `n.nspname = any($1::text[])`;
const NOT_EXTENSION_CLASS = `not exists (select 1 from pg_depend e where e.classid = 'pg_class'::regclass and e.objid = c.oid and e.deptype = 'e')`;
/** Readable by one of the API roles (missing roles simply match nothing). */
const API_READABLE = `exists (select 1 from pg_roles r where r.rolname in ('anon', 'authenticated') and has_table_privilege(r.oid, c.oid, 'SELECT'))`;

/** A policy with its table and both expressions as text: members' own, storage.objects' included. */
const POLICIES = `
  select n.nspname as schema, c.relname as tbl, p.polname, p.polpermissive, p.polcmd, p.polroles,
         coalesce(pg_get_expr(p.polqual, p.polrelid), '') || ' ' || coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '') as expr
  from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
  where (${USER_SCHEMA} or n.nspname = 'storage')`;

const relation = (kinds: string, where: string) => `
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in (${kinds}) and ${NOT_EXTENSION_CLASS} and ${where}`;

export const CATALOG_LINT_QUERIES = {
  unindexed_foreign_keys: `
    select n.nspname as schema, c.relname as name, 'table' as type, con.conname as object,
           format('Table %I.%I has a foreign key %I without a covering index.', n.nspname, c.relname, con.conname) as detail
    from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
    where con.contype = 'f' and ${USER_SCHEMA} and ${NOT_EXTENSION_CLASS}
      and not exists (
        select 1 from pg_index i
        where i.indrelid = con.conrelid and i.indpred is null and i.indnkeyatts >= cardinality(con.conkey)
          and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(con.conkey)] @> con.conkey)`,

  auth_users_exposed: `
    select distinct n.nspname as schema, c.relname as name, 'view' as type, c.relname as object,
           format('View %I.%I reads auth.users and can be read by anon or authenticated in an exposed schema.', n.nspname, c.relname) as detail
    ${relation(`'v', 'm'`, EXPOSED)}
      and ${API_READABLE}
      and exists (
        select 1 from pg_rewrite rw join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = rw.oid
        where rw.ev_class = c.oid and d.refclassid = 'pg_class'::regclass and d.refobjid = to_regclass('auth.users'))`,

  auth_rls_initplan: `
    select schema, tbl as name, 'table' as type, tbl || '_' || polname as object,
           format('Table %I.%I has a row level security policy %I that re-evaluates auth.<function>() or current_setting() for each row.', schema, tbl, polname) as detail
    from (${POLICIES}) p
    where expr ~* '(?<!select )(?<!select \\()\\m(auth\\.\\w+\\(\\)|current_setting\\()'`,

  no_primary_key: `
    select n.nspname as schema, c.relname as name, 'table' as type, c.relname as object,
           format('Table %I.%I has no primary key.', n.nspname, c.relname) as detail
    ${relation(`'r', 'p'`, USER_SCHEMA)} and not c.relispartition
      and not exists (select 1 from pg_constraint k where k.conrelid = c.oid and k.contype = 'p')`,

  unused_index: `
    select n.nspname as schema, t.relname as name, 'table' as type, c.relname as object,
           format('Index %I on table %I.%I has never been used.', c.relname, n.nspname, t.relname) as detail
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where not i.indisunique and not i.indisprimary and ${USER_SCHEMA} and ${NOT_EXTENSION_CLASS}
      and not exists (select 1 from pg_constraint k where k.conrelid = i.indrelid and k.conindid = i.indexrelid) -- conrelid: indexed
      and pg_stat_get_numscans(i.indexrelid) = 0`,

  multiple_permissive_policies: `
    select p.schema, p.tbl as name, 'table' as type, p.tbl || '_' || r.rolname || '_' || a.action as object,
           format('Table %I.%I has several permissive policies for role %I for %s: %s.', p.schema, p.tbl, r.rolname, a.action,
                  string_agg(quote_ident(p.polname), ', ' order by p.polname)) as detail
    from (${POLICIES}) p
    cross join lateral (values ('SELECT', 'r'), ('INSERT', 'a'), ('UPDATE', 'w'), ('DELETE', 'd')) a(action, cmd)
    join pg_roles r on r.oid = any(p.polroles) or ('0'::oid = any(p.polroles) and r.rolname in ('anon', 'authenticated'))
    where p.polpermissive and p.polcmd in (a.cmd, '*')
    group by p.schema, p.tbl, r.rolname, a.action
    having count(*) > 1`,

  policy_exists_rls_disabled: `
    select n.nspname as schema, c.relname as name, 'table' as type, c.relname as object,
           format('Table %I.%I has row level security policies but row level security is disabled.', n.nspname, c.relname) as detail
    ${relation(`'r', 'p'`, USER_SCHEMA)} and not c.relrowsecurity
      and exists (select 1 from pg_policy p where p.polrelid = c.oid)`,

  rls_enabled_no_policy: `
    select n.nspname as schema, c.relname as name, 'table' as type, c.relname as object,
           format('Table %I.%I has row level security enabled but no policy.', n.nspname, c.relname) as detail
    ${relation(`'r', 'p'`, USER_SCHEMA)} and c.relrowsecurity
      and not exists (select 1 from pg_policy p where p.polrelid = c.oid)`,

  duplicate_index: `
    select n.nspname as schema, t.relname as name, 'table' as type,
           t.relname || '_' || string_agg(c.relname, '_' order by c.relname) as object,
           format('Table %I.%I has identical indexes: %s.', n.nspname, t.relname, string_agg(quote_ident(c.relname), ', ' order by c.relname)) as detail
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where ${USER_SCHEMA} and ${NOT_EXTENSION_CLASS}
    group by n.nspname, t.relname, i.indrelid, c.relam, i.indkey::text, i.indclass::text, i.indcollation::text, i.indoption::text,
             i.indisunique, pg_get_expr(i.indexprs, i.indrelid), pg_get_expr(i.indpred, i.indrelid)
    having count(*) > 1`,

  security_definer_view: `
    select n.nspname as schema, c.relname as name, 'view' as type, c.relname as object,
           format('View %I.%I runs with the permissions of its owner, not of the querying user.', n.nspname, c.relname) as detail
    ${relation(`'v'`, EXPOSED)}
      and not exists (select 1 from unnest(c.reloptions) o where lower(o) in ('security_invoker=true', 'security_invoker=on', 'security_invoker=1', 'security_invoker=yes'))`,

  function_search_path_mutable: `
    select n.nspname as schema, p.proname as name, 'function' as type, p.proname as object,
           format('Function %I.%I has no fixed search_path.', n.nspname, p.proname) as detail
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where ${USER_SCHEMA} and p.prokind in ('f', 'p')
      and not exists (select 1 from pg_depend e where e.classid = 'pg_proc'::regclass and e.objid = p.oid and e.deptype = 'e')
      and not exists (select 1 from unnest(p.proconfig) s where s like 'search_path=%')`,

  rls_disabled_in_public: `
    select n.nspname as schema, c.relname as name, 'table' as type, c.relname as object,
           format('Table %I.%I is in an exposed schema but row level security is disabled.', n.nspname, c.relname) as detail
    ${relation(`'r', 'p'`, EXPOSED)} and not c.relispartition and not c.relrowsecurity`,

  extension_in_public: `
    select n.nspname as schema, x.extname as name, 'extension' as type, x.extname as object,
           format('Extension %I is installed in the public schema.', x.extname) as detail
    from pg_extension x join pg_namespace n on n.oid = x.extnamespace
    where n.nspname = 'public'`,

  rls_references_user_metadata: `
    select schema, tbl as name, 'table' as type, tbl || '_' || polname as object,
           format('Table %I.%I has a row level security policy %I that reads user_metadata, which users can edit.', schema, tbl, polname) as detail
    from (${POLICIES}) p
    where expr ~ 'user_metadata'`,

  public_bucket_allows_listing: `
    select 'storage' as schema, b.id as name, 'bucket' as type, b.id || '_' || p.polname as object,
           format('Public bucket %s has a policy %I on storage.objects that lets anyone list its files; its public URLs need no policy.', b.id, p.polname) as detail
    from storage.buckets b join pg_policy p on p.polrelid = to_regclass('storage.objects')
    where b.public and p.polpermissive and p.polcmd in ('r', '*')
      and (0 = any(p.polroles) or exists (select 1 from pg_roles r where r.oid = any(p.polroles) and r.rolname = 'anon'))
      and strpos(coalesce(pg_get_expr(p.polqual, p.polrelid), ''), quote_literal(b.id)) > 0`,

  materialized_view_in_api: `
    select n.nspname as schema, c.relname as name, 'materialized view' as type, c.relname as object,
           format('Materialized view %I.%I can be read by anon or authenticated in an exposed schema.', n.nspname, c.relname) as detail
    ${relation(`'m'`, EXPOSED)} and ${API_READABLE}`,

  foreign_table_in_api: `
    select n.nspname as schema, c.relname as name, 'foreign table' as type, c.relname as object,
           format('Foreign table %I.%I can be read by anon or authenticated in an exposed schema.', n.nspname, c.relname) as detail
    ${relation(`'f'`, EXPOSED)} and ${API_READABLE}`,

  unsupported_reg_types: `
    select n.nspname as schema, c.relname as name, 'table' as type, c.relname || '_' || a.attname as object,
           format('Column %I of table %I.%I has type %s, which blocks a major version upgrade.', a.attname, n.nspname, c.relname, format_type(a.atttypid, a.atttypmod)) as detail
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    join pg_type t on t.oid = a.atttypid
    where a.attnum > 0 and not a.attisdropped and c.relkind in ('r', 'p', 'm') and ${USER_SCHEMA} and ${NOT_EXTENSION_CLASS}
      and (case when t.typelem <> 0 and t.typlen = -1 then t.typelem else t.oid end)
          in ('regproc'::regtype, 'regprocedure'::regtype, 'regoper'::regtype, 'regoperator'::regtype,
              'regconfig'::regtype, 'regdictionary'::regtype, 'regnamespace'::regtype, 'regcollation'::regtype)`,
} as const satisfies Partial<Record<LintName, string>>;

export type CatalogLintName = keyof typeof CATALOG_LINT_QUERIES;
export const CATALOG_LINT_NAMES = Object.keys(CATALOG_LINT_QUERIES) as CatalogLintName[];
