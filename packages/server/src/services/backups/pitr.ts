/**
 * Point-in-time recovery (the `pitr` add-on): while it is on, the project's instance archives its
 * WAL (the driver's walArchive settings) and a base backup (a backup of kind `pitr`) is taken when
 * archiving begins and every day after. Any second from the first base backup of the current
 * history (or the retention window's start, if later) until now can then be restored, in place
 * (restoreToPoint, a lifecycle job) or into a new preview branch.
 *
 * A history is the WAL of one timeline of the instance: it begins when PITR is turned on, and
 * again after each restore (which starts a new timeline), since base backups of the old one cannot
 * reach seconds of the new one. Retention keeps the newest base backup at or before the window's
 * start and everything after it, and the WAL those need.
 */
import { LIFECYCLE_MESSAGES, PITR_MESSAGES, PROJECT_OPERATIONS } from '@basin/core';
import type { PitrRestore, PitrStatusResponse, RestorePitrBody, V1BackupsResponse } from '@basin/core/schemas';
import { badRequest, conflict } from '../../kernel/errors.ts';
import { enqueueProjectJob } from '../../kernel/project-jobs.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { transaction } from '../../store/db.ts';
import { listCompleted } from '../../store/backups.ts';
import * as lifecycle from '../../store/lifecycle.ts';
import * as store from '../../store/pitr.ts';
import type { ProjectRow } from '../../store/projects.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import { instanceSpec } from '../projects/project-instance.ts';
import { backupFile, deleteBackupFiles, takeBackup } from './backups.ts';

const DAY_MS = 86_400_000;
/** File times and the clock may disagree by a little: WAL is kept this much longer than its base backup needs. */
const PRUNE_MARGIN_MS = 60_000;
/** A restore replays up to a day of WAL: its job may run for a long while before pg-boss calls it lost. */
export const RESTORE_JOB_EXPIRY_SECONDS = 6 * 3600;

export interface RecoverableWindow {
  earliest: Date;
  latest: Date;
}

const wholeSecondUp = (time: Date) => new Date(Math.ceil(time.getTime() / 1000) * 1000);
const wholeSecondDown = (time: Date) => new Date(Math.floor(time.getTime() / 1000) * 1000);

/**
 * The seconds the project can be recovered to now: none while PITR is off or its first base
 * backup runs. The latest second is now while the running server archives without failing;
 * otherwise the last segment it archived.
 */
export async function recoverableWindow(ctx: PlatformContext, row: ProjectRow): Promise<RecoverableWindow | null> {
  if (row.pitr_retention_days === null || row.port === null) return null;
  const bases = await store.baseBackups(ctx.db, row.ref);
  if (!bases.length) return null;
  const status = await ctx.driver.walArchiveStatus(instanceSpec(row, ctx.box));
  const live = row.status === 'ACTIVE_HEALTHY' && !status.failing;
  const latest = live ? new Date() : status.lastArchivedAt;
  const retentionStart = new Date(Date.now() - row.pitr_retention_days * DAY_MS);
  const earliest = new Date(Math.max(bases[0]!.completed_at.getTime(), retentionStart.getTime()));
  if (!latest) return null;
  const window = { earliest: wholeSecondUp(earliest), latest: wholeSecondDown(latest) };
  return window.latest < window.earliest ? null : window; // a base backup that completed less than a second ago
}

/** The second a member asked for, checked against the project's window (400s in the user's words). */
export async function pointInWindow(ctx: PlatformContext, row: ProjectRow, unixSeconds: number): Promise<Date> {
  if (row.pitr_retention_days === null) throw badRequest(PITR_MESSAGES.notEnabled);
  const window = await recoverableWindow(ctx, row);
  if (!window) throw badRequest(PITR_MESSAGES.noWindowYet);
  const target = new Date(unixSeconds * 1000);
  if (target < window.earliest || target > window.latest) {
    throw badRequest(PITR_MESSAGES.outsideWindow(window.earliest.toISOString(), window.latest.toISOString()));
  }
  return target;
}

/** The file of the newest base backup of the current history that completed by `target`. */
export async function baseBackupFor(ctx: PlatformContext, ref: string, target: Date): Promise<string> {
  const base = (await store.baseBackups(ctx.db, ref)).filter((backup) => backup.completed_at <= target).at(-1);
  if (!base) throw new Error(`No base backup of ${ref} completed by ${target.toISOString()}`);
  return backupFile(ctx, ref, base.id);
}

/** A base backup of the project's current history, then retention applied. */
export async function takeBaseBackup(ctx: PlatformContext, row: ProjectRow): Promise<void> {
  await takeBackup(ctx, row, 'pitr');
  await applyRetention(ctx, row);
}

/**
 * After a restart, the base backups follow the add-on: the first of a new history is taken when
 * PITR is on and has none; when it is off, whatever it kept is deleted.
 */
export async function settlePitr(ctx: PlatformContext, row: ProjectRow): Promise<void> {
  if (row.pitr_retention_days === null) await applyRetention(ctx, row);
  else if (!(await store.baseBackups(ctx.db, row.ref)).length) await takeBaseBackup(ctx, row);
}

/**
 * Deletes the base backups and archived WAL no recoverable second needs: all of them once PITR
 * is off, else those before the newest base backup at or before the window's start.
 */
export async function applyRetention(ctx: PlatformContext, row: Pick<ProjectRow, 'ref' | 'pitr_retention_days'>): Promise<void> {
  const days = row.pitr_retention_days;
  const bases = days === null ? [] : await store.baseBackups(ctx.db, row.ref);
  const windowStart = Date.now() - (days ?? 0) * DAY_MS;
  const kept = bases.filter((base) => base.completed_at.getTime() <= windowStart).at(-1) ?? bases[0];
  if (days !== null && !kept) return; // the first base backup of this history still runs: nothing is known unneeded yet
  await deleteBackupFiles(ctx, row.ref, await store.deleteUnneededBases(ctx.db, row.ref, kept?.id ?? null));
  const before = kept ? new Date(kept.inserted_at.getTime() - PRUNE_MARGIN_MS) : new Date(Date.now() + DAY_MS);
  await ctx.driver.pruneWalArchive(row.ref, before);
}

const toRestore = (row: store.PitrRestoreRow): PitrRestore => ({
  id: row.id,
  target_time: row.target_time.toISOString(),
  status: row.status,
  step: row.step,
  error: row.error,
  created_at: row.created_at.toISOString(),
  completed_at: row.completed_at?.toISOString() ?? null,
});

/** Every member may see the window and the last restore. */
export async function pitrStatus(ctx: PlatformContext, ref: string, userId: string): Promise<PitrStatusResponse> {
  const row = await requireProject(ctx.db, ref, userId);
  requirePermission(row.role, 'backups:read');
  const [window, archive, restore] = await Promise.all([
    recoverableWindow(ctx, row),
    row.pitr_retention_days === null || row.port === null ? undefined : ctx.driver.walArchiveStatus(instanceSpec(row, ctx.box)),
    store.latestRestore(ctx.db, ref),
  ]);
  return {
    pitr_enabled: row.pitr_retention_days !== null,
    retention_days: row.pitr_retention_days,
    earliest_recoverable_at: window?.earliest.toISOString() ?? null,
    latest_recoverable_at: window?.latest.toISOString() ?? null,
    archive_bytes: archive?.bytes ?? null,
    archiving_failing: archive?.failing ?? false,
    latest_restore: restore ? toRestore(restore) : null,
  };
}

/** Starts a restore of the project in place to the second asked for (RESTORING until the job ends). */
export async function restoreToPoint(ctx: PlatformContext, ref: string, userId: string, body: RestorePitrBody): Promise<PitrRestore> {
  const row = await requireProject(ctx.db, ref, userId);
  requirePermission(row.role, 'infra.lifecycle:execute', PITR_MESSAGES.restoreForbidden);
  const notHealthy = conflict(LIFECYCLE_MESSAGES.notHealthy('restore it to a point in time', row.status));
  if (row.status !== 'ACTIVE_HEALTHY') throw notHealthy;
  const target = await pointInWindow(ctx, row, body.recovery_time_target_unix);
  const { from, pending, queue } = PROJECT_OPERATIONS.restoreToPoint;
  const restore = await transaction(ctx.db, async (client) => {
    if (!(await lifecycle.transition(client, ref, from, pending))) throw notHealthy;
    return store.insertRestore(client, ref, target, 'Queued');
  });
  await enqueueProjectJob(ctx, queue, { ref }, { expireInSeconds: RESTORE_JOB_EXPIRY_SECONDS });
  return toRestore(restore);
}

const unixSeconds = (time: Date) => Math.floor(time.getTime() / 1000);

/** GET /v1/projects/{ref}/database/backups: the backups and the PITR window as the management API reports them. */
export async function backupsOverview(ctx: PlatformContext, ref: string, userId: string): Promise<V1BackupsResponse> {
  const row = await requireProject(ctx.db, ref, userId);
  requirePermission(row.role, 'backups:read');
  const [backups, window] = await Promise.all([listCompleted(ctx.db, ref), recoverableWindow(ctx, row)]);
  return {
    region: row.region,
    walg_enabled: true, // every backup is a physical one
    pitr_enabled: row.pitr_retention_days !== null,
    backups: backups.map((backup) => ({ is_physical_backup: true, status: 'COMPLETED', inserted_at: backup.inserted_at.toISOString() })),
    physical_backup_data: window
      ? { earliest_physical_backup_date_unix: unixSeconds(window.earliest), latest_physical_backup_date_unix: unixSeconds(window.latest) }
      : {},
  };
}
