/**
 * The data move shared by the upgrade job and a restore onto a newer major: settles whatever a
 * crash left, runs the driver's upgrade with its progress recorded step by step, and records the
 * new major once the instance serves it.
 */
import { UPGRADE_COMPLETED, UPGRADE_STEPS, upgradeProgress } from '@basin/core';
import type { PostgresMajor } from '../instances/types.ts';
import { takeBackup } from '../services/backups/backups.ts';
import { takeBaseBackup } from '../services/backups/pitr.ts';
import * as pitr from '../store/pitr.ts';
import type { PlatformContext } from '../kernel/context.ts';
import { holdFault, injectFault } from '../kernel/faults.ts';
import { instanceSpec } from '../services/projects/project-instance.ts';
import { transaction } from '../store/db.ts';
import * as lifecycle from '../store/lifecycle.ts';
import * as projects from '../store/projects.ts';
import type { ProjectRow } from '../store/projects.ts';
import * as upgrades from '../store/upgrades.ts';

/**
 * Fault injection names the operation: 'upgrade:5' fails an upgrade at step 5, 'restore:5' a
 * restore onto a newer major; 'upgrade:5:hold' holds it there once step 5 is recorded.
 */
export type MoveOperation = 'upgrade' | 'restore';

export async function moveToMajor(
  ctx: PlatformContext,
  row: ProjectRow,
  upgrade: upgrades.UpgradeRow,
  operation: MoveOperation,
): Promise<void> {
  const target = upgrade.target_version as PostgresMajor;
  const spec = instanceSpec(row, ctx.box);
  if ((await ctx.driver.settleUpgrade(row.ref)) === target) {
    // Cut off after the swap: the new major holds the data already.
    await ctx.driver.start({ ...spec, major: target });
  } else {
    await ctx.driver.upgrade(spec, target, async (step) => {
      await upgrades.setProgress(ctx.db, upgrade.tracking_id, upgradeProgress(step));
      const number = String(UPGRADE_STEPS.indexOf(step) + 1);
      injectFault(ctx, operation, number);
      await holdFault(ctx, operation, number);
    });
  }
  await recordUpgraded(ctx, row.ref, upgrade);
}

/**
 * The new major serves the data now. As on the hosted platform, a full backup of it follows while
 * the upgrade reports completed_upgrade; only then is it Upgraded and the project healthy. A
 * backup that fails is logged, not a failed upgrade: the data has moved and is served.
 */
async function recordUpgraded(ctx: PlatformContext, ref: string, upgrade: upgrades.UpgradeRow): Promise<void> {
  const installed = ctx.driver.availableMajors().find(({ major }) => major === upgrade.target_version);
  await transaction(ctx.db, async (client) => {
    await lifecycle.setPostgresVersion(client, ref, upgrade.target_version, installed?.version ?? upgrade.target_version);
    await upgrades.setProgress(client, upgrade.tracking_id, upgradeProgress(UPGRADE_COMPLETED));
  });
  // With PITR on, the new major's WAL is a new history (restartHistory changes nothing otherwise),
  // whose first base backup is the upgrade's backup.
  await pitr.restartHistory(ctx.db, ref);
  const row = await projects.findByRef(ctx.db, ref);
  if (row)
    await (row.pitr_retention_days === null ? takeBackup(ctx, row, 'upgrade') : takeBaseBackup(ctx, row)).catch((error: unknown) =>
      ctx.logger.warn({ ref, reason: String(error) }, 'backup after upgrade failed'),
    );
  await transaction(ctx.db, async (client) => {
    await upgrades.markUpgraded(client, upgrade.tracking_id);
    await lifecycle.markHealthy(client, ref);
  });
}

/**
 * After the last attempt failed: the running upgrade (if any) is marked Failed and the old data is
 * back in place, stopped or running as the attempt left it. Answers 'upgraded' in the one case
 * where the data had moved before the failure was reported: then that is recorded instead.
 */
export async function settleFailedMove(ctx: PlatformContext, ref: string, reason: string): Promise<'upgraded' | 'old data'> {
  const upgrade = await upgrades.findRunning(ctx.db, ref);
  const onDisk = await ctx.driver.settleUpgrade(ref);
  if (upgrade && onDisk === upgrade.target_version) {
    await recordUpgraded(ctx, ref, upgrade);
    return 'upgraded';
  }
  if (upgrade) await upgrades.markFailed(ctx.db, upgrade.tracking_id, reason);
  return 'old data';
}
