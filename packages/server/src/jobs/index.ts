import { availableParallelism } from 'node:os';
import type PgBoss from 'pg-boss';
import type { PlatformContext } from '../kernel/context.ts';
import { createBranch } from './create-branch.ts';
import { createProject } from './create-project.ts';
import { deleteProject } from './delete-project.ts';
import { pauseProject } from './pause-project.ts';
import { projectJobHandler, type ProjectJobData, type ProjectJobDefinition } from './project-job.ts';
import { resizeProject } from './resize-project.ts';
import { restartProject } from './restart-project.ts';
import { restoreProject } from './restore-project.ts';
import { restoreToPoint } from './restore-to-point.ts';
import { upgradeProject } from './upgrade-project.ts';

/** Every lifecycle job. A new operation adds its definition here. */
export const PROJECT_JOBS: ProjectJobDefinition[] = [
  createProject,
  createBranch,
  deleteProject,
  pauseProject,
  restartProject,
  resizeProject,
  restoreProject,
  restoreToPoint,
  upgradeProject,
];

/** The queue must exist before the first send (pg-boss 10). */
export async function createQueues(queue: PgBoss): Promise<void> {
  for (const { queue: name } of PROJECT_JOBS) await queue.createQueue(name);
}

/** pg-boss 10 runs one job per worker at a time: one worker per core and queue lets work overlap. */
export async function startWorkers(ctx: PlatformContext): Promise<void> {
  for (const definition of PROJECT_JOBS) {
    const handle = projectJobHandler(definition);
    for (let i = 0; i < availableParallelism(); i++) {
      await ctx.queue.work<ProjectJobData>(
        definition.queue,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 0.5 },
        async ([job]) => job && handle(ctx, job),
      );
    }
  }
}
