import type { PgPolicy } from '@basin/core/schemas';
import type pg from 'pg';
import { filterParams, orderBy, PAGE, schemaCondition, searchCondition, toPage, type ListFilter, type Page } from './list-filter.ts';

/** Row level security policies; role 0 is PUBLIC. Search matches policy or table. */
const POLICIES_SQL = `
select p.oid as id, p.polrelid as table_id, n.nspname as schema, c.relname as table, p.polname as name,
  case when p.polpermissive then 'PERMISSIVE' else 'RESTRICTIVE' end as action,
  case p.polcmd when 'r' then 'SELECT' when 'a' then 'INSERT' when 'w' then 'UPDATE' when 'd' then 'DELETE' else 'ALL' end as command,
  (select array_agg(case when r.oid = 0 then 'public' else a.rolname::text end order by r.ord)
     from unnest(p.polroles) with ordinality as r(oid, ord) left join pg_authid a on a.oid = r.oid) as roles,
  pg_get_expr(p.polqual, p.polrelid) as definition, pg_get_expr(p.polwithcheck, p.polrelid) as check,
  count(*) over () as total
from pg_policy p
join pg_class c on c.oid = p.polrelid
join pg_namespace n on n.oid = c.relnamespace
where ${schemaCondition('n.nspname')}
  and (${searchCondition('p.polname')} or ${searchCondition('c.relname')})
order by $ORDER
${PAGE}`;

export async function listPolicies(client: pg.ClientBase, filter: ListFilter): Promise<Page<PgPolicy>> {
  const sql = POLICIES_SQL.replace('$ORDER', orderBy(filter.sort, 'n.nspname', 'p.polname', 'p.oid'));
  return toPage(
    (await client.query<PgPolicy & { total: string }>({ name: `meta-policies-${filter.sort}`, text: sql, values: filterParams(filter) }))
      .rows,
  );
}
