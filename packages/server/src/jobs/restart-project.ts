import { LIFECYCLE_MESSAGES, PROJECT_OPERATIONS } from '@basin/core';
import { settlePitr } from '../services/backups/pitr.ts';
import { instanceSpec } from '../services/projects/project-instance.ts';
import * as lifecycle from '../store/lifecycle.ts';
import type { ProjectJobDefinition } from './project-job.ts';
import { startHealthy } from './start-healthy.ts';

/**
 * Stops the instance and starts it again with the project's current settings, WAL archiving
 * included: turning PITR on or off is a restart, after which its base backups follow (settlePitr).
 * When it will not
 * come back after the last attempt, the project is ACTIVE_HEALTHY again with a status_message
 * saying so: its data is untouched, and the health checks keep starting it.
 */
export const restartProject: ProjectJobDefinition = {
  ...PROJECT_OPERATIONS.restart,
  async run(ctx, row) {
    await ctx.driver.stop(row.ref);
    await startHealthy(ctx, instanceSpec(row, ctx.box));
    await settlePitr(ctx, row);
    await lifecycle.markHealthy(ctx.db, row.ref);
  },
  async fail(ctx, row, reason) {
    await lifecycle.markHealthy(ctx.db, row.ref, LIFECYCLE_MESSAGES.restartFailed(reason));
  },
};
