/**
 * The table editor's structure changes: the SQL written from the change's description, then run
 * in one transaction as the member's database role (`postgres`, as in the SQL editor), so that a
 * refusal leaves nothing behind. Read-only members have no role that writes, so they get 403.
 */
import { TABLE_EDITOR_MESSAGES } from '@basin/core';
import type { SqlError, TableChangeBody, TableChangeResult } from '@basin/core/schemas';
import type pg from 'pg';
import type { PlatformContext } from '../../kernel/context.ts';
import { statementsText, tableChangeStatements } from '../../meta/ddl/table-change-sql.ts';
import { invalidateSchemaCache } from '../../rest/schema-cache.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import { memberDatabaseLogin, memberDatabaseRole } from '../projects/project-instance.ts';
import { openOwnSession } from './own-session.ts';
import { InstanceUnavailable, toSqlError } from './sql-runner.ts';

export type TableChangeOutcome = { ok: true; result: TableChangeResult } | { ok: false; error: SqlError };

/**
 * Runs each statement on its own with the extended protocol, which takes one statement only:
 * an expression the member wrote (a check, a `using`) cannot end the transaction and run more.
 */
async function runAll(client: pg.Client, statements: string[]): Promise<void> {
  for (const text of statements) await client.query({ text, queryMode: 'extended' } as pg.QueryConfig);
}

export async function applyTableChange(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  body: TableChangeBody,
): Promise<TableChangeOutcome> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'sql:execute');
  requirePermission(project.role, 'database.credentials:read', TABLE_EDITOR_MESSAGES.readOnlyStructure);
  if (project.port === null) throw new InstanceUnavailable('no port');
  const client = await openOwnSession({
    login: memberDatabaseLogin(ctx, project, memberDatabaseRole(project.role)),
    applicationName: 'basin-table-editor',
    statementTimeoutMs: ctx.config.sqlStatementTimeoutMs,
    refused: (error) => new InstanceUnavailable(error.message),
  });
  try {
    // The catalog is read inside the transaction, so the statements see what they were built from.
    await client.query('begin');
    const statements = await tableChangeStatements(client, body.change);
    const sql = statementsText(statements);
    if (body.dry_run) {
      await client.query('rollback');
      return { ok: true, result: { sql, applied: false } };
    }
    try {
      await runAll(client, statements);
      await client.query('commit');
    } catch (error) {
      return { ok: false, error: toSqlError(error) };
    }
    invalidateSchemaCache(ref); // the data API sees the new structure at once
    return { ok: true, result: { sql, applied: true } };
  } finally {
    await client.end().catch(() => {});
  }
}
