import type { ApiRestDescription, PostgrestConfig, TypescriptTypes, UpdatePostgrestConfigBody } from '@basin/core/schemas';
import { invalidateSchemaCache } from '../../rest/schema-cache.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import * as settings from '../../store/project-api-settings.ts';
import type { ProjectRow } from '../../store/projects.ts';
import type { CatalogPair } from '../../meta/catalog-pool.ts';
import { withProjectCatalogPair } from '../projects/project-catalog.ts';
import { describeRestApi } from '../../meta/rest-api-description.ts';
import { readSchemaSnapshot } from '../../meta/schema-snapshot.ts';
import { generateTypescript } from '../../meta/typescript-generator.ts';

const toConfig = (row: settings.ProjectApiSettings): PostgrestConfig => ({
  db_schema: row.exposed_schemas.join(','),
  max_rows: row.max_rows,
  db_aggregates_enabled: row.db_aggregates_enabled,
  db_plan_enabled: row.db_plan_enabled,
});

export async function postgrestConfig(ctx: PlatformContext, ref: string, userId: string): Promise<PostgrestConfig> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'projects:read');
  return toConfig((await settings.findApiSettings(ctx.db, ref))!);
}

export async function updatePostgrestConfig(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  body: UpdatePostgrestConfigBody,
): Promise<PostgrestConfig> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'project.settings:write');
  const updated = await settings.updateApiSettings(ctx.db, ref, {
    exposed_schemas: body.db_schema,
    max_rows: body.max_rows,
    db_aggregates_enabled: body.db_aggregates_enabled,
    db_plan_enabled: body.db_plan_enabled,
  });
  invalidateSchemaCache(ref); // the data API serves the schemas now exposed
  return toConfig(updated!);
}

/** The PostgREST-style description of the project's exposed schemas, read on a catalog session. */
export async function describeExposedSchemas(ctx: PlatformContext, pair: CatalogPair, project: ProjectRow): Promise<ApiRestDescription> {
  const schemas = await settings.exposedSchemas(ctx.db, project.ref);
  return describeRestApi(await readSchemaSnapshot(pair, schemas), project.name);
}

/** The description for a member of the project's organization. */
export function restApiDescription(ctx: PlatformContext, ref: string, userId: string): Promise<ApiRestDescription> {
  return withProjectCatalogPair(ctx, ref, userId, (pair, project) => describeExposedSchemas(ctx, pair, project));
}

/** TypeScript types of the given schemas (default `public`). */
export function typescriptTypes(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  schemas: string[] | undefined,
): Promise<TypescriptTypes> {
  return withProjectCatalogPair(ctx, ref, userId, async (pair) => ({
    types: generateTypescript(await readSchemaSnapshot(pair, schemas?.length ? schemas : ['public'])),
  }));
}
