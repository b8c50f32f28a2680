import { z } from 'zod';
import { PROJECT_STATUSES } from '../project-status.ts';
import { RELEASE_CHANNELS } from '../rules/postgres-versions.ts';
import { REGIONS, type RegionId } from '../rules/regions.ts';
import { Name, OrgSlug, ProjectRef } from './common.ts';
import { PostgrestStatus } from './rest-health.ts';

export const ProjectStatus = z.enum(PROJECT_STATUSES);

/**
 * One address of a project's API, the base URL createClient takes: `host` is
 * `http://<ref>.<BASIN_DOMAIN>`, `path` is `<platform URL>/api/projects/<ref>/gateway`.
 */
export const ProjectApiUrl = z.object({ url: z.string(), form: z.enum(['host', 'path']) }).meta({ id: 'ProjectApiUrl' });
export type ProjectApiUrl = z.infer<typeof ProjectApiUrl>;

export const Project = z
  .object({
    id: z.number().int(),
    ref: ProjectRef,
    name: z.string(),
    organization_id: z.number().int(),
    organization_slug: OrgSlug,
    status: ProjectStatus,
    /** Why the project is not healthy, when a lifecycle job failed. */
    status_message: z.string().nullable(),
    dbVersion: z.string(),
    region: z.string(),
    cloud_provider: z.literal('local'),
    infra_compute_size: z.string(),
    /** The recommended API URL with /rest/v1/. */
    restUrl: z.string(),
    /** Every URL the project's API answers on, the recommended one first. */
    apiUrls: z.array(ProjectApiUrl).min(1),
    /** Superuser connection string; null for members without database.credentials:read. */
    connectionString: z.string().nullable(),
    connectionStringReadOnly: z.string(),
    parent_project_ref: ProjectRef.nullable(),
    /** ONLINE when the project is ACTIVE_HEALTHY; GET /projects/{ref}/api/rest probes the instance. */
    postgrestStatus: PostgrestStatus,
    inserted_at: z.string(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof Project>;

export const ProjectStatusResponse = z.object({ status: ProjectStatus }).meta({ id: 'ProjectStatusResponse' });
export type ProjectStatusResponse = z.infer<typeof ProjectStatusResponse>;

const regionIds = REGIONS.map((r) => r.id) as [RegionId, ...RegionId[]];

export const CreateProjectBody = z
  .object({
    name: Name,
    organization_slug: OrgSlug,
    region: z.enum(regionIds, 'Choose a region from the list'),
    postgres_engine: z.string().min(1, 'Select a Postgres version for your project'),
    release_channel: z.enum(RELEASE_CHANNELS),
  })
  .meta({ id: 'CreateProjectBody' });
export type CreateProjectBody = z.infer<typeof CreateProjectBody>;

export const UpdateProjectBody = z.object({ name: Name }).meta({ id: 'UpdateProjectBody' });
export type UpdateProjectBody = z.infer<typeof UpdateProjectBody>;

export const PostgresVersionOption = z.object({
  version: z.string(),
  postgres_engine: z.string(),
  release_channel: z.enum(RELEASE_CHANNELS),
});

export const AvailableVersionsBody = z
  .object({ provider: z.string().min(1), region: z.string().min(1, 'Region is required') })
  .meta({ id: 'AvailableVersionsBody' });
export type AvailableVersionsBody = z.infer<typeof AvailableVersionsBody>;

export const AvailableVersionsResponse = z
  .object({ available_versions: z.array(PostgresVersionOption) })
  .meta({ id: 'AvailableVersionsResponse' });
export type AvailableVersionsResponse = z.infer<typeof AvailableVersionsResponse>;
