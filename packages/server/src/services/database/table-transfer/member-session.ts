/**
 * The one connection an export or an import works on, as the member's database role (postgres,
 * or basin_readonly for Read-only members), the way the SQL editor connects. Its own connection,
 * not one of the table editor's pooled sessions: a transfer holds its transaction for as long as
 * the file takes to stream, and a cursor or COPY cannot share a pipelined session.
 */
import { conflict } from '../../../kernel/errors.ts';
import type { PlatformContext } from '../../../kernel/context.ts';
import type { ProjectRow } from '../../../store/projects.ts';
import { type MemberDatabaseRole, memberDatabaseLogin } from '../../projects/project-instance.ts';
import type pg from 'pg';
import { openOwnSession } from '../own-session.ts';

export const NOT_RUNNING = "The project's database is not running";

export async function openMemberSession(ctx: PlatformContext, project: ProjectRow, role: MemberDatabaseRole): Promise<pg.Client> {
  if (project.status !== 'ACTIVE_HEALTHY' || project.port === null) throw conflict(NOT_RUNNING);
  return openOwnSession({
    login: memberDatabaseLogin(ctx, project, role),
    applicationName: 'basin-table-transfer',
    statementTimeoutMs: ctx.config.sqlStatementTimeoutMs,
    catalogSearchPath: true,
    refused: () => conflict(NOT_RUNNING),
  });
}
