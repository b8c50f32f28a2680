import { isFeatureFlagName, type FeatureFlags } from '@basin/core';
import type { Queryable } from './db.ts';

/** The flags one organization overrides (organization_feature_flags); rows naming no known flag are ignored. */
export async function organizationOverrides(db: Queryable, organizationId: number): Promise<Partial<FeatureFlags>> {
  const { rows } = await db.query<{ name: string; enabled: boolean }>(
    'select name, enabled from organization_feature_flags where organization_id = $1',
    [organizationId],
  );
  const overrides: Partial<FeatureFlags> = {};
  for (const row of rows) if (isFeatureFlagName(row.name)) overrides[row.name] = row.enabled;
  return overrides;
}

/** Sets one organization's override of a flag (the operator's SQL does the same; tests use this). */
export async function setOrganizationOverride(
  db: Queryable,
  organizationId: number,
  name: keyof FeatureFlags,
  enabled: boolean,
): Promise<void> {
  await db.query(
    `insert into organization_feature_flags (organization_id, name, enabled) values ($1, $2, $3)
     on conflict (organization_id, name) do update set enabled = excluded.enabled, updated_at = now()`,
    [organizationId, name, enabled],
  );
}
