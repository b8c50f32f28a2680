import type { ApiRestDescription, PostgrestConfig, TypescriptTypes, UpdatePostgrestConfigBody } from '@basin/core/schemas';
import type pg from 'pg';
import { requirePermission, requireProject } from '../services/access.ts';
import type { PlatformContext } from '../services/context.ts';
import * as settings from '../store/project-api-settings.ts';
import type { ProjectRow } from '../store/projects.ts';
import { withProjectCatalog } from './project-catalog.ts';
import { describeRestApi } from './rest-api-description.ts';
import { readSchemaSnapshot } from './schema-snapshot.ts';
import { generateTypescript } from './typescript-generator.ts';

const toConfig = (row: settings.ProjectApiSettings): PostgrestConfig => ({ db_schema: row.exposed_schemas.join(','), max_rows: row.max_rows });

export async function postgrestConfig(ctx: PlatformContext, ref: string, userId: string): Promise<PostgrestConfig> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'projects:read');
  return toConfig((await settings.findApiSettings(ctx.db, ref))!);
}

export async function updatePostgrestConfig(ctx: PlatformContext, ref: string, userId: string, body: UpdatePostgrestConfigBody): Promise<PostgrestConfig> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'project.settings:write');
  return toConfig((await settings.updateApiSettings(ctx.db, ref, { exposed_schemas: body.db_schema, max_rows: body.max_rows }))!);
}

/** The PostgREST-style description of the project's exposed schemas, read on a catalog session. */
export async function describeExposedSchemas(ctx: PlatformContext, client: pg.ClientBase, project: ProjectRow): Promise<ApiRestDescription> {
  const schemas = await settings.exposedSchemas(ctx.db, project.ref);
  return describeRestApi(await readSchemaSnapshot(client, schemas), project.name);
}

/** The description for a member of the project's organization. */
export function restApiDescription(ctx: PlatformContext, ref: string, userId: string): Promise<ApiRestDescription> {
  return withProjectCatalog(ctx, ref, userId, (client, project) => describeExposedSchemas(ctx, client, project));
}

/** TypeScript types of the given schemas (default `public`). */
export function typescriptTypes(ctx: PlatformContext, ref: string, userId: string, schemas: string[] | undefined): Promise<TypescriptTypes> {
  return withProjectCatalog(ctx, ref, userId, async (client) => ({
    types: generateTypescript(await readSchemaSnapshot(client, schemas?.length ? schemas : ['public'])),
  }));
}
