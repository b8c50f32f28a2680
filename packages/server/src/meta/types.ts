import type { PgType } from '@basin/core/schemas';
import type pg from 'pg';
import { filterParams, orderBy, PAGE, schemaCondition, searchCondition, toPage, type ListFilter, type Page } from './list-filter.ts';

/** Enums and stand-alone composite types (not the row types of tables), with labels and attributes. */
const TYPES_SQL = `
select t.oid as id, n.nspname as schema, t.typname as name, d.description as comment,
  coalesce((select array_agg(e.enumlabel::text order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), '{}') as enums,
  coalesce((select json_agg(json_build_object('name', a.attname, 'type_id', a.atttypid::int8) order by a.attnum)
            from pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped), '[]') as attributes,
  count(*) over () as total
from pg_type t
join pg_namespace n on n.oid = t.typnamespace
left join pg_class c on c.oid = t.typrelid
left join pg_description d on d.objoid = t.oid and d.classoid = 'pg_type'::regclass and d.objsubid = 0
where (t.typtype = 'e' or (t.typtype = 'c' and c.relkind = 'c'))
  and ${schemaCondition('n.nspname')} and ${searchCondition('t.typname')}
order by $ORDER
${PAGE}`;

export async function listTypes(client: pg.ClientBase, filter: ListFilter): Promise<Page<PgType>> {
  const sql = TYPES_SQL.replace('$ORDER', orderBy(filter.sort, 'n.nspname', 't.typname', 't.oid'));
  return toPage(
    (await client.query<PgType & { total: string }>({ name: `meta-types-${filter.sort}`, text: sql, values: filterParams(filter) })).rows,
  );
}
