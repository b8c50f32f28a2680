/** Major upgrades (/v1/projects/{ref}/upgrade): a healthy project goes UPGRADING and a job moves its data. */
import { randomUUID } from 'node:crypto';
import { LIFECYCLE_MESSAGES, PROJECT_OPERATIONS, VERSION_PREFIX } from '@basin/core';
import type { DatabaseUpgradeStatus, UpgradeProjectBody, UpgradeProjectResponse, UpgradeStatusResponse } from '@basin/core/schemas';
import { badRequest, conflict, notFound } from '../../kernel/errors.ts';
import type { PostgresMajor } from '../../instances/types.ts';
import { enqueueProjectJob } from '../../kernel/project-jobs.ts';
import { transaction } from '../../store/db.ts';
import * as lifecycle from '../../store/lifecycle.ts';
import * as upgrades from '../../store/upgrades.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';

/** The installed major named by '17', '17.10.0' or 'supabase-postgres-17.10.0', when newer than `current`; 400 otherwise. */
export function newerMajor(ctx: PlatformContext, current: string, requested: string): PostgresMajor {
  const major = new RegExp(`^(?:${VERSION_PREFIX})?(\\d+)(?:\\.|$)`).exec(requested)?.[1] ?? requested;
  const installed = ctx.driver.availableMajors().find((m) => m.major === major);
  if (!installed) throw badRequest(LIFECYCLE_MESSAGES.upgradeTargetUnknown(major));
  if (Number(installed.major) <= Number(current)) throw badRequest(LIFECYCLE_MESSAGES.upgradeTargetNotNewer(installed.major, current));
  return installed.major;
}

/** Refuses up front, with what to install, when this server cannot move the data. */
/**
 * Says once, at start, when this platform cannot move projects to a newer major (e.g. Debian's
 * postgresql-client is missing): the upgrade screens say it too, before anyone tries.
 */
export async function warnIfUpgradesBlocked(ctx: PlatformContext): Promise<void> {
  const majors = ctx.driver.availableMajors().map(({ major }) => major);
  const oldest = majors.sort((a, b) => Number(a) - Number(b))[0];
  if (!oldest || majors.length < 2) return;
  const blocker = await ctx.driver.upgradeBlocker(oldest);
  if (blocker) ctx.logger.warn({ from: oldest }, `Major upgrades are unavailable: ${blocker}`);
}

export async function checkUpgradePossible(ctx: PlatformContext, sourceMajor: PostgresMajor): Promise<void> {
  const blocker = await ctx.driver.upgradeBlocker(sourceMajor);
  if (blocker) throw badRequest(blocker);
}

export async function startUpgrade(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  body: UpgradeProjectBody,
): Promise<UpgradeProjectResponse> {
  const row = await requireProject(ctx.db, ref, userId);
  requirePermission(row.role, 'infra.lifecycle:execute', LIFECYCLE_MESSAGES.upgradeForbidden);
  const target = newerMajor(ctx, row.postgres_major, body.target_version);
  const busy = conflict(LIFECYCLE_MESSAGES.notHealthy('upgrade it', row.status));
  if (row.status !== 'ACTIVE_HEALTHY') throw busy;
  await checkUpgradePossible(ctx, row.postgres_major);

  const trackingId = randomUUID();
  await transaction(ctx.db, async (client) => {
    if (!(await lifecycle.transition(client, ref, PROJECT_OPERATIONS.upgrade.from, PROJECT_OPERATIONS.upgrade.pending))) throw busy;
    await upgrades.insert(client, trackingId, ref, target);
  });
  await enqueueProjectJob(ctx, PROJECT_OPERATIONS.upgrade.queue, { ref });
  return { tracking_id: trackingId };
}

function toUpgradeStatus(row: upgrades.UpgradeRow): DatabaseUpgradeStatus {
  return {
    tracking_id: row.tracking_id,
    initiated_at: row.initiated_at.toISOString(),
    status: row.status,
    progress: row.progress,
    target_version: row.target_version,
    error: row.error,
  };
}

export async function upgradeStatus(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  trackingId?: string,
): Promise<UpgradeStatusResponse> {
  const row = await requireProject(ctx.db, ref, userId);
  requirePermission(row.role, 'projects:read');
  const upgrade = trackingId ? await upgrades.find(ctx.db, ref, trackingId) : await upgrades.latest(ctx.db, ref);
  if (trackingId && !upgrade) throw notFound('Upgrade');
  return { databaseUpgradeStatus: upgrade ? toUpgradeStatus(upgrade) : null };
}
