import type { PgColumn, PgMaterializedView, PgTable, PgView } from '@basin/core/schemas';
import type pg from 'pg';
import { everything, filterParams, orderBy, PAGE, schemaCondition, searchCondition, type ListFilter } from './list-filter.ts';

/**
 * Tables, views and materialized views with their columns, keys and relationships in ONE catalog
 * query: the page of relations first, then columns joined by attrelid and aggregated once per
 * relation (never a scan of all columns per table, which is what makes the incumbent slow).
 * $5 the relkinds, $6 whether to read columns. COLUMN_ROWS_CTES ends with one row per column,
 * shaped like PgColumn; RELATIONS_SQL answers one row: the page as JSON text.
 */
const COLUMN_ROWS_CTES = `
with rel as (
  select c.oid, n.nspname as schema, c.relname as name, c.relkind, d.description as comment,
    c.relrowsecurity, c.relforcerowsecurity, c.reltuples, c.relispopulated,
    count(*) over () as total
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_description d on d.objoid = c.oid and d.classoid = 'pg_class'::regclass and d.objsubid = 0
  where c.relkind = any($5::"char"[]) and ${schemaCondition('n.nspname')} and ${searchCondition('c.relname')}
  order by $ORDER
  ${PAGE}
),
enum_labels as (
  select enumtypid, array_agg(enumlabel::text order by enumsortorder) as labels from pg_enum group by enumtypid
),
unique_columns as (
  select distinct i.indrelid, i.indkey[0] as attnum
  from pg_index i join rel on rel.oid = i.indrelid
  where i.indisunique and i.indnatts = 1 and i.indpred is null
),
column_rows as (
  select rel.oid || '.' || a.attnum as id, rel.oid::int8 as table_id, rel.schema, rel.name as "table",
    a.attname as name, a.attnum as ordinal_position,
    case when bt.typelem <> 0 and bt.typlen = -1 then 'ARRAY'
         when btn.nspname = 'pg_catalog' then format_type(bt.oid, null)
         else 'USER-DEFINED' end as data_type,
    bt.typname as format, bt.oid::int8 as type_id,
    case when a.attgenerated = '' then pg_get_expr(ad.adbin, ad.adrelid) end as default_value,
    not a.attnotnull as is_nullable,
    a.attidentity <> '' as is_identity,
    case a.attidentity when 'a' then 'ALWAYS' when 'd' then 'BY DEFAULT' end as identity_generation,
    a.attgenerated <> '' as is_generated,
    case when rel.relkind in ('r', 'p', 'f') then a.attgenerated = ''
         else pg_column_is_updatable(a.attrelid, a.attnum, false) end as is_updatable,
    u.attnum is not null as is_unique,
    coalesce(e.labels, '{}') as enums,
    cd.description as comment
  from rel
  join pg_attribute a on a.attrelid = rel.oid and a.attnum > 0 and not a.attisdropped
  join pg_type t on t.oid = a.atttypid
  join pg_type bt on bt.oid = case when t.typtype = 'd' then t.typbasetype else t.oid end
  join pg_namespace btn on btn.oid = bt.typnamespace
  left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
  left join pg_description cd on cd.objoid = a.attrelid and cd.classoid = 'pg_class'::regclass and cd.objsubid = a.attnum
  left join enum_labels e on e.enumtypid = bt.oid
  left join unique_columns u on u.indrelid = a.attrelid and u.attnum = a.attnum
  where $6::boolean
)`;

const RELATIONS_SQL = `${COLUMN_ROWS_CTES},
-- Each column is its row as JSON (its columns are the keys): far cheaper than an 18-key json_build_object per column.
cols as (
  select c.table_id, json_agg(c order by c.ordinal_position) as columns from column_rows c group by c.table_id
),
pks as (
  select con.conrelid, json_agg(json_build_object('schema', rel.schema, 'table_name', rel.name, 'name', a.attname, 'table_id', rel.oid::int8)
                                order by k.ord) as primary_keys
  from pg_constraint con
  join rel on rel.oid = con.conrelid
  cross join unnest(con.conkey) with ordinality as k(attnum, ord)
  join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
  where con.contype = 'p'
  group by con.conrelid
),
fk as (
  select con.oid, con.conname, con.conrelid, con.confrelid, k.ord,
    sn.nspname as source_schema, sc.relname as source_table, sa.attname as source_column,
    tn.nspname as target_schema, tc.relname as target_table, ta.attname as target_column
  from pg_constraint con
  cross join unnest(con.conkey, con.confkey) with ordinality as k(attnum, fnum, ord)
  join pg_class sc on sc.oid = con.conrelid join pg_namespace sn on sn.oid = sc.relnamespace
  join pg_attribute sa on sa.attrelid = con.conrelid and sa.attnum = k.attnum
  join pg_class tc on tc.oid = con.confrelid join pg_namespace tn on tn.oid = tc.relnamespace
  join pg_attribute ta on ta.attrelid = con.confrelid and ta.attnum = k.fnum
  where con.contype = 'f'
    and (con.conrelid in (select oid from rel) or con.confrelid in (select oid from rel))
),
fk_ends as (
  select conrelid as relid, fk.* from fk
  union all
  select confrelid, fk.* from fk where confrelid <> conrelid
),
rels as (
  select e.relid, json_agg(json_build_object(
    'id', e.oid::int8, 'constraint_name', e.conname,
    'source_schema', e.source_schema, 'source_table_name', e.source_table, 'source_column_name', e.source_column,
    'target_table_schema', e.target_schema, 'target_table_name', e.target_table, 'target_column_name', e.target_column
  ) order by e.conname, e.ord) as relationships
  from fk_ends e
  group by e.relid
)
select coalesce(max(rel.total), 0) as total, coalesce(json_agg(json_build_object(
    'id', rel.oid::int8, 'schema', rel.schema, 'name', rel.name, 'comment', rel.comment$FIELDS
  ) order by $ORDER), '[]')::text as json
from rel
left join cols on cols.table_id = rel.oid
left join pks on pks.conrelid = rel.oid
left join rels on rels.relid = rel.oid`;

export type RelationKind = 'tables' | 'views' | 'materialized-views' | 'foreign-tables';

const RELKINDS: Record<RelationKind, string[]> = { tables: ['r', 'p'], views: ['v'], 'materialized-views': ['m'], 'foreign-tables': ['f'] };

/** The JSON fields each kind adds to id, schema, name and comment (PgTable, PgView, PgMaterializedView). */
const KIND_FIELDS: Record<RelationKind, string> = {
  tables: `, 'rls_enabled', rel.relrowsecurity, 'rls_forced', rel.relforcerowsecurity,
    'live_rows_estimate', greatest(rel.reltuples, 0)::int8,
    'primary_keys', coalesce(pks.primary_keys, '[]'), 'relationships', coalesce(rels.relationships, '[]')`,
  views: `, 'is_updatable', (pg_relation_is_updatable(rel.oid, false) & 20) = 20`,
  'materialized-views': `, 'is_populated', rel.relispopulated`,
  'foreign-tables': '',
};

/** A foreign table: what every relation has (postgres-meta's shape). */
export type PgForeignTable = Pick<PgView, 'id' | 'schema' | 'name' | 'comment' | 'columns'>;

/** A page of relations as the JSON text of the answer: Postgres builds it, Node passes it on. */
export interface JsonPage {
  json: string;
  total: number;
}

/** Tables, views or materialized views, paged, with their columns when asked. */
export async function listRelations(
  client: pg.ClientBase,
  kind: RelationKind,
  filter: ListFilter,
  includeColumns: boolean,
): Promise<JsonPage> {
  const fields = KIND_FIELDS[kind] + (includeColumns ? `, 'columns', coalesce(cols.columns, '[]')` : '');
  const sql = RELATIONS_SQL.replace('$ORDER', orderBy(filter.sort, 'n.nspname', 'c.relname', 'c.oid'))
    .replace('$FIELDS', fields)
    .replace('$ORDER', orderBy(filter.sort, 'rel.schema', 'rel.name', 'rel.oid'));
  const { rows } = await client.query<{ total: string; json: string }>({
    name: `meta-${kind}-${filter.sort}-${includeColumns}`,
    text: sql,
    values: [...filterParams(filter), RELKINDS[kind], includeColumns],
  });
  return { json: rows[0]!.json, total: Number(rows[0]!.total) };
}

/**
 * The same column rows as the JSON answer's, as rows: parsing them beats Postgres building (and
 * Node parsing) JSON. With the declared type too, which the JSON answer does not carry.
 */
const COLUMNS_SQL = `${COLUMN_ROWS_CTES}
select c.*, format_type(a.atttypid, a.atttypmod) as formatted_type
from column_rows c join pg_attribute a on a.attrelid = c.table_id::oid and a.attnum = c.ordinal_position
order by c.table_id, c.ordinal_position`;

/** A column with its type as declared: `character varying(20)`, `public.email` (a domain), `text[]`. */
export interface SnapshotColumn extends PgColumn {
  formatted_type: string;
}

type ColumnRow = Omit<SnapshotColumn, 'table_id' | 'type_id'> & { table_id: string; type_id: string };

/** The columns of every relation in the schemas, by relation id. */
export async function readColumns(client: pg.ClientBase, schemas: string[]): Promise<Map<number, SnapshotColumn[]>> {
  const { rows } = await client.query<ColumnRow>({
    name: 'meta-relation-columns',
    text: COLUMNS_SQL.replace('$ORDER', 'c.oid'),
    values: [...filterParams(everything(schemas)), Object.values(RELKINDS).flat(), true],
  });
  const byRelation = new Map<number, SnapshotColumn[]>();
  for (const row of rows) {
    // int8 comes as text from pg; the JSON answer has numbers.
    const column: SnapshotColumn = { ...row, table_id: Number(row.table_id), type_id: Number(row.type_id) };
    const columns = byRelation.get(column.table_id);
    if (columns) columns.push(column);
    else byRelation.set(column.table_id, [column]);
  }
  return byRelation;
}

export interface Relations {
  tables: PgTable[];
  views: PgView[];
  materializedViews: PgMaterializedView[];
  foreignTables: PgForeignTable[];
}

/** Every relation in the schemas as objects, without their columns (readColumns reads those). */
export async function readRelationLists(client: pg.ClientBase, schemas: string[]): Promise<Relations> {
  const read = async <T extends PgTable | PgView | PgMaterializedView | PgForeignTable>(kind: RelationKind) =>
    JSON.parse((await listRelations(client, kind, everything(schemas), false)).json) as T[];
  const tables = await read<PgTable>('tables');
  const views = await read<PgView>('views');
  const materializedViews = await read<PgMaterializedView>('materialized-views');
  const foreignTables = await read<PgForeignTable>('foreign-tables');
  return { tables, views, materializedViews, foreignTables };
}
