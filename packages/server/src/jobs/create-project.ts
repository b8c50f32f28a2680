import { MESSAGES } from '@basin/core';
import type PgBoss from 'pg-boss';
import type { PlatformContext } from '../services/context.ts';
import { instanceSpec } from '../services/project-instance.ts';
import * as projects from '../store/projects.ts';
import type { ProjectJob } from './queues.ts';
import { withRefLock } from './ref-lock.ts';

/**
 * Makes the instance of a COMING_UP project and marks it ACTIVE_HEALTHY once it answers. The
 * driver's create is idempotent, so a retry or a job re-queued after a platform restart simply
 * finishes the work. After the last attempt the instance is removed and the project is left
 * INIT_FAILED with the reason, never half-made.
 */
export async function createProjectJob(ctx: PlatformContext, job: PgBoss.JobWithMetadata<ProjectJob>): Promise<void> {
  const { ref } = job.data;
  await withRefLock(ref, async () => {
    const row = await projects.findByRef(ctx.db, ref);
    if (!row || row.status !== 'COMING_UP') return;
    const spec = instanceSpec(row, ctx.box);
    try {
      await ctx.driver.create(spec);
      if (!(await ctx.driver.isHealthy(spec))) throw new Error('the database did not answer after it started');
      await projects.setStatus(ctx.db, ref, 'ACTIVE_HEALTHY');
      ctx.logger.info({ ref, attempt: job.retryCount + 1 }, 'project is healthy');
    } catch (error) {
      const reason = reasonOf(error);
      ctx.logger.warn({ ref, attempt: job.retryCount + 1, reason }, 'project creation attempt failed');
      if (job.retryCount < job.retryLimit) throw error;
      await ctx.driver.remove(ref).catch(() => {});
      await projects.setStatus(ctx.db, ref, 'INIT_FAILED', MESSAGES.projectCreateFailed(reason));
    }
  });
}

/** Driver errors end with the server's log; a status message needs the summary and the first cause. */
export function reasonOf(error: unknown): string {
  const lines = (error instanceof Error ? error.message : String(error))
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const cause = lines.slice(1).find((line) => /FATAL|ERROR|could not/.test(line));
  const summary = lines[0] ?? 'unknown error';
  return cause ? `${summary} ${cause.replace(/^.*?\b(FATAL|ERROR|LOG):\s*/, '')}` : summary;
}
