/**
 * Database → Settings → Reset database password: a new password for the members' `postgres` role.
 * The superuser sets it on the running instance (only its SCRAM verifier travels, never logged)
 * inside the transaction that stores it sealed in the project row, so a refusal by the instance
 * leaves the old one in force everywhere. Sessions already open keep running; every later login
 * (the dashboard's editors, the connection strings shown, edge functions' SUPABASE_DB_URL, whose
 * workers restart on a changed environment) uses the new one.
 */
import { DATABASE_SETTINGS_MESSAGES } from '@basin/core';
import type { ResetDatabasePasswordResponse } from '@basin/core/schemas';
import { POSTGRES_ROLE } from '../../instances/postgres-role.ts';
import { setRolePassword } from '../../instances/readonly-role.ts';
import { conflict } from '../../kernel/errors.ts';
import { transaction } from '../../store/db.ts';
import { setDatabasePassword } from '../../store/projects.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { clientConnectionString } from '../../instances/connection-string.ts';
import { instanceSpec } from './project-instance.ts';

const TIMEOUT_MS = 10_000;

export async function resetDatabasePassword(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  password: string,
): Promise<ResetDatabasePasswordResponse> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'projects:update', DATABASE_SETTINGS_MESSAGES.resetForbidden);
  if (project.status !== 'ACTIVE_HEALTHY' || project.port === null) throw conflict(DATABASE_SETTINGS_MESSAGES.notRunning(project.status));
  const spec = instanceSpec(project, ctx.box);
  const updatedAt = await transaction(ctx.db, async (client) => {
    const changed = await setDatabasePassword(client, ref, ctx.box.seal(password));
    await ctx.driver.adminSession(spec, TIMEOUT_MS, (admin) => setRolePassword(admin, POSTGRES_ROLE, password));
    return changed;
  });
  ctx.logger.info({ ref, userId }, 'database password reset');
  return {
    connectionString: clientConnectionString(ctx.driver.endpoints(spec), POSTGRES_ROLE, password),
    updated_at: updatedAt.toISOString(),
  };
}
