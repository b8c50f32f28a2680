import type { PostgrestStatus, ProjectStatus } from '../project-status.ts';

/** Every value of Project.postgrestStatus, for the schema. */
export const POSTGREST_STATUSES = ['ONLINE', 'OFFLINE'] as const satisfies readonly PostgrestStatus[];

/**
 * The status shown with a project, derived from its lifecycle status alone so that listing
 * projects never waits on their instances; the REST health route probes the instance itself.
 */
export function postgrestStatusOf(status: ProjectStatus): PostgrestStatus {
  return status === 'ACTIVE_HEALTHY' ? 'ONLINE' : 'OFFLINE';
}

export const REST_HEALTH_MESSAGES = {
  offline: "The project's database is not answering",
} as const;
