import type { PgIndex } from '@basin/core/schemas';
import type pg from 'pg';
import { filterParams, orderBy, PAGE, schemaCondition, searchCondition, toPage, type ListFilter, type Page } from './list-filter.ts';

/** Indexes with their key columns (expressions appear as the index's own column names). Search matches index or table. */
const INDEXES_SQL = `
select ic.oid as id, i.indrelid as table_id, n.nspname as schema, tc.relname as table, ic.relname as name,
  am.amname as access_method, i.indisunique as is_unique, i.indisprimary as is_primary,
  (select array_agg(coalesce(ta.attname, ia.attname)::text order by k.ord)
     from unnest(i.indkey::int2[]) with ordinality as k(attnum, ord)
     join pg_attribute ia on ia.attrelid = ic.oid and ia.attnum = k.ord
     left join pg_attribute ta on ta.attrelid = i.indrelid and ta.attnum = k.attnum and k.attnum > 0
     where k.ord <= i.indnkeyatts) as columns,
  pg_get_expr(i.indpred, i.indrelid) as predicate, pg_get_indexdef(ic.oid) as index_definition,
  count(*) over () as total
from pg_index i
join pg_class ic on ic.oid = i.indexrelid
join pg_class tc on tc.oid = i.indrelid
join pg_namespace n on n.oid = tc.relnamespace
join pg_am am on am.oid = ic.relam
where ${schemaCondition('n.nspname')}
  and (${searchCondition('ic.relname')} or ${searchCondition('tc.relname')})
order by $ORDER
${PAGE}`;

export async function listIndexes(client: pg.ClientBase, filter: ListFilter): Promise<Page<PgIndex>> {
  const sql = INDEXES_SQL.replace('$ORDER', orderBy(filter.sort, 'n.nspname', 'ic.relname', 'ic.oid'));
  const page = toPage(
    (await client.query<PgIndex & { total: string }>({ name: `meta-indexes-${filter.sort}`, text: sql, values: filterParams(filter) }))
      .rows,
  );
  return { total: page.total, rows: page.rows.map((row) => ({ ...row, columns: row.columns ?? [] })) };
}
