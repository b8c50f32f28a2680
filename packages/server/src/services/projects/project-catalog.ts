import type pg from 'pg';
import { conflict } from '../../kernel/errors.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { superuserLogin } from './project-instance.ts';
import type { ProjectRow } from '../../store/projects.ts';
import { withCatalogPair, withCatalogSession, type CatalogPair } from '../../meta/catalog-pool.ts';
import type { SessionLogin } from '../../instances/types.ts';

const CATALOG_MESSAGE = "The project's database is not running";

/**
 * Reads a project's catalogs as the platform (basin_admin, search_path=pg_catalog): members see
 * the schema whatever their role, visibility follows membership (404 for others), and nothing a
 * member defined can stand in for a built-in. Sessions come warm from catalog-pool.ts.
 */
export async function withProjectCatalog<T>(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  work: (client: pg.ClientBase, project: ProjectRow) => Promise<T>,
): Promise<T> {
  const { project, login } = await runningProject(ctx, ref, userId);
  return withCatalogSession(ref, login, (client) => work(client, project));
}

/** The same with both catalog sessions, for readers that split their queries in two. */
export async function withProjectCatalogPair<T>(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  work: (pair: CatalogPair, project: ProjectRow) => Promise<T>,
): Promise<T> {
  const { project, login } = await runningProject(ctx, ref, userId);
  return withCatalogPair(ref, login, (pair) => work(pair, project));
}

async function runningProject(ctx: PlatformContext, ref: string, userId: string): Promise<{ project: ProjectRow; login: SessionLogin }> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'projects:read');
  if (project.port === null || project.status !== 'ACTIVE_HEALTHY') throw conflict(CATALOG_MESSAGE);
  return { project, login: superuserLogin(ctx, project) };
}
