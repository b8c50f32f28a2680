import type { TelemetryEventBody, TrackFeatureFlagBody } from '@basin/core/schemas';
import { badRequest } from '../../kernel/errors.ts';
import type { Db } from '../../store/db.ts';
import * as events from '../../store/telemetry-events.ts';
import { requireOrganization, requireProject } from '../organizations/access.ts';

/**
 * Usage telemetry kept in the platform's own database (telemetry_events), never sent anywhere:
 * the usage events of spec part 2 §7 and the feature flags the dashboard read. Count them with
 * SQL, e.g. `select event, count(*) from telemetry_events group by event`.
 */
export const TELEMETRY_RETENTION_DAYS = 90;
/** The event a feature-flag track is stored as. */
export const FEATURE_FLAG_EVENT = 'feature_flag_called';

const PRUNE_EVERY_MS = 60 * 60 * 1000;
let lastPruned = 0;

async function store(db: Db, row: events.TelemetryEventRow): Promise<void> {
  await events.insert(db, row);
  if (Date.now() - lastPruned > PRUNE_EVERY_MS) {
    lastPruned = Date.now();
    await events.removeOlderThan(db, TELEMETRY_RETENTION_DAYS);
  }
}

/**
 * Records a usage event with the user and, when given, the organization and project it happened
 * in; those must be the user's own (404 otherwise), and a project must belong to the organization named.
 */
export async function recordEvent(db: Db, userId: string, body: TelemetryEventBody): Promise<void> {
  const { organization: slug, project: ref } = body.groups ?? {};
  let organizationId: number | null = null;
  if (ref) {
    const project = await requireProject(db, ref, userId);
    if (slug && project.organization_slug !== slug) throw badRequest('The project is not in this organization');
    organizationId = project.organization_id;
  } else if (slug) {
    organizationId = (await requireOrganization(db, slug, userId)).id;
  }
  await store(db, {
    event: body.action,
    user_id: userId,
    organization_id: organizationId,
    project_ref: ref ?? null,
    properties: body.properties ?? {},
  });
}

/** Spec part 2 §7 `POST /platform/telemetry/feature-flags/track`: a flag the dashboard read, with its value. */
export async function recordFeatureFlag(db: Db, userId: string, body: TrackFeatureFlagBody): Promise<void> {
  await store(db, {
    event: FEATURE_FLAG_EVENT,
    user_id: userId,
    organization_id: null,
    project_ref: null,
    properties: { feature_flag_name: body.feature_flag_name, feature_flag_value: body.feature_flag_value },
  });
}
