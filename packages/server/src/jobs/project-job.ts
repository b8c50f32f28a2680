import type { ProjectStatus } from '@basin/core';
import type PgBoss from 'pg-boss';
import type { PlatformContext } from '../kernel/context.ts';
import { closeProjectRealtime } from '../realtime/hub.ts';
import { closeRestPool } from '../rest/pool.ts';
import * as projects from '../store/projects.ts';
import type { ProjectJobData } from '../kernel/project-jobs.ts';
import { withRefLock } from '../kernel/ref-lock.ts';

export type { ProjectJobData };

/**
 * A lifecycle operation on one project, run by the job queue (its queue and pending status from
 * core's PROJECT_OPERATIONS). The service that accepts the
 * request sets `pending` (e.g. PAUSING) and queues the job; the job does the real work and sets
 * the final status. A project that is no longer in `pending` when the job runs is left alone, so
 * retries, duplicates and jobs re-queued after a platform restart are harmless.
 */
export interface ProjectJobDefinition<D extends ProjectJobData = ProjectJobData> {
  queue: string;
  pending: ProjectStatus;
  /** Does the work and sets the final status. Throwing makes the queue retry. */
  run(ctx: PlatformContext, row: projects.ProjectRow, data: D): Promise<void>;
  /** After the last attempt failed: leave the project in a clear, safe state. */
  fail(ctx: PlatformContext, row: projects.ProjectRow, reason: string): Promise<void>;
}

export function projectJobHandler<D extends ProjectJobData>(definition: ProjectJobDefinition<D>) {
  return async (ctx: PlatformContext, job: PgBoss.JobWithMetadata<D>): Promise<void> => {
    const { ref } = job.data;
    await withRefLock(ref, async () => {
      const row = await projects.findByRef(ctx.db, ref);
      if (!row || row.status !== definition.pending) return;
      const attempt = job.retryCount + 1;
      // Every operation stops, moves or resizes the instance: the data API's sessions and schema
      // cache go first, and again after, in case a request made new ones meanwhile; realtime's
      // sockets and change stream go first (clients reconnect once the project is back).
      await Promise.all([closeRestPool(ref), closeProjectRealtime(ref)]);
      try {
        await definition.run(ctx, row, job.data);
        ctx.logger.info({ ref, queue: definition.queue, attempt }, 'lifecycle job done');
      } catch (error) {
        const reason = reasonOf(error);
        ctx.logger.warn({ ref, queue: definition.queue, attempt, reason }, 'lifecycle job attempt failed');
        if (job.retryCount < job.retryLimit) throw error;
        await definition.fail(ctx, row, reason);
      } finally {
        await closeRestPool(ref);
      }
    });
  };
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
