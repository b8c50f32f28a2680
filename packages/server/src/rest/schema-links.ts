/**
 * What the data API reads of the catalogs beside the platform's introspection (schema-cache.ts),
 * in one query per refresh: the functions PostgREST takes for computed relationships (one
 * argument of a relation's row type, returning a relation's rows), and the stored rules of views
 * (view-keys.ts reads their columns' origins from them), and the exposed schemas' comments (the
 * GraphQL API's `@graphql(...)` directives).
 */
import type pg from 'pg';
import type { ComputedRelationship } from './types.ts';
import type { ViewRule } from './view-keys.ts';

const RELATION_KINDS = `('r', 'p', 'v', 'm', 'f')`;

// `returns t` or `returns setof t rows 1` is to-one, as in PostgREST; any other set is to-many.
const LINKS_SQL = `
select (
  select coalesce(json_agg(json_build_object(
    'function', json_build_object('schema', pn.nspname, 'name', p.proname),
    'from', json_build_object('schema', an.nspname, 'table', ac.relname),
    'to', json_build_object('schema', rn.nspname, 'table', rc.relname),
    'toOne', not p.proretset or p.prorows = 1
  ) order by p.oid), '[]')
  from pg_proc p
  join pg_namespace pn on pn.oid = p.pronamespace
  join pg_class ac on ac.reltype = p.proargtypes[0] and ac.relkind in ${RELATION_KINDS}
  join pg_namespace an on an.oid = ac.relnamespace
  join pg_class rc on rc.reltype = p.prorettype and rc.relkind in ${RELATION_KINDS}
  join pg_namespace rn on rn.oid = rc.relnamespace
  where p.prokind = 'f' and p.pronargs = 1 and pn.nspname = any($1::text[])
) as computed, (
  select coalesce(json_agg(json_build_object('id', c.oid::int8, 'rule', r.ev_action::text) order by c.oid), '[]')
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  join pg_rewrite r on r.ev_class = c.oid and r.rulename = '_RETURN'
  where c.relkind in ('v', 'm') and n.nspname = any($1::text[])
) as views, (
  select coalesce(json_object_agg(n.nspname, d.description), '{}')
  from pg_namespace n
  join pg_description d on d.objoid = n.oid and d.classoid = 'pg_namespace'::regclass and d.objsubid = 0
  where n.nspname = any($1::text[])
) as "schemaComments"`;

export interface SchemaLinks {
  computed: ComputedRelationship[];
  views: ViewRule[];
  schemaComments: Record<string, string>;
}

export async function readSchemaLinks(client: pg.ClientBase, schemas: string[]): Promise<SchemaLinks> {
  const { rows } = await client.query<SchemaLinks>({ name: 'rest-schema-links', text: LINKS_SQL, values: [schemas] });
  return rows[0]!;
}
