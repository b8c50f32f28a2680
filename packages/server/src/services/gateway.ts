import { REST_HEALTH_MESSAGES } from '@basin/core';
import type { ApiRestDescription } from '@basin/core/schemas';
import { HttpError } from '../kernel/errors.ts';
import { describeExposedSchemas } from './api-docs.ts';
import { withCatalogPair } from '../meta/catalog-pool.ts';
import type { ProjectRow } from '../store/projects.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { instanceSpec } from './project-instance.ts';

/** The project API's URL, as clients are given it (its Host names the project). */
export const projectApiUrl = (ctx: PlatformContext, ref: string) => `http://${ref}.${ctx.config.domain}`;

/**
 * What a PostgREST root (`GET /rest/v1/`) answers: the description of the exposed schemas. 503
 * while the database is not running, as PostgREST answers when it cannot reach its database.
 */
export function gatewayRestDescription(ctx: PlatformContext, project: ProjectRow): Promise<ApiRestDescription> {
  if (project.port === null || project.status !== 'ACTIVE_HEALTHY') throw new HttpError(503, REST_HEALTH_MESSAGES.offline);
  return withCatalogPair(project.ref, instanceSpec(project, ctx.box), (pair) => describeExposedSchemas(ctx, pair, project));
}
