import { z } from 'zod';
import { COMPUTE_SIZE_IDS } from '../rules/instance-settings.ts';

/**
 * GET /platform/projects/{ref}/infrastructure: what the project runs on. The fields measured on
 * the instance are null while it is not running (paused, restarting, ...).
 */
export const InfrastructureResponse = z
  .object({
    running: z.boolean(),
    postgres: z.object({
      /** The project's major, e.g. '17'. */
      major: z.string(),
      /** `show server_version` of the instance, e.g. '17.10'. */
      server_version: z.string().nullable(),
      /** `show server_version_num`, e.g. 170010. */
      server_version_num: z.number().int().nullable(),
      /** The installed server version of the project's major, e.g. '17.10.0': what a (re)start runs. Null when that major is no longer installed. */
      newest_installed: z.string().nullable(),
      /** The instance runs an older minor than newest_installed: a restart moves it onto that one. */
      newer_minor_installed: z.boolean(),
      /** The newest installed major above the project's, e.g. '17': a major upgrade (settings/general) moves the data there. */
      upgrade_target_major: z.string().nullable(),
      /** Why this platform cannot upgrade the project now (e.g. no pg_dump/psql installed); null when it can. */
      upgrade_blocker: z.string().nullable(),
    }),
    network: z.object({
      /** `show listen_addresses`: 127.0.0.1 for every Basin instance. */
      listen_addresses: z.string().nullable(),
      port: z.number().int().nullable(),
      /** `show ssl`: whether the server accepts SSL connections. */
      ssl: z.boolean().nullable(),
    }),
    compute_size: z.enum(COMPUTE_SIZE_IDS),
    disk: z.object({
      type: z.enum(['gp3', 'io2']),
      size_gb: z.number(),
      /** What the project takes, measured now: its databases and its stored files. Null while the instance is not running. */
      used_bytes: z.number().nullable(),
      /** Of used_bytes, the databases (sum of pg_database_size). */
      database_bytes: z.number().nullable(),
      /** Of used_bytes, the stored files (the sizes of storage.objects). */
      storage_bytes: z.number().nullable(),
      /** Of used_bytes, point-in-time recovery's archived WAL and base backups (0 while it is off). */
      pitr_bytes: z.number().nullable(),
    }),
  })
  .meta({ id: 'InfrastructureResponse' });
export type InfrastructureResponse = z.infer<typeof InfrastructureResponse>;
