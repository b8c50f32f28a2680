import { z } from 'zod';

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
