import { createRoute, z } from '@hono/zod-openapi';
import { SQL_EDITOR_MESSAGES } from '@basin/core';
import {
  ColumnType,
  ErrorResponse,
  ProjectRef,
  SqlError,
  TableChangeBody,
  TableChangeResult,
  TableDependents,
  TableDependentsQuery,
} from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import { HttpError } from '../kernel/errors.ts';
import { listColumnTypes } from '../meta/column-types.ts';
import { tableDependents } from '../meta/table-dependents.ts';
import { InstanceUnavailable } from '../services/database/sql-runner.ts';
import { applyTableChange } from '../services/database/table-changes.ts';
import { withProjectCatalog } from '../services/projects/project-catalog.ts';
import { createRouter, ERRORS, json, jsonBody } from './openapi.ts';

const params = z.object({ ref: ProjectRef });
const tags = ['Database introspection'];
const notRunning = { 409: json(ErrorResponse, 'The project is not running') };

/** The table editor's structure changes, and the catalog reads its panels need. */
export function tableChangeRoutes(ctx: PlatformContext) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/pg-meta/{ref}/table-changes',
        tags,
        description:
          'Creates, changes, duplicates, empties or deletes a table from a description of the change, in one transaction as the ' +
          'member’s database role; with dry_run it answers the SQL only.',
        request: { params, ...jsonBody(TableChangeBody) },
        responses: {
          200: json(TableChangeResult, 'The SQL, run (applied) or not (dry_run)'),
          ...ERRORS,
          422: json(SqlError, 'Postgres refused a statement; nothing was applied'),
          503: json(ErrorResponse, 'The project’s database does not take connections'),
        },
      }),
      async (c) => {
        try {
          const outcome = await applyTableChange(ctx, c.req.valid('param').ref, c.var.userId, c.req.valid('json'));
          return outcome.ok ? c.json(outcome.result, 200) : c.json(outcome.error, 422);
        } catch (error) {
          if (error instanceof InstanceUnavailable) throw new HttpError(503, SQL_EDITOR_MESSAGES.databaseUnavailable);
          throw error;
        }
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/pg-meta/{ref}/column-types',
        tags,
        request: { params },
        responses: { 200: json(z.array(ColumnType), 'Every type a column can have on the instance'), ...ERRORS, ...notRunning },
      }),
      async (c) => c.json(await withProjectCatalog(ctx, c.req.valid('param').ref, c.var.userId, listColumnTypes), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/pg-meta/{ref}/table-dependents',
        tags,
        request: { params, query: TableDependentsQuery },
        responses: { 200: json(TableDependents, 'What depends on the table'), ...ERRORS, ...notRunning },
      }),
      async (c) => {
        const { schema, table } = c.req.valid('query');
        return c.json(
          await withProjectCatalog(ctx, c.req.valid('param').ref, c.var.userId, (client) => tableDependents(client, schema, table)),
          200,
        );
      },
    );
}
