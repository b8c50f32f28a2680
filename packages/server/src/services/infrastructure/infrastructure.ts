/** What a project runs on (/platform/projects/{ref}/infrastructure), measured on its instance. */
import { defaultVersion, versionOption } from '@basin/core';
import type { InfrastructureResponse } from '@basin/core/schemas';
import { isOlderMinor, newestInstalled, readServerFacts, type ServerFacts } from '../../instances/server-facts.ts';
import * as disks from '../../store/disks.ts';
import type { ProjectRow } from '../../store/projects.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { type DiskUsage, measureAndEnforce } from './disk-usage.ts';
import { instanceSpec } from '../projects/project-instance.ts';

const ADMIN_TIMEOUT_MS = 5_000;

interface Measured {
  facts: ServerFacts;
  usage: DiskUsage;
}

/** The instance's own settings and disk use; undefined while it is not running (or does not answer). */
async function measure(ctx: PlatformContext, row: ProjectRow): Promise<Measured | undefined> {
  if (row.status !== 'ACTIVE_HEALTHY' || row.port === null) return undefined;
  try {
    const facts = await ctx.driver.adminSession(instanceSpec(row, ctx.box), ADMIN_TIMEOUT_MS, readServerFacts);
    const usage = await measureAndEnforce(ctx, row);
    return { facts, usage };
  } catch (err) {
    ctx.logger.warn({ err, ref: row.ref }, 'infrastructure not measured');
    return undefined;
  }
}

/** The major the general settings' upgrade card offers: the default of the installed majors above the project's. */
function upgradeTargetMajor(ctx: PlatformContext, current: string): string | null {
  const newer = ctx.driver
    .availableMajors()
    .filter(({ major }) => Number(major) > Number(current))
    .map(({ major, version }) => versionOption(major, version));
  return defaultVersion(newer)?.postgres_engine ?? null;
}

/** Any member may read it. */
export async function infrastructure(ctx: PlatformContext, ref: string, userId: string): Promise<InfrastructureResponse> {
  const row = await requireProject(ctx.db, ref, userId);
  requirePermission(row.role, 'projects:read');
  const measured = await measure(ctx, row);
  // The measured disk has grown if this measure made it grow.
  const disk = measured?.usage.disk ?? (await disks.find(ctx.db, row.id));
  const facts = measured?.facts;
  const installed = newestInstalled(ctx.driver, row.postgres_major) ?? null;
  const target = upgradeTargetMajor(ctx, row.postgres_major);
  return {
    running: measured !== undefined,
    postgres: {
      major: row.postgres_major,
      server_version: facts?.serverVersion ?? null,
      server_version_num: facts?.serverVersionNum ?? null,
      newest_installed: installed,
      newer_minor_installed: Boolean(facts && installed && isOlderMinor(facts.serverVersionNum, installed)),
      upgrade_target_major: target,
      upgrade_blocker: target === null ? null : ((await ctx.driver.upgradeBlocker(row.postgres_major)) ?? null),
    },
    network: {
      listen_addresses: facts?.listenAddresses ?? null,
      port: facts?.port ?? null,
      ssl: facts?.ssl ?? null,
    },
    compute_size: row.compute_size,
    disk: {
      type: disk.attributes.type,
      size_gb: disk.attributes.size_gb,
      used_bytes: measured?.usage.usedBytes ?? null,
      database_bytes: measured?.usage.databaseBytes ?? null,
      storage_bytes: measured?.usage.storageBytes ?? null,
      pitr_bytes: measured?.usage.pitrBytes ?? null,
    },
  };
}
