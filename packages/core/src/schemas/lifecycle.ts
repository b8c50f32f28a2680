import { z } from 'zod';
import { LIFECYCLE_MESSAGES } from '../lifecycle-messages.ts';
import { COMPUTE_ADDON_IDS } from '../rules/addons.ts';
import { RELEASE_CHANNELS } from '../rules/postgres-versions.ts';
import { UPGRADE_STATUSES } from '../rules/upgrade-steps.ts';

/** Compute add-on variants are the size ids with the ci_ prefix (spec part 1 §3); the mapping lives in rules/addons. */
export { COMPUTE_ADDON_IDS, COMPUTE_ADDON_PREFIX, computeSizeOfAddon } from '../rules/addons.ts';

export const ResizeProjectBody = z
  .object({
    compute: z.enum(COMPUTE_ADDON_IDS, { error: (issue) => LIFECYCLE_MESSAGES.unknownComputeSize(String(issue.input ?? '')) }),
  })
  .meta({ id: 'ResizeProjectBody' });
export type ResizeProjectBody = z.infer<typeof ResizeProjectBody>;

/** Without postgres_engine (or with the project's own major) the paused instance simply starts again. */
export const RestoreProjectBody = z
  .object({
    postgres_engine: z.string().min(1).optional(),
    release_channel: z.enum(RELEASE_CHANNELS).optional(),
  })
  .meta({ id: 'RestoreProjectBody' });
export type RestoreProjectBody = z.infer<typeof RestoreProjectBody>;

/** target_version: a major ('17') or an installed version ('17.10.0', 'supabase-postgres-17.10.0'). */
export const UpgradeProjectBody = z
  .object({ target_version: z.string().trim().min(1, 'target_version is required') })
  .meta({ id: 'UpgradeProjectBody' });
export type UpgradeProjectBody = z.infer<typeof UpgradeProjectBody>;

export const UpgradeProjectResponse = z.object({ tracking_id: z.uuid() }).meta({ id: 'UpgradeProjectResponse' });
export type UpgradeProjectResponse = z.infer<typeof UpgradeProjectResponse>;

export const UpgradeStatusQuery = z.object({ tracking_id: z.uuid('tracking_id must be a UUID').optional() });

export const DatabaseUpgradeStatus = z
  .object({
    tracking_id: z.uuid(),
    initiated_at: z.string(),
    status: z.enum(UPGRADE_STATUSES),
    /** '<n>_<step>' as core's upgradeProgress writes it; '9_completed_upgrade' once done. */
    progress: z.string(),
    /** The major moved to, e.g. '17'. */
    target_version: z.string(),
    error: z.string().nullable(),
  })
  .meta({ id: 'DatabaseUpgradeStatus' });
export type DatabaseUpgradeStatus = z.infer<typeof DatabaseUpgradeStatus>;

/** The requested upgrade, else the latest one of the project; null when it never had one. */
export const UpgradeStatusResponse = z
  .object({ databaseUpgradeStatus: DatabaseUpgradeStatus.nullable() })
  .meta({ id: 'UpgradeStatusResponse' });
export type UpgradeStatusResponse = z.infer<typeof UpgradeStatusResponse>;

export const MemberAtFreeProjectLimit = z
  .object({ username: z.string(), primary_email: z.string(), free_project_limit: z.number().int() })
  .meta({ id: 'MemberAtFreeProjectLimit' });
export type MemberAtFreeProjectLimit = z.infer<typeof MemberAtFreeProjectLimit>;
