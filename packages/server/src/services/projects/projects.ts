import { can, MESSAGES, postgrestStatusOf, PROJECT_OPERATIONS, type Role, sortVersionsDescending, versionOption } from '@basin/core';
import type { CreateProjectBody, Project } from '@basin/core/schemas';
import getPort from 'get-port';
import { badRequest, notFound } from '../../kernel/errors.ts';
import { POSTGRES_ROLE, READONLY_ROLE } from '../../instances/index.ts';
import { enqueueProjectJob } from '../../kernel/project-jobs.ts';
import * as store from '../../store/projects.ts';
import { requireOrganization, requirePermission, requireProject } from '../organizations/access.ts';
import { initProjectJwtSecret } from '../api/api-keys.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { projectApiUrls } from '../api/gateway.ts';
import { clientConnectionString } from '../../instances/connection-string.ts';
import { newDatabasePassword, newProjectRef } from '../../kernel/secrets.ts';

export function toProject(ctx: PlatformContext, row: store.ProjectRow, role: Role): Project {
  // Where clients reach the instance, as its driver says (the embedded driver: 127.0.0.1 and the port).
  const endpoints = ctx.driver.endpoints({ ref: row.ref, port: row.port ?? 0 });
  const apiUrls = projectApiUrls(ctx.config, row.ref);
  return {
    id: row.id,
    ref: row.ref,
    name: row.name,
    organization_id: row.organization_id,
    organization_slug: row.organization_slug,
    status: row.status,
    status_message: row.status_message,
    dbVersion: versionOption(row.postgres_major, row.server_version).version,
    region: row.region,
    cloud_provider: 'local',
    infra_compute_size: row.compute_size,
    restUrl: `${apiUrls[0]!.url}/rest/v1/`,
    apiUrls,
    connectionString: can(role, 'database.credentials:read')
      ? clientConnectionString(endpoints, POSTGRES_ROLE, ctx.box.open(row.db_password))
      : null,
    connectionStringReadOnly: clientConnectionString(endpoints, READONLY_ROLE, ctx.box.open(row.readonly_password)),
    parent_project_ref: row.parent_project_ref,
    // From the status, so that lists never wait on instances; the REST health route probes.
    postgrestStatus: postgrestStatusOf(row.status),
    inserted_at: row.created_at.toISOString(),
  };
}

/** The installed Postgres majors, newest first, as the spec's version options. */
export async function availableVersions(ctx: PlatformContext, slug: string, userId: string) {
  const org = await requireOrganization(ctx.db, slug, userId);
  requirePermission(org.role, 'projects:read');
  const options = ctx.driver.availableMajors().map(({ major, version }) => versionOption(major, version));
  return { available_versions: sortVersionsDescending(options) };
}

/**
 * Stores the project as COMING_UP and queues the job that makes its instance; the answer does
 * not wait for Postgres.
 */
export async function createProject(ctx: PlatformContext, userId: string, body: CreateProjectBody): Promise<Project> {
  const org = await requireOrganization(ctx.db, body.organization_slug, userId);
  requirePermission(org.role, 'projects:create', 'You need additional permissions to create projects in this organization');
  const major = ctx.driver.availableMajors().find((m) => m.major === body.postgres_engine);
  if (!major || body.release_channel !== 'ga') throw badRequest(MESSAGES.versionUnavailable);

  const ref = newProjectRef();
  await store.insert(ctx.db, {
    ref,
    organization_id: org.id,
    name: body.name,
    status: 'COMING_UP',
    region: body.region,
    postgres_major: major.major,
    server_version: major.version,
    compute_size: 'micro',
    port: await getPort({ host: '127.0.0.1', exclude: await store.usedPorts(ctx.db) }),
    db_password: ctx.box.seal(newDatabasePassword()),
    readonly_password: ctx.box.seal(newDatabasePassword()),
  });
  await initProjectJwtSecret(ctx.db, ctx.box, ref);
  await enqueueProjectJob(ctx, PROJECT_OPERATIONS.create.queue, { ref });
  return toProject(ctx, (await store.findByRef(ctx.db, ref))!, org.role);
}

export async function listProjects(ctx: PlatformContext, slug: string, userId: string): Promise<Project[]> {
  const org = await requireOrganization(ctx.db, slug, userId);
  requirePermission(org.role, 'projects:read');
  return (await store.listByOrganization(ctx.db, org.id)).map((row) => toProject(ctx, row, org.role));
}

export async function getProject(ctx: PlatformContext, ref: string, userId: string): Promise<Project> {
  const row = await requireProject(ctx.db, ref, userId);
  requirePermission(row.role, 'projects:read');
  return toProject(ctx, row, row.role);
}

export async function renameProject(ctx: PlatformContext, ref: string, userId: string, name: string): Promise<Project> {
  const row = await requireProject(ctx.db, ref, userId);
  requirePermission(row.role, 'projects:update', 'You need additional permissions to update this project');
  await store.rename(ctx.db, ref, name);
  return toProject(ctx, { ...row, name }, row.role);
}

export async function projectStatus(ctx: PlatformContext, ref: string, userId: string) {
  const found = await store.statusForUser(ctx.db, ref, userId);
  if (!found) throw notFound('Project');
  requirePermission(found.role, 'projects:read');
  return { status: found.status };
}
