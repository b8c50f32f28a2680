import { DELETE_PROJECT_MESSAGES, PROJECT_OPERATIONS } from '@basin/core';
import { closeRestPool } from '../rest/pool.ts';
import { dropReader } from '../logs/reader-role.ts';
import { removeProjectBackups } from '../services/backups/backups.ts';
import { removeProjectFunctions } from '../services/functions/functions.ts';
import { removeStorageArchive } from '../services/storage/storage-archive.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { injectFault } from '../kernel/faults.ts';
import { storageBackend } from '../storage/backend.ts';
import { removeProjectUploads } from '../storage/resumable.ts';
import * as projects from '../store/projects.ts';
import { removeProjectLogs } from '../store/log-retention.ts';
import { deleteProjectRow, projectTree } from '../store/project-removal.ts';
import type { ProjectJobDefinition } from './project-job.ts';
import { withRefLock } from '../kernel/ref-lock.ts';

/**
 * Removes a GOING_DOWN project for good: its branches first, then its own instance (process and
 * data directory), its functions' workers and files, its stored files (and unfinished uploads) and their archive, its
 * backups, its logs (and their reader login), and last its row, so that a crash at any step leaves a
 * GOING_DOWN row whose job is queued again at the next start. Every step is idempotent.
 */
export const deleteProject: ProjectJobDefinition = {
  ...PROJECT_OPERATIONS.delete,
  async run(ctx, row) {
    for (const { ref } of await projectTree(ctx.db, row.ref)) {
      if (ref === row.ref) await removeProject(ctx, ref);
      // A branch may have its own delete job queued (it is GOING_DOWN too): one at a time.
      else await withRefLock(ref, () => removeProject(ctx, ref));
    }
  },
  async fail(ctx, row, reason) {
    // Part of it may be gone already: it can only go forward, at the next start.
    await projects.setStatus(ctx.db, row.ref, 'GOING_DOWN', DELETE_PROJECT_MESSAGES.couldNotDelete(reason));
  },
};

async function removeProject(ctx: PlatformContext, ref: string): Promise<void> {
  injectFault(ctx, 'delete', 'instance');
  await closeRestPool(ref); // a branch's too: its listener would wait for the instance forever
  await ctx.driver.remove(ref);
  await removeProjectFunctions(ctx, ref);
  await storageBackend(ctx, ref).removeAll();
  await removeProjectUploads(ctx, ref);
  await removeStorageArchive(ctx, ref);
  await removeProjectBackups(ctx, ref);
  await dropReader(ctx, ref);
  await removeProjectLogs(ctx.db, ref);
  await deleteProjectRow(ctx.db, ref);
}
