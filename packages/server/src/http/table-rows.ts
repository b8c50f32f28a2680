import type { PlatformContext } from '../kernel/context.ts';
import { serveTableRows } from '../services/database/table-rows.ts';
import { createRouter } from './openapi.ts';

const REST_ROOT = '/rest/v1';

/**
 * `/projects/{ref}/rest/v1/*`: the project's PostgREST API for the dashboard's table editor, as
 * the signed-in member's database role (services/database/table-rows.ts). It speaks PostgREST's protocol
 * (query grammar, Prefer, Range, Content-Range, its error bodies), so it is not described in the
 * OpenAPI document.
 */
export function tableRowsRoutes(ctx: PlatformContext) {
  return createRouter().all(`/projects/:ref${REST_ROOT}/*`, async (c) => {
    const url = new URL(c.req.url);
    return serveTableRows(ctx, {
      ref: c.req.param('ref'),
      userId: c.var.userId,
      method: c.req.method,
      url: c.req.url,
      headers: c.req.raw.headers,
      body: c.req.method === 'GET' || c.req.method === 'HEAD' ? undefined : await c.req.text(),
      // The raw path: the engine decodes the table's name itself.
      path: url.pathname.slice(url.pathname.indexOf(REST_ROOT) + REST_ROOT.length),
    });
  });
}
