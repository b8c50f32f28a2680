import { PITR_MESSAGES, PROJECT_OPERATIONS } from '@basin/core';
import { holdFault, injectFault } from '../kernel/faults.ts';
import { baseBackupFor, takeBaseBackup } from '../services/backups/pitr.ts';
import { instanceSpec } from '../services/projects/project-instance.ts';
import * as lifecycle from '../store/lifecycle.ts';
import * as pitr from '../store/pitr.ts';
import * as projects from '../store/projects.ts';
import type { ProjectJobDefinition } from './project-job.ts';
import { startHealthy } from './start-healthy.ts';

/**
 * Recovers a RESTORING project's instance in place to the restore's second (the driver's
 * recoverToPoint, which keeps the old data until the recovered instance runs), then starts a new
 * history with a base backup. The step on the restore row says where an attempt cut off by a
 * platform restart goes on: a recovery runs again from the start, a base backup only itself.
 */
export const restoreToPoint: ProjectJobDefinition = {
  ...PROJECT_OPERATIONS.restoreToPoint,
  async run(ctx, row) {
    const restore = await pitr.runningRestore(ctx.db, row.ref);
    if (!restore) return; // a paused project's restore (restore-project.ts)
    if (restore.step !== 'Taking a base backup') {
      await pitr.setRestoreStep(ctx.db, restore.id, 'Recovering the database');
      const base = await baseBackupFor(ctx, row.ref, restore.target_time);
      injectFault(ctx, 'restore-pitr', 'recover');
      await holdFault(ctx, 'restore-pitr', 'recover');
      const spec = instanceSpec(row, ctx.box);
      await ctx.driver.recoverToPoint(spec, spec, base, restore.target_time);
      await pitr.restartHistory(ctx.db, row.ref);
      await pitr.setRestoreStep(ctx.db, restore.id, 'Taking a base backup');
    }
    await takeBaseBackup(ctx, (await projects.findByRef(ctx.db, row.ref))!);
    await pitr.endRestore(ctx.db, restore.id, null);
    await lifecycle.markHealthy(ctx.db, row.ref);
  },
  /** The driver put the old data back on every failed attempt: it runs again, and the restore says why it failed. */
  async fail(ctx, row, reason) {
    const restore = await pitr.runningRestore(ctx.db, row.ref);
    if (!restore) return;
    await startHealthy(ctx, instanceSpec(row, ctx.box)).catch(() => {});
    await pitr.endRestore(ctx.db, restore.id, reason);
    await lifecycle.markHealthy(ctx.db, row.ref, PITR_MESSAGES.restoreFailed(restore.target_time.toISOString(), reason));
  },
};
