import type { ColumnType } from '@basin/core/schemas';
import type pg from 'pg';

/**
 * Every type a column can have on the instance, for the editor's searchable list: base types,
 * enums, domains, ranges, stand-alone composites, and the arrays of those. Pseudo-types, table
 * row types and the system's internal schemas are left out; pg_catalog first, then by name.
 */
const COLUMN_TYPES_SQL = `
select t.oid::int8 as id, n.nspname as schema, t.typname as name, format_type(t.oid, null) as format,
  case when et.oid is not null then 'array' when t.typtype = 'e' then 'enum' when t.typtype = 'd' then 'domain'
       when t.typtype = 'c' then 'composite' when t.typtype in ('r', 'm') then 'range' else 'base' end as kind,
  coalesce((select array_agg(e.enumlabel::text order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), '{}') as enums,
  d.description as comment
from pg_type t
join pg_namespace n on n.oid = t.typnamespace
left join pg_class c on c.oid = t.typrelid
left join pg_type et on et.oid = t.typelem and t.typsubscript = 'array_subscript_handler'::regproc
left join pg_class ec on ec.oid = et.typrelid
left join pg_description d on d.objoid = t.oid and d.classoid = 'pg_type'::regclass and d.objsubid = 0
where t.typisdefined and t.typtype <> 'p' and (t.typrelid = 0 or c.relkind = 'c')
  and (et.oid is null or (et.typtype <> 'p' and (et.typrelid = 0 or ec.relkind = 'c')))
  and n.nspname <> 'information_schema' and n.nspname !~ '^pg_(toast|temp_)'
order by n.nspname <> 'pg_catalog', n.nspname, t.typname`;

export async function listColumnTypes(client: pg.ClientBase): Promise<ColumnType[]> {
  return (await client.query<ColumnType>({ name: 'meta-column-types', text: COLUMN_TYPES_SQL })).rows;
}
