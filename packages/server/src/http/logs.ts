import { createRoute, z } from '@hono/zod-openapi';
import { ErrorResponse, LogRetention, LogsQueryParams, LogsQueryResult, ProjectRef } from '@basin/core/schemas';
import { queryLogs } from '../logs/logs-all.ts';
import { changeLogRetention, logRetention } from '../logs/retention.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const refParams = z.object({ ref: ProjectRef });
const tags = ['Logs'];
const LOGS_ALL = '/projects/{ref}/analytics/endpoints/logs.all';
const QUERY_ANSWERS = {
  200: json(LogsQueryResult, "The rows, or the query's error (with no rows); the parser warnings either way"),
  ...ERRORS,
  429: json(ErrorResponse, 'The project already has as many log queries running as allowed'),
  503: json(ErrorResponse, 'The log store did not answer'),
};
const QUERY_DESCRIPTION =
  'Runs one SELECT over the relations edge_logs, postgres_logs, auth_logs, function_edge_logs, function_logs and realtime_logs, ' +
  'holding only this project’s rows between iso_timestamp_start (default: an hour before the end) and ' +
  'iso_timestamp_end (default: now). A query that fails answers 200 with `error`.';

/**
 * The logs explorer's API (`analytics:read`): logs.all by GET as the spec calls it, and by POST with
 * the same fields as a JSON body for queries too long for a URL; the retention setting (changed by
 * Owners and Administrators).
 */
export function logRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: LOGS_ALL,
        tags,
        description: QUERY_DESCRIPTION,
        request: { params: refParams, query: LogsQueryParams },
        responses: QUERY_ANSWERS,
      }),
      async (c) => c.json(await queryLogs(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('query')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: LOGS_ALL,
        tags,
        description: QUERY_DESCRIPTION,
        request: { params: refParams, ...jsonBody(LogsQueryParams) },
        responses: QUERY_ANSWERS,
      }),
      async (c) => c.json(await queryLogs(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/projects/{ref}/analytics/log-retention',
        tags,
        request: { params: refParams },
        responses: { 200: json(LogRetention, 'Days the project keeps its logs (0: none kept or written)'), ...ERRORS },
      }),
      async (c) => c.json(await logRetention(ctx, c.req.valid('param').ref, c.var.userId), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/projects/{ref}/analytics/log-retention',
        tags,
        request: { params: refParams, ...jsonBody(LogRetention) },
        responses: { 200: json(LogRetention, 'The new setting; older rows go at the next prune (hourly)'), ...ERRORS },
      }),
      async (c) => c.json(await changeLogRetention(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json').retention_days), 200),
    );
}
