/**
 * The dashboard's table editor reads and writes rows through the data API's own engine
 * (rest/handler.ts), but not through the gateway: no project key, the member's session instead,
 * and the member's own database role rather than an API role. Members who may read the
 * credentials act as `postgres`, which bypasses row level security as it does in the SQL editor
 * and over a connection string; the others as `basin_readonly`, which reads and never writes.
 */
import { TABLE_EDITOR_MESSAGES } from '@basin/core';
import { serveRest } from '../../rest/handler.ts';
import { asResponse } from '../../rest/respond.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { memberDatabaseRole } from '../projects/project-instance.ts';

/**
 * What of the dashboard's request reaches the engine: only the headers PostgREST reads. The
 * rest (the session cookie above all) would land in `request.headers`, which any trigger or
 * policy of any member can read.
 */
const POSTGREST_HEADERS = ['accept', 'content-type', 'prefer', 'range', 'accept-profile', 'content-profile'];

const READ_METHODS = new Set(['GET', 'HEAD']);

export interface TableRowsRequest {
  ref: string;
  userId: string;
  method: string;
  url: string;
  headers: Headers;
  /** The JSON text of a write (the platform's input guard has read and checked it). */
  body: string | undefined;
  /** After `/rest/v1`, still percent-encoded: `/orders`. */
  path: string;
}

export async function serveTableRows(ctx: PlatformContext, request: TableRowsRequest): Promise<Response> {
  const project = await requireProject(ctx.db, request.ref, request.userId);
  requirePermission(project.role, 'sql:execute');
  if (!READ_METHODS.has(request.method)) requirePermission(project.role, 'database.credentials:read', TABLE_EDITOR_MESSAGES.readOnly);
  const role = memberDatabaseRole(project.role);
  const headers = new Headers();
  for (const name of POSTGREST_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  // No body rather than an empty one, which a Request would label text/plain.
  const forwarded = new Request(request.url, { method: request.method, headers, body: request.body || undefined });
  return asResponse(await serveRest(ctx, project, { role, claims: { role } }, forwarded, request.path));
}
