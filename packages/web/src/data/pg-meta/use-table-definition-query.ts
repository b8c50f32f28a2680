import type { PgTable } from '@basin/core/schemas';
import { usePgMetaListQuery } from './use-pg-meta-list-query';

/** Enough matches of a name search that the table itself is among them. */
const NAME_MATCHES = 100;

/** One table with its columns and primary key: the tables list searched by its name, the exact one kept. */
export function useTableDefinitionQuery(ref: string | undefined, schema: string, table: string) {
  const query = usePgMetaListQuery(ref, 'tables', { included_schemas: schema, search: table, include_columns: 'true', limit: NAME_MATCHES, offset: 0 }, Boolean(table));
  const definition: PgTable | null | undefined = query.data && (query.data.find((item) => item.schema === schema && item.name === table) ?? null);
  return { ...query, definition };
}
