import { REST_HEALTH_MESSAGES } from '@basin/core';
import type { ApiRestDescription, ProjectApiUrl } from '@basin/core/schemas';
import { HttpError } from '../../kernel/errors.ts';
import { describeExposedSchemas } from './api-docs.ts';
import { withCatalogPair } from '../../meta/catalog-pool.ts';
import type { ProjectRow } from '../../store/projects.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import type { PlatformConfig } from '../../config.ts';
import { superuserLogin } from '../projects/project-instance.ts';

/** The platform's address as HOST and PORT give it; 127.0.0.1 when it listens on every address. */
export function platformUrl({ host, port }: Pick<PlatformConfig, 'host' | 'port'>): string {
  const reachable = ['', '0.0.0.0', '::'].includes(host) ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/** `localhost` and its subdomains: browsers resolve them, Node, Python, Deno and curl's resolvers mostly do not. */
const browserOnly = (domain: string) => /(^|\.)localhost$/i.test(domain.replace(/:\d+$/, ''));

/**
 * Every URL a project's API answers on, the one to recommend first: the host form when
 * BASIN_DOMAIN names a real domain, else (the default `localhost:$PORT`) the path form on the
 * platform's own address, which any client on the machine reaches.
 */
export function projectApiUrls(config: Pick<PlatformConfig, 'domain' | 'host' | 'port'>, ref: string): ProjectApiUrl[] {
  const host: ProjectApiUrl = { url: `http://${ref}.${config.domain}`, form: 'host' };
  const path: ProjectApiUrl = { url: `${platformUrl(config)}/api/projects/${ref}/gateway`, form: 'path' };
  return browserOnly(config.domain) ? [path, host] : [host, path];
}

/** The project API's URL that clients are given (the recommended one of projectApiUrls). */
export const projectApiUrl = (ctx: PlatformContext, ref: string) => projectApiUrls(ctx.config, ref)[0]!.url;

/**
 * What a PostgREST root (`GET /rest/v1/`) answers: the description of the exposed schemas. 503
 * while the database is not running, as PostgREST answers when it cannot reach its database.
 */
export function gatewayRestDescription(ctx: PlatformContext, project: ProjectRow): Promise<ApiRestDescription> {
  if (project.port === null || project.status !== 'ACTIVE_HEALTHY') throw new HttpError(503, REST_HEALTH_MESSAGES.offline);
  return withCatalogPair(project.ref, superuserLogin(ctx, project), (pair) => describeExposedSchemas(ctx, pair, project));
}
