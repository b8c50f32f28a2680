import { createRoute, z } from '@hono/zod-openapi';
import { ErrorResponse, ProjectRef, TableExportQuery, TableImportError, TableImportQuery, TableImportResult } from '@basin/core/schemas';
import type { Context, MiddlewareHandler } from 'hono';
import { Readable } from 'node:stream';
import type { PlatformContext } from '../kernel/context.ts';
import { HttpError } from '../kernel/errors.ts';
import { exportTable } from '../services/database/table-transfer/table-export.ts';
import { ImportFailed } from '../services/database/table-transfer/import-failure.ts';
import { importTable } from '../services/database/table-transfer/table-import.ts';
import { nodeStream } from '../storage/backend.ts';
import { type AppEnv, createRouter, ERRORS, json, validationMessage } from './openapi.ts';

const tags = ['Table editor'];
const refParams = z.object({ ref: ProjectRef });
const IMPORT_PATH = '/projects/:ref/table-import';
const EXPORT_OWN_PARAMS = Object.keys(TableExportQuery.shape);

/**
 * `GET /projects/{ref}/table-export`: a streamed file of a table's rows, as the member's
 * database role (Read-only members too). The import is `tableImportRoutes`, listed here.
 */
export function tableTransferRoutes(ctx: PlatformContext) {
  const router = createRouter();
  router.openAPIRegistry.registerPath({
    method: 'post',
    path: '/projects/{ref}/table-import',
    tags,
    description:
      'The CSV (or tab-separated text) as the raw body, streamed into COPY in one transaction: all rows or none. `columns` is JSON, one entry per CSV column: `{ "name": column, "type"?: for a new table }` or `null` to skip it. At most 1 GB (413). Not for Read-only members (403).',
    request: { params: refParams, query: TableImportQuery },
    responses: {
      200: json(TableImportResult, 'How many rows were imported'),
      ...ERRORS,
      409: json(ErrorResponse, 'The new table exists already, or the project is not running'),
      413: json(ErrorResponse, 'The CSV is larger than 1 GB'),
      422: json(TableImportError, 'The first bad line; nothing was imported'),
    },
  });
  return router.openapi(
    createRoute({
      method: 'get',
      path: '/projects/{ref}/table-export',
      tags,
      description:
        'Other query parameters are the grid\'s filters and order in PostgREST\'s grammar (`"price"=gte.10&order="id".asc`). CSV has a header row, NULL as an empty field and the empty string as `""`; SQL is one INSERT per row.',
      request: { params: refParams, query: TableExportQuery },
      responses: {
        200: { description: 'The file, streamed, as an attachment' },
        ...ERRORS,
        409: json(ErrorResponse, 'The project is not running'),
      },
    }),
    async (c) => {
      const filters = new URL(c.req.url).searchParams;
      for (const name of EXPORT_OWN_PARAMS) filters.delete(name);
      const file = await exportTable(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('query'), filters);
      const headers = {
        'content-type': file.contentType,
        'content-disposition': `attachment; filename="${file.name}"`,
        'cache-control': 'private, no-cache',
      };
      return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, { headers }) as never;
    },
  );
}

/** A refusal: the unread rest of the body would be taken for the next request, so the connection closes. */
const refuse = (c: Context<AppEnv>, status: HttpError['status'] | 422, body: object) => c.json(body, status, { connection: 'close' });

/** The import streams its raw body: mounted ahead of the JSON body limit and input guard, with `guards` of its own. */
export function tableImportRoutes(ctx: PlatformContext, guards: MiddlewareHandler<AppEnv>[]) {
  const router = createRouter();
  router.post(IMPORT_PATH, async (c) => {
    for (const guard of guards) await guard(c, async () => {});
    const params = refParams.safeParse({ ref: c.req.param('ref') });
    if (!params.success) return refuse(c, 400, { message: validationMessage(params.error) });
    const query = TableImportQuery.safeParse(c.req.query());
    if (!query.success) return refuse(c, 400, { message: validationMessage(query.error) });
    const length = c.req.header('content-length');
    try {
      const upload = { query: query.data, body: nodeStream(c.req.raw.body), declaredLength: length ? Number(length) : undefined };
      return c.json(await importTable(ctx, params.data.ref, c.var.userId, upload), 200);
    } catch (error) {
      if (error instanceof ImportFailed) return refuse(c, 422, error.body);
      if (error instanceof HttpError) return refuse(c, error.status, { message: error.message });
      throw error;
    }
  });
  return router;
}
