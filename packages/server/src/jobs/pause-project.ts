import { PAUSE_MESSAGES, PROJECT_OPERATIONS } from '@basin/core';
import { functionsRuntime } from '../functions/runtime.ts';
import { takeBackup } from '../services/backups/backups.ts';
import { injectFault } from '../kernel/faults.ts';
import { instanceSpec } from '../services/projects/project-instance.ts';
import { markPaused } from '../store/pause.ts';
import * as projects from '../store/projects.ts';
import type { ProjectJobDefinition } from './project-job.ts';

/**
 * PAUSING → the instance is stopped (its data directory kept), a physical backup of the stopped
 * data is taken so it can be downloaded while paused, and the project is INACTIVE from now. Each
 * step is idempotent: a retry or a re-queue after a platform restart stops nothing twice and
 * takes a new backup. After the last attempt the instance is started again and the project is
 * PAUSE_FAILED with the reason: still serving, data untouched.
 */
export const pauseProject: ProjectJobDefinition = {
  ...PROJECT_OPERATIONS.pause,
  async run(ctx, row) {
    injectFault(ctx, 'pause', 'stop');
    await ctx.driver.stop(row.ref);
    // Its edge function workers too (pausing retired them already where it was asked; this is the
    // job's process, and a worker started meanwhile).
    functionsRuntime(ctx).retire(row.ref);
    injectFault(ctx, 'pause', 'backup');
    await takeBackup(ctx, row, 'pause');
    await markPaused(ctx.db, row.ref);
  },
  async fail(ctx, row, reason) {
    await ctx.driver.start(instanceSpec(row, ctx.box)).catch((error: unknown) => {
      ctx.logger.error({ ref: row.ref, reason: String(error) }, 'could not start the instance again after a failed pause');
    });
    await projects.setStatus(ctx.db, row.ref, 'PAUSE_FAILED', PAUSE_MESSAGES.failed(reason));
  },
};
