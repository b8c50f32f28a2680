/**
 * The free plan's project limit (spec part 1 §6; FREE_PROJECT_LIMIT in pause.ts). Basin's rule:
 * a member's free projects are the top-level projects (not branches) of every free organization
 * where the member is Owner or Administrator, and a project counts while it is active, i.e. in
 * any status but the ones below, where no instance runs. A restore in a free organization is
 * refused while one of its Owners or Administrators is at the limit.
 */
import type { Role } from '../permissions.ts';
import type { ProjectStatus } from '../project-status.ts';

export const FREE_PROJECT_LIMIT_ROLES = ['Owner', 'Administrator'] as const satisfies readonly Role[];

export const NOT_COUNTED_STATUSES = ['INACTIVE', 'INIT_FAILED', 'RESTORE_FAILED', 'GOING_DOWN'] as const satisfies readonly ProjectStatus[];

export function countsTowardFreeProjectLimit(status: ProjectStatus): boolean {
  return !(NOT_COUNTED_STATUSES as readonly ProjectStatus[]).includes(status);
}
