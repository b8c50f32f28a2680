/**
 * A project's Realtime settings for members (read by every member, changed by Owners and
 * Administrators), and for the sockets (settingsOf, cached a few seconds: joins read it often).
 */
import { REALTIME_MESSAGES } from '@basin/core';
import type { RealtimeConfig, UpdateRealtimeConfigBody } from '@basin/core/schemas';
import type { PlatformContext } from '../kernel/context.ts';
import { requirePermission, requireProject } from '../services/organizations/access.ts';
import * as realtimeSettings from '../store/realtime-settings.ts';

const CACHE_MS = 5_000;
const cache = new Map<string, { settings: Promise<RealtimeConfig>; until: number }>();

export function settingsOf(ctx: PlatformContext, ref: string): Promise<RealtimeConfig> {
  const cached = cache.get(ref);
  if (cached && cached.until > Date.now()) return cached.settings;
  const settings = realtimeSettings.find(ctx.db, ref);
  cache.set(ref, { settings, until: Date.now() + CACHE_MS });
  settings.catch(() => cache.delete(ref));
  return settings;
}

export async function getRealtimeConfig(ctx: PlatformContext, ref: string, userId: string): Promise<RealtimeConfig> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'realtime:read');
  return realtimeSettings.find(ctx.db, ref);
}

export async function updateRealtimeConfig(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  changes: UpdateRealtimeConfigBody,
): Promise<RealtimeConfig> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'project.settings:write', REALTIME_MESSAGES.settingsForbidden);
  const settings = await realtimeSettings.update(ctx.db, ref, changes);
  cache.delete(ref);
  return settings;
}
