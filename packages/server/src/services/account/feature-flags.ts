import { parseFeatureFlagList, resolveFeatureFlags, type FeatureFlagName, type FeatureFlags } from '@basin/core';
import type { Db } from '../../store/db.ts';
import * as store from '../../store/feature-flags.ts';
import { requireOrganization, requirePermission } from '../organizations/access.ts';

/**
 * Feature flags: core's defaults, then the install's BASIN_FEATURE_FLAGS (`flagA=true,flagB=false`),
 * then the organization's rows in organization_feature_flags. The environment is read as the
 * platform starts (`loadInstallFeatureFlags` in startPlatform), and a bad value stops the start.
 */
let installOverrides: Partial<FeatureFlags> | undefined;

export function loadInstallFeatureFlags(env: NodeJS.ProcessEnv = process.env): Partial<FeatureFlags> {
  try {
    installOverrides = parseFeatureFlagList(env.BASIN_FEATURE_FLAGS);
  } catch (error) {
    throw new Error(`BASIN_FEATURE_FLAGS: ${(error as Error).message}`);
  }
  return installOverrides;
}

/** The flags of the install, before any organization's own. */
export function installFeatureFlags(): FeatureFlags {
  return resolveFeatureFlags(installOverrides ?? loadInstallFeatureFlags());
}

/** The flags in force for one organization, by its id (for services that already checked membership). */
export async function organizationFeatureFlags(db: Db, organizationId: number): Promise<FeatureFlags> {
  return resolveFeatureFlags(installOverrides ?? loadInstallFeatureFlags(), await store.organizationOverrides(db, organizationId));
}

export async function isFeatureEnabled(db: Db, organizationId: number, name: FeatureFlagName): Promise<boolean> {
  return (await organizationFeatureFlags(db, organizationId))[name];
}

/** `GET /platform/organizations/{slug}/feature-flags`: any member reads them; others get 404. */
export async function getOrganizationFeatureFlags(db: Db, slug: string, userId: string): Promise<FeatureFlags> {
  const membership = await requireOrganization(db, slug, userId);
  requirePermission(membership.role, 'organizations:read');
  return organizationFeatureFlags(db, membership.id);
}
