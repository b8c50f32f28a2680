/** The advisors of a project for its members: findings (cached), and acknowledgements. */
import { ADVISOR_MESSAGES, type LintCategory } from '@basin/core';
import type { AcknowledgeLintBody, Lint, LintAcknowledgementItem } from '@basin/core/schemas';
import { conflict, HttpError } from '../../kernel/errors.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import * as acknowledgements from '../../store/lint-acknowledgements.ts';
import { LintCache } from '../../advisors/lint-cache.ts';
import { runLints } from '../../advisors/run-lints.ts';

const caches = new WeakMap<PlatformContext, LintCache>();

/** One cache per running platform, shared by the /platform and /v1 routes. */
export function lintCacheOf(ctx: PlatformContext): LintCache {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new LintCache()));
  return cache;
}

/** Every finding of the project, acknowledged ones flagged (not dropped). */
export async function projectLints(ctx: PlatformContext, ref: string, userId: string, refresh: boolean): Promise<Lint[]> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'advisors:read');
  if (project.status !== 'ACTIVE_HEALTHY') throw conflict(ADVISOR_MESSAGES.projectNotRunning);
  const [items, acks] = await Promise.all([
    lintCacheOf(ctx).get(ref, () => runLints(ctx, project), refresh),
    acknowledgements.list(ctx.db, ref),
  ]);
  const byKey = new Map(acks.map((ack) => [ack.cache_key, { note: ack.note, by: ack.by, at: ack.at.toISOString() }]));
  return items.map((item) => ({ ...item, acknowledged: byKey.get(item.cache_key) ?? null }));
}

export async function lintsOfCategory(ctx: PlatformContext, ref: string, userId: string, category: LintCategory, refresh: boolean) {
  const lints = await projectLints(ctx, ref, userId, refresh);
  return { lints: lints.filter((lint) => lint.categories.includes(category)) };
}

export async function listAcknowledgements(ctx: PlatformContext, ref: string, userId: string): Promise<LintAcknowledgementItem[]> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'advisors:read');
  const rows = await acknowledgements.list(ctx.db, ref);
  return rows.map((row) => ({ cache_key: row.cache_key, note: row.note, by: row.by, at: row.at.toISOString() }));
}

/** Acknowledges a finding by its cache key; it need not be reported right now (it may come back). */
export async function acknowledge(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  body: AcknowledgeLintBody,
): Promise<LintAcknowledgementItem> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'advisors.acknowledgements:write', ADVISOR_MESSAGES.noAcknowledgePermission);
  await acknowledgements.upsert(ctx.db, ref, body.cache_key, body.note, userId);
  const rows = await acknowledgements.list(ctx.db, ref);
  const row = rows.find((each) => each.cache_key === body.cache_key)!;
  return { cache_key: row.cache_key, note: row.note, by: row.by, at: row.at.toISOString() };
}

export async function unacknowledge(ctx: PlatformContext, ref: string, userId: string, cacheKey: string): Promise<void> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'advisors.acknowledgements:write', ADVISOR_MESSAGES.noAcknowledgePermission);
  if (!(await acknowledgements.remove(ctx.db, ref, cacheKey))) throw new HttpError(404, ADVISOR_MESSAGES.acknowledgementNotFound);
}
