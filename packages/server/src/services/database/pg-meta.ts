import type { PgMetaListQuery } from '@basin/core/schemas';
import type { PlatformContext } from '../../kernel/context.ts';
import { listExtensions } from '../../meta/extensions.ts';
import { listFunctions } from '../../meta/functions.ts';
import { listIndexes } from '../../meta/indexes.ts';
import type { ListFilter, Page } from '../../meta/list-filter.ts';
import { listPolicies } from '../../meta/policies.ts';
import { withProjectCatalog } from '../projects/project-catalog.ts';
import { listRelations, type JsonPage } from '../../meta/relations.ts';
import { listTypes } from '../../meta/types.ts';

export const PG_META_RESOURCES = [
  'tables',
  'views',
  'materialized-views',
  'functions',
  'indexes',
  'policies',
  'extensions',
  'types',
] as const;
export type PgMetaResource = (typeof PG_META_RESOURCES)[number];

const filterOf = (query: PgMetaListQuery): ListFilter => ({
  schemas: query.included_schemas,
  search: query.search,
  sort: query.sort,
  limit: query.limit,
  offset: query.offset,
});

const asJson = async (page: Promise<Page<unknown>>): Promise<JsonPage> => {
  const { rows, total } = await page;
  return { json: JSON.stringify(rows), total };
};

/** One page of one kind of catalog object of a project, for a member of its organization, as JSON text. */
export function listCatalog(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  resource: PgMetaResource,
  query: PgMetaListQuery,
): Promise<JsonPage> {
  const filter = filterOf(query);
  return withProjectCatalog(ctx, ref, userId, async (client) => {
    switch (resource) {
      case 'tables':
      case 'views':
      case 'materialized-views':
        return listRelations(client, resource, filter, query.include_columns);
      case 'functions':
        return asJson(listFunctions(client, filter));
      case 'indexes':
        return asJson(listIndexes(client, filter));
      case 'policies':
        return asJson(listPolicies(client, filter));
      case 'extensions':
        return asJson(listExtensions(client, filter));
      case 'types':
        return asJson(listTypes(client, filter));
    }
  });
}
