import { MAX_DAYS_TILL_RESTORE_DISABLED, PAUSE_MESSAGES, PROJECT_OPERATIONS, remainingDaysTillRestoreDisabled } from '@basin/core';
import type { PauseStatusResponse, Project } from '@basin/core/schemas';
import { functionsRuntime } from '../../functions/runtime.ts';
import { conflict } from '../../kernel/errors.ts';
import { enqueueProjectJob } from '../../kernel/project-jobs.ts';
import * as backups from '../../store/backups.ts';
import { pausedAt, startPausing } from '../../store/pause.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { toProject } from './projects.ts';

/**
 * Sets PAUSING and queues the job that stops the instance; answers without waiting for it. The
 * project's edge function workers end now (once their requests are answered): from PAUSING on,
 * invocations answer 503 and start none.
 */
export async function pauseProject(ctx: PlatformContext, ref: string, userId: string): Promise<Project> {
  const row = await requireProject(ctx.db, ref, userId);
  requirePermission(row.role, 'infra.lifecycle:execute', PAUSE_MESSAGES.noPermission);
  if (!(await startPausing(ctx.db, ref))) throw conflict(PAUSE_MESSAGES.notPausable(row.status));
  functionsRuntime(ctx).retire(ref);
  await enqueueProjectJob(ctx, PROJECT_OPERATIONS.pause.queue, { ref });
  return toProject(ctx, { ...row, status: 'PAUSING', status_message: null }, row.role);
}

/**
 * The restore countdown of a paused (INACTIVE) project and its newest backup. A project that is
 * not paused has nothing to restore: can_restore false, and the full number of days, since the
 * countdown starts when it is paused.
 */
export async function pauseStatus(ctx: PlatformContext, ref: string, userId: string, now = new Date()): Promise<PauseStatusResponse> {
  const row = await requireProject(ctx.db, ref, userId);
  requirePermission(row.role, 'projects:read');
  const [latest] = await backups.listCompleted(ctx.db, ref);
  const since = row.status === 'INACTIVE' ? await pausedAt(ctx.db, ref) : null;
  const remaining = since ? remainingDaysTillRestoreDisabled(since, now) : MAX_DAYS_TILL_RESTORE_DISABLED;
  return {
    can_restore: since !== null && remaining > 0,
    latest_downloadable_backup_id: latest?.id ?? null,
    max_days_till_restore_disabled: MAX_DAYS_TILL_RESTORE_DISABLED,
    remaining_days_till_restore_disabled: remaining,
  };
}
