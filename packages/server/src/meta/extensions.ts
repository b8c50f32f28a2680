import type { PgExtension } from '@basin/core/schemas';
import type pg from 'pg';
import { filterParams, PAGE, searchCondition, toPage, type ListFilter, type Page } from './list-filter.ts';

/**
 * Available extensions and the installed version of each. Extensions belong to the database,
 * not to a schema: the schema filter ($1) does not apply; sort is always by name.
 */
const EXTENSIONS_SQL = `
select a.name, n.nspname as schema, a.default_version, e.extversion as installed_version, a.comment,
  count(*) over () as total
from pg_available_extensions() as a(name, default_version, comment)
left join pg_extension e on e.extname = a.name
left join pg_namespace n on n.oid = e.extnamespace
-- $1 is unused, but named so that its type is known: the shared parameter list stays one.
where ($1::text[] is null or true) and ${searchCondition('a.name')}
order by a.name
${PAGE}`;

export async function listExtensions(client: pg.ClientBase, filter: ListFilter): Promise<Page<PgExtension>> {
  return toPage(
    (await client.query<PgExtension & { total: string }>({ name: 'meta-extensions', text: EXTENSIONS_SQL, values: filterParams(filter) }))
      .rows,
  );
}
