import { z } from 'zod';
import { PITR_MESSAGES } from '../pitr-messages.ts';

/** One physical backup a member can download (GET .../backups/downloadable-backups). */
export const DownloadableBackup = z
  .object({
    id: z.number().int(),
    isPhysicalBackup: z.literal(true),
    inserted_at: z.string(),
    status: z.literal('COMPLETED'),
  })
  .meta({ id: 'DownloadableBackup' });
export type DownloadableBackup = z.infer<typeof DownloadableBackup>;

export const DownloadableBackupsResponse = z
  .object({ backups: z.array(DownloadableBackup), status: z.literal('physical-backups-enabled') })
  .meta({ id: 'DownloadableBackupsResponse' });
export type DownloadableBackupsResponse = z.infer<typeof DownloadableBackupsResponse>;

export const DownloadBackupBody = z
  .object({ id: z.number('Choose a backup to download').int().positive() })
  .meta({ id: 'DownloadBackupBody' });
export type DownloadBackupBody = z.infer<typeof DownloadBackupBody>;

/** A path on the platform, signed and valid for minutes, that answers the .tar.gz without a session. */
export const DownloadBackupResponse = z.object({ fileUrl: z.string() }).meta({ id: 'DownloadBackupResponse' });
export type DownloadBackupResponse = z.infer<typeof DownloadBackupResponse>;

/**
 * GET /platform/projects/{ref}/pause/status. For a project that is not paused: can_restore
 * false (nothing to restore) and the full number of days.
 */
export const PauseStatusResponse = z
  .object({
    can_restore: z.boolean(),
    latest_downloadable_backup_id: z.number().int().nullable(),
    max_days_till_restore_disabled: z.number().int(),
    remaining_days_till_restore_disabled: z.number().int(),
  })
  .meta({ id: 'PauseStatusResponse' });
export type PauseStatusResponse = z.infer<typeof PauseStatusResponse>;

/** A restore of the project to a point in time (POST .../backups/pitr), with its progress. */
export const PitrRestore = z
  .object({
    id: z.number().int(),
    /** The second restored to (ISO 8601). */
    target_time: z.string(),
    status: z.enum(['RUNNING', 'COMPLETED', 'FAILED']),
    /** The step it is on or ended on, in words (PITR_RESTORE_STEPS). */
    step: z.string(),
    error: z.string().nullable(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'PitrRestore' });
export type PitrRestore = z.infer<typeof PitrRestore>;

/**
 * GET /platform/database/{ref}/backups/pitr: whether the project archives its WAL, and the
 * window of seconds it can be restored (or branched) to: null bounds while there is none yet
 * (no base backup has completed since archiving began).
 */
export const PitrStatusResponse = z
  .object({
    pitr_enabled: z.boolean(),
    retention_days: z.number().int().nullable(),
    earliest_recoverable_at: z.string().nullable(),
    latest_recoverable_at: z.string().nullable(),
    /** Bytes of archived WAL; null where the driver cannot tell (an object store). */
    archive_bytes: z.number().nullable(),
    /** The server's last attempt to archive a segment failed (it keeps trying). */
    archiving_failing: z.boolean(),
    latest_restore: PitrRestore.nullable(),
  })
  .meta({ id: 'PitrStatusResponse' });
export type PitrStatusResponse = z.infer<typeof PitrStatusResponse>;

/** The second to restore to, as the Supabase CLI sends it. */
export const RestorePitrBody = z
  .object({
    recovery_time_target_unix: z
      .number(PITR_MESSAGES.targetRequired)
      .int(PITR_MESSAGES.targetRequired)
      .positive(PITR_MESSAGES.targetRequired),
  })
  .meta({ id: 'RestorePitrBody' });
export type RestorePitrBody = z.infer<typeof RestorePitrBody>;

/** GET /v1/projects/{ref}/database/backups, as the management API answers it. */
export const V1BackupsResponse = z
  .object({
    region: z.string(),
    walg_enabled: z.boolean(),
    pitr_enabled: z.boolean(),
    backups: z.array(
      z.object({
        is_physical_backup: z.boolean(),
        status: z.enum(['COMPLETED', 'FAILED', 'PENDING', 'REMOVED', 'ARCHIVED', 'CANCELLED']),
        inserted_at: z.string(),
      }),
    ),
    physical_backup_data: z.object({
      earliest_physical_backup_date_unix: z.number().int().optional(),
      latest_physical_backup_date_unix: z.number().int().optional(),
    }),
  })
  .meta({ id: 'V1BackupsResponse' });
export type V1BackupsResponse = z.infer<typeof V1BackupsResponse>;
