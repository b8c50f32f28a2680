import { LIFECYCLE_MESSAGES, PROJECT_OPERATIONS } from '@basin/core';
import { applyRetention, takeBaseBackup } from '../services/backups/pitr.ts';
import { instanceSpec } from '../services/projects/project-instance.ts';
import * as lifecycle from '../store/lifecycle.ts';
import * as pitr from '../store/pitr.ts';
import type { ProjectJobDefinition } from './project-job.ts';
import { startHealthy } from './start-healthy.ts';

/**
 * Applies the PITR add-on's state the request stored: restarts the instance with WAL archiving
 * and takes the first base backup of the new history (the window opens when it completes), or
 * restarts it without archiving and deletes the base backups and archived WAL.
 */
export const changePitr: ProjectJobDefinition = {
  ...PROJECT_OPERATIONS.pitr,
  async run(ctx, row) {
    await ctx.driver.stop(row.ref);
    await startHealthy(ctx, instanceSpec(row, ctx.box));
    if (row.pitr_retention_days === null) await applyRetention(ctx, row);
    else if (!(await pitr.baseBackups(ctx.db, row.ref)).length) await takeBaseBackup(ctx, row);
    await lifecycle.markHealthy(ctx.db, row.ref);
  },
  async fail(ctx, row, reason) {
    await lifecycle.markHealthy(ctx.db, row.ref, LIFECYCLE_MESSAGES.restartFailed(reason));
  },
};
