import type { ProjectStatus } from '../project-status.ts';

/** A lifecycle operation: the statuses it starts from, the status it holds while queued, its job queue. */
export interface ProjectOperation {
  /** Statuses the project may be in when the operation is asked for; absent where the rule is richer (create, delete). */
  readonly from?: readonly ProjectStatus[];
  readonly pending: ProjectStatus;
  readonly queue: string;
}

/**
 * Every lifecycle operation of a project. The services start work with it (check `from`, set
 * `pending`, send to `queue`) and the job workers register under the same queue and `pending`, so
 * neither needs the other's code.
 */
export const PROJECT_OPERATIONS = {
  create: { pending: 'COMING_UP', queue: 'project-create' },
  createBranch: { pending: 'COMING_UP', queue: 'branch-create' },
  delete: { pending: 'GOING_DOWN', queue: 'project-delete' },
  pause: { from: ['ACTIVE_HEALTHY'], pending: 'PAUSING', queue: 'project-pause' },
  restart: { from: ['ACTIVE_HEALTHY'], pending: 'RESTARTING', queue: 'project-restart' },
  resize: { from: ['ACTIVE_HEALTHY'], pending: 'RESIZING', queue: 'project-resize' },
  restore: { from: ['INACTIVE', 'RESTORE_FAILED'], pending: 'RESTORING', queue: 'project-restore' },
  /** Shares RESTORING with restore: each job leaves the other's projects alone (a running PITR restore row tells them apart). */
  restoreToPoint: { from: ['ACTIVE_HEALTHY'], pending: 'RESTORING', queue: 'project-restore-pitr' },
  upgrade: { from: ['ACTIVE_HEALTHY'], pending: 'UPGRADING', queue: 'project-upgrade' },
} as const satisfies Record<string, ProjectOperation>;

export type ProjectOperationName = keyof typeof PROJECT_OPERATIONS;

/** Whether a project in `status` waits for a queued lifecycle job. */
export const isPendingOperation = (status: ProjectStatus): boolean =>
  Object.values(PROJECT_OPERATIONS).some((operation) => operation.pending === status);
