import type PgBoss from 'pg-boss';

/** Names of the lifecycle job queues. */
export const QUEUES = {
  createProject: 'project-create',
} as const;

export interface ProjectJob {
  ref: string;
}

/** Two retries a second apart; an attempt cut off by a crash expires after two minutes. */
const LIFECYCLE_JOB: PgBoss.SendOptions = { retryLimit: 2, retryDelay: 1, expireInSeconds: 120 };

export async function enqueueCreateProject(queue: PgBoss, ref: string): Promise<void> {
  await queue.send(QUEUES.createProject, { ref } satisfies ProjectJob, LIFECYCLE_JOB);
}
