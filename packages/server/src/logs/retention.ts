/**
 * How long a project keeps its logs, for every source at once: days from 0 to 90, 7 unless changed
 * (`log_retention`). 0 keeps none, and the writers then write none: the gateway, auth and
 * functions logs (log-batches.ts) and the database's own log (its lines are read and dropped).
 * Writers ask `keepsLogs` on every event, so it answers from memory: a change through this process
 * applies at once, another replica's within CACHE_MS.
 */
import { LOG_RETENTION_DEFAULT_DAYS, LOGS_MESSAGES } from '@basin/core';
import type { LogRetention } from '@basin/core/schemas';
import { requirePermission, requireProject } from '../services/organizations/access.ts';
import type { PlatformContext } from '../kernel/context.ts';
import * as store from '../store/log-retention.ts';

const CACHE_MS = 5_000;

interface Cached {
  days: number;
  readAt: number;
  loading?: Promise<void>;
}

const caches = new WeakMap<PlatformContext, Map<string, Cached>>();

function cacheOf(ctx: PlatformContext): Map<string, Cached> {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new Map()));
  return cache;
}

function refresh(ctx: PlatformContext, ref: string, entry: Cached): void {
  entry.loading ??= store
    .findRetentionDays(ctx.db, ref)
    .then((days) => {
      entry.days = days;
      entry.readAt = performance.now();
    })
    .catch((error: unknown) => ctx.logger.warn({ err: error, ref }, 'could not read the log retention'))
    .finally(() => (entry.loading = undefined));
}

/**
 * Whether the project's log events are written: true unless its retention is 0. Never waits: an
 * unknown project counts as the default (kept) while its setting is read.
 */
export function keepsLogs(ctx: PlatformContext, ref: string): boolean {
  const cache = cacheOf(ctx);
  let entry = cache.get(ref);
  if (!entry) cache.set(ref, (entry = { days: LOG_RETENTION_DEFAULT_DAYS, readAt: Number.NEGATIVE_INFINITY }));
  if (performance.now() - entry.readAt > CACHE_MS) refresh(ctx, ref, entry);
  return entry.days > 0;
}

/** The same, read from the store now (the database log's reader is not in a hurry). */
export async function keepsLogsNow(ctx: PlatformContext, ref: string): Promise<boolean> {
  const days = await store.findRetentionDays(ctx.db, ref);
  cacheOf(ctx).set(ref, { days, readAt: performance.now() });
  return days > 0;
}

/** GET .../analytics/log-retention: every member who may read the logs. */
export async function logRetention(ctx: PlatformContext, ref: string, userId: string): Promise<LogRetention> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'analytics:read');
  return { retention_days: await store.findRetentionDays(ctx.db, ref) };
}

/** PUT .../analytics/log-retention: Owners and Administrators (project.settings:write). Rows past it go at the next prune. */
export async function changeLogRetention(ctx: PlatformContext, ref: string, userId: string, days: number): Promise<LogRetention> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'project.settings:write', LOGS_MESSAGES.retentionForbidden);
  await store.setRetentionDays(ctx.db, ref, days);
  cacheOf(ctx).set(ref, { days, readAt: performance.now() });
  return { retention_days: days };
}
