import { BACKUP_MESSAGES } from '@basin/core';
import type { DownloadableBackupsResponse, DownloadBackupResponse } from '@basin/core/schemas';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { forbidden, HttpError, notFound } from '../../kernel/errors.ts';
import * as store from '../../store/backups.ts';
import { findForUser, type ProjectRow } from '../../store/projects.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import { snapshotStoredFiles } from './backup-files.ts';
import { checkBackupLink, signedBackupPath } from './backup-links.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { instanceSpec } from '../projects/project-instance.ts';

/** Completed backups kept per project and kind (scheduled, pause); older ones are deleted. */
export const BACKUPS_KEPT_PER_KIND = 7;

const backupsDir = (ctx: PlatformContext, ref: string) => path.join(ctx.config.dataDir, 'backups', ref);
export const backupFile = (ctx: PlatformContext, ref: string, id: number) => path.join(backupsDir(ctx, ref), `${id}.tar.gz`);
/** Where the archive is written until it is whole: a listed backup always has its full file. */
const partialFile = (ctx: PlatformContext, ref: string, id: number) => `${backupFile(ctx, ref, id)}.partial`;
/** Where the snapshot of the project's stored files is linked until it is archived. */
const filesStaging = (partial: string) => `${partial}.files`;

/**
 * Takes a backup of the project's instance (the driver's: on the embedded driver a physical copy),
 * running or stopped, as `<data dir>/backups/<ref>/<id>.tar.gz`, with the project's stored files
 * as they were when the database's copy ended under `basin_storage/` (backup-files.ts). The row is RUNNING while the archive is written, then
 * COMPLETED with its size, or FAILED (and no file) when something went wrong. The caller keeps
 * lifecycle operations of the project away meanwhile (the job's ref lock).
 */
export async function takeBackup(ctx: PlatformContext, row: ProjectRow, kind: store.BackupKind): Promise<store.BackupRow> {
  const backup = await store.insertRunning(ctx.db, row.ref, kind);
  const partial = partialFile(ctx, row.ref, backup.id);
  const started = performance.now();
  try {
    await mkdir(backupsDir(ctx, row.ref), { recursive: true, mode: 0o700 });
    const withFiles = () => snapshotStoredFiles(ctx, row.ref, filesStaging(partial));
    await ctx.driver.backup(instanceSpec(row, ctx.box), partial, withFiles);
    await rename(partial, backupFile(ctx, row.ref, backup.id));
  } catch (error) {
    await rm(partial, { force: true });
    await store.markFailed(ctx.db, backup.id);
    throw error;
  } finally {
    await rm(filesStaging(partial), { recursive: true, force: true });
  }
  const { size } = await stat(backupFile(ctx, row.ref, backup.id));
  await store.markCompleted(ctx.db, backup.id, size);
  ctx.logger.info({ ref: row.ref, id: backup.id, kind, bytes: size, ms: Math.round(performance.now() - started) }, 'backup taken');
  if (kind !== 'pitr') await deleteOldBackups(ctx, row.ref, kind); // base backups follow their window (pitr.ts)
  return { ...backup, status: 'COMPLETED', size_bytes: size };
}

async function deleteOldBackups(ctx: PlatformContext, ref: string, kind: store.BackupKind): Promise<void> {
  await deleteBackupFiles(ctx, ref, await store.deleteBeyond(ctx.db, ref, kind, BACKUPS_KEPT_PER_KIND));
}

/** The files of backups whose rows are gone. */
export async function deleteBackupFiles(ctx: PlatformContext, ref: string, ids: number[]): Promise<void> {
  await Promise.all(ids.map((id) => rm(backupFile(ctx, ref, id), { force: true })));
}

/** Every backup of the project, rows and files: part of deleting a project. */
export async function removeProjectBackups(ctx: PlatformContext, ref: string): Promise<void> {
  await store.deleteForProject(ctx.db, ref);
  await rm(backupsDir(ctx, ref), { recursive: true, force: true });
}

/**
 * Backups left RUNNING by a platform that stopped mid-way never complete: marked FAILED and their
 * partial files removed. Run at start, before any job can begin a new backup.
 */
export async function failInterruptedBackups(ctx: PlatformContext): Promise<void> {
  for (const { id, project_ref: ref } of await store.failInterrupted(ctx.db)) {
    await rm(partialFile(ctx, ref, id), { force: true });
    await rm(`${partialFile(ctx, ref, id)}.staging`, { recursive: true, force: true });
    await rm(filesStaging(partialFile(ctx, ref, id)), { recursive: true, force: true });
    ctx.logger.warn({ ref, id }, 'backup interrupted by a platform stop marked failed');
  }
}

export async function listDownloadableBackups(ctx: PlatformContext, ref: string, userId: string): Promise<DownloadableBackupsResponse> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'backups:read');
  const backups = await store.listCompleted(ctx.db, ref);
  return {
    backups: backups.map((b) => ({ id: b.id, isPhysicalBackup: true, inserted_at: b.inserted_at.toISOString(), status: 'COMPLETED' })),
    status: 'physical-backups-enabled',
  };
}

/** A signed link to one completed backup of the project, for this member's session only. */
export async function backupDownloadLink(ctx: PlatformContext, ref: string, userId: string, id: number): Promise<DownloadBackupResponse> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'backups:download', BACKUP_MESSAGES.noDownloadPermission);
  const backups = await store.listCompleted(ctx.db, ref);
  if (!backups.length) throw new HttpError(404, BACKUP_MESSAGES.noBackups);
  if (!backups.some((b) => b.id === id)) throw notFound('Backup');
  return { fileUrl: signedBackupPath(ctx.box, ref, id, userId) };
}

export interface BackupDownload {
  file: string;
  filename: string;
}

/**
 * The file behind a signed link, for the member it was made for who may still download backups:
 * 403 for a link that is not ours, not theirs or has expired, and for a member no longer allowed.
 */
export async function openSignedBackup(
  ctx: PlatformContext,
  userId: string,
  link: { ref: string; id: number; expires: string | undefined; signature: string | undefined },
): Promise<BackupDownload> {
  const check = checkBackupLink(ctx.box, { ...link, userId });
  if (check === 'invalid') throw forbidden(BACKUP_MESSAGES.linkInvalid);
  if (check === 'expired') throw forbidden(BACKUP_MESSAGES.linkExpired);
  // The signature is not the permission: a leaked platform secret signs links too.
  const project = await findForUser(ctx.db, link.ref, userId);
  if (!project) throw forbidden(BACKUP_MESSAGES.linkInvalid);
  requirePermission(project.role, 'backups:download', BACKUP_MESSAGES.noDownloadPermission);
  const backup = await store.findCompleted(ctx.db, link.ref, link.id);
  if (!backup) throw notFound('Backup');
  const day = backup.inserted_at.toISOString().slice(0, 10);
  return { file: backupFile(ctx, link.ref, link.id), filename: `${link.ref}-backup-${link.id}-${day}.tar.gz` };
}
