import { createRoute, z } from '@hono/zod-openapi';
import { SQL_EDITOR_MESSAGES } from '@basin/core';
import { ErrorResponse, ProjectRef, RunSqlBody, SqlError, SqlResult } from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import { InstanceUnavailable, runProjectSql, TooManyRuns } from '../services/database/sql-runner.ts';
import { HttpError } from '../kernel/errors.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

/**
 * The SQL editor's run endpoint. A query of several statements runs them all (in one implicit
 * transaction unless it manages its own) and answers the last statement's result. A failed
 * statement answers 400 with Postgres's message, code and position; a run past its deadline is
 * stopped and answers 400 too.
 */
export function sqlRoutes(ctx: PlatformContext) {
  return createRouter().openapi(
    createRoute({
      method: 'post',
      path: '/pg-meta/{ref}/query',
      tags: ['SQL'],
      request: { params: z.object({ ref: ProjectRef }), ...jsonBody(RunSqlBody) },
      responses: {
        200: json(SqlResult, 'The last statement’s result; rows past the limits are left out (truncated)'),
        ...ERRORS,
        400: json(SqlError, 'Invalid input, or the statement failed (with its position in the query)'),
        429: json(
          ErrorResponse,
          'The member already has as many queries running as allowed, or the database has no connection left for another',
        ),
        503: json(SqlError, 'The project’s database does not take connections'),
      },
    }),
    async (c) => {
      try {
        const { query, read_only: readOnly = false } = c.req.valid('json');
        const outcome = await runProjectSql(ctx, c.req.valid('param').ref, c.var.userId, query, { readOnly });
        return outcome.ok ? c.json(outcome.result, 200) : c.json(outcome.error, 400);
      } catch (error) {
        if (error instanceof InstanceUnavailable) throw new HttpError(503, SQL_EDITOR_MESSAGES.databaseUnavailable);
        if (error instanceof TooManyRuns) throw new HttpError(429, SQL_EDITOR_MESSAGES.busy);
        throw error;
      }
    },
  );
}
