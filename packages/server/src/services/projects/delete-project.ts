import { DELETE_PROJECT_MESSAGES, isPendingOperation, PROJECT_OPERATIONS } from '@basin/core';
import type { DeletedProject } from '@basin/core/schemas';
import { conflict } from '../../kernel/errors.ts';
import { enqueueProjectJob } from '../../kernel/project-jobs.ts';
import { transaction } from '../../store/db.ts';
import { markGoingDown, projectTree, type TreeMember } from '../../store/project-removal.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';

/**
 * Marks the project and its branches GOING_DOWN and queues the job that removes them; the answer
 * does not wait for the removal. A project some other job is working on (its pending status,
 * e.g. PAUSING) answers 409: that job would overwrite GOING_DOWN when it ends.
 */
export async function deleteProject(ctx: PlatformContext, ref: string, userId: string): Promise<DeletedProject> {
  const row = await requireProject(ctx.db, ref, userId);
  requirePermission(row.role, 'projects:update', DELETE_PROJECT_MESSAGES.noPermission);

  const blocking = await transaction(ctx.db, async (client) => {
    const tree = await projectTree(client, ref, true);
    const busy = tree.find((member) => isBusy(member, ref));
    if (!busy)
      await markGoingDown(
        client,
        tree.map((member) => member.ref),
      );
    return busy;
  });
  if (blocking?.ref === ref && blocking.status === 'GOING_DOWN') throw conflict(DELETE_PROJECT_MESSAGES.alreadyDeleting);
  if (blocking) throw conflict(DELETE_PROJECT_MESSAGES.busy(blocking.ref, blocking.status));

  await enqueueProjectJob(ctx, PROJECT_OPERATIONS.delete.queue, { ref });
  return { ref, name: row.name };
}

/** A branch already going down is removed with its parent; anything else in progress blocks. */
function isBusy({ ref, status }: TreeMember, rootRef: string): boolean {
  if (status === 'GOING_DOWN') return ref === rootRef;
  return isPendingOperation(status);
}
