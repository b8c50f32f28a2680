import { UPGRADE_COMPLETED, upgradeProgress, UPGRADE_STEPS, type UpgradeStatus } from '@basin/core';
import type { Queryable } from './db.ts';

export interface UpgradeRow {
  tracking_id: string;
  project_ref: string;
  target_version: string;
  status: UpgradeStatus;
  progress: string;
  error: string | null;
  initiated_at: Date;
  completed_at: Date | null;
}

const COLUMNS = 'tracking_id, project_ref, target_version, status, progress, error, initiated_at, completed_at';

export async function insert(db: Queryable, trackingId: string, ref: string, targetVersion: string): Promise<void> {
  await db.query(
    `insert into project_upgrades (tracking_id, project_ref, target_version, status, progress) values ($1, $2, $3, 'Upgrading', $4)`,
    [trackingId, ref, targetVersion, upgradeProgress(UPGRADE_STEPS[0])],
  );
}

/** The upgrade a project's job is running (at most one). */
export async function findRunning(db: Queryable, ref: string): Promise<UpgradeRow | undefined> {
  const { rows } = await db.query<UpgradeRow>(`select ${COLUMNS} from project_upgrades where project_ref = $1 and status = 'Upgrading'`, [
    ref,
  ]);
  return rows[0];
}

export async function find(db: Queryable, ref: string, trackingId: string): Promise<UpgradeRow | undefined> {
  const { rows } = await db.query<UpgradeRow>(`select ${COLUMNS} from project_upgrades where project_ref = $1 and tracking_id = $2`, [
    ref,
    trackingId,
  ]);
  return rows[0];
}

export async function latest(db: Queryable, ref: string): Promise<UpgradeRow | undefined> {
  const { rows } = await db.query<UpgradeRow>(
    `select ${COLUMNS} from project_upgrades where project_ref = $1 order by initiated_at desc limit 1`,
    [ref],
  );
  return rows[0];
}

export async function setProgress(db: Queryable, trackingId: string, progress: string): Promise<void> {
  await db.query('update project_upgrades set progress = $2 where tracking_id = $1', [trackingId, progress]);
}

export async function markUpgraded(db: Queryable, trackingId: string): Promise<void> {
  await db.query(
    `update project_upgrades set status = 'Upgraded', progress = $2, error = null, completed_at = now() where tracking_id = $1`,
    [trackingId, upgradeProgress(UPGRADE_COMPLETED)],
  );
}

export async function markFailed(db: Queryable, trackingId: string, error: string): Promise<void> {
  await db.query(`update project_upgrades set status = 'Failed', error = $2, completed_at = now() where tracking_id = $1`, [
    trackingId,
    error,
  ]);
}
