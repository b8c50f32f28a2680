import type { TableDependents } from '@basin/core/schemas';
import type pg from 'pg';

/**
 * What depends on one table, for the delete dialog: views reading it (through their rewrite
 * rules), other tables' foreign keys pointing at it, and its own policies and triggers. A table
 * that does not exist has none.
 */
const DEPENDENTS_SQL = `
with target as (
  select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p')
)
select
  coalesce((select json_agg(json_build_object('schema', vn.nspname, 'name', v.relname,
              'kind', case v.relkind when 'm' then 'materialized view' else 'view' end) order by vn.nspname, v.relname)
            from (select distinct r.ev_class from pg_depend dep join pg_rewrite r on r.oid = dep.objid
                  where dep.classid = 'pg_rewrite'::regclass and dep.refclassid = 'pg_class'::regclass
                    and dep.refobjid = (select oid from target) and r.ev_class <> (select oid from target)) dv
            join pg_class v on v.oid = dv.ev_class join pg_namespace vn on vn.oid = v.relnamespace), '[]') as views,
  coalesce((select json_agg(json_build_object('schema', fn.nspname, 'table', f.relname, 'constraint', k.conname)
              order by fn.nspname, f.relname, k.conname)
            from pg_constraint k join pg_class f on f.oid = k.conrelid join pg_namespace fn on fn.oid = f.relnamespace
            where k.contype = 'f' and k.confrelid = (select oid from target) and k.conrelid <> k.confrelid), '[]') as foreign_keys,
  coalesce((select json_agg(json_build_object('name', p.polname) order by p.polname)
            from pg_policy p where p.polrelid = (select oid from target)), '[]') as policies,
  coalesce((select json_agg(json_build_object('name', g.tgname) order by g.tgname)
            from pg_trigger g where g.tgrelid = (select oid from target) and not g.tgisinternal), '[]') as triggers`;

export async function tableDependents(client: pg.ClientBase, schema: string, table: string): Promise<TableDependents> {
  return (await client.query<TableDependents>({ name: 'meta-table-dependents', text: DEPENDENTS_SQL, values: [schema, table] })).rows[0]!;
}
