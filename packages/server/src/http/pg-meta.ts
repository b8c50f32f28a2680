import { createRoute, z } from '@hono/zod-openapi';
import {
  ErrorResponse,
  PgExtension,
  PgFunction,
  PgIndex,
  PgMaterializedView,
  PgMetaListQuery,
  PgPolicy,
  PgTable,
  PgType,
  PgView,
  ProjectRef,
} from '@basin/core/schemas';
import { listCatalog, type PgMetaResource } from '../services/database/pg-meta.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { createRouter, ERRORS, json } from './openapi.ts';

const refParams = z.object({ ref: ProjectRef });
const tags = ['Database introspection'];

/** The answer of each list: an array of one page, the number of all matches in X-Total-Count. */
const LISTS: [PgMetaResource, z.ZodType, string][] = [
  ['tables', PgTable, 'Tables, with columns unless include_columns=false'],
  ['views', PgView, 'Views, with columns unless include_columns=false'],
  ['materialized-views', PgMaterializedView, 'Materialized views, with columns unless include_columns=false'],
  ['functions', PgFunction, 'Functions with their arguments and return types'],
  ['indexes', PgIndex, 'Indexes; search matches the index or its table'],
  ['policies', PgPolicy, 'Row level security policies; search matches the policy or its table'],
  ['extensions', PgExtension, 'Available extensions and the installed version; no schema filter'],
  ['types', PgType, 'Enums and composite types'],
];

/** `GET /pg-meta/{ref}/{resource}`: introspection of a project's database, one catalog query each. */
export function pgMetaRoutes(ctx: PlatformContext) {
  const router = createRouter();
  for (const [resource, item, description] of LISTS) {
    router.openapi(
      createRoute({
        method: 'get',
        path: `/pg-meta/{ref}/${resource}`,
        tags,
        request: { params: refParams, query: PgMetaListQuery },
        responses: {
          200: { ...json(z.array(item), description), headers: z.object({ 'X-Total-Count': z.string() }) },
          ...ERRORS,
          409: json(ErrorResponse, 'The project is not running'),
        },
      }),
      async (c) => {
        const page = await listCatalog(ctx, c.req.valid('param').ref, c.var.userId, resource, c.req.valid('query'));
        // The JSON text comes ready from the catalog query: parsing and printing it again would double
        // the work. zod-openapi types only answers it builds itself, hence the cast.
        const headers = { 'content-type': 'application/json', 'x-total-count': String(page.total) };
        return new Response(page.json, { status: 200, headers }) as never;
      },
    );
  }
  return router;
}
