import { z } from 'zod';
import { FEATURE_FLAG_NAMES, isFeatureFlagName, type FeatureFlagName } from '../rules/feature-flags.ts';
import { OrgSlug } from './common.ts';

/**
 * Feature flags and local usage telemetry (spec part 2 §7): the flags in force, the flag-track call
 * and the usage events. Events stay in the platform's own database; nothing goes to a third party.
 */

/** `GET /platform/feature-flags` and `GET /platform/organizations/{slug}/feature-flags`: every flag, on or off. */
export const FeatureFlagsResponse = z
  .object(Object.fromEntries(FEATURE_FLAG_NAMES.map((name) => [name, z.boolean()])) as Record<FeatureFlagName, z.ZodBoolean>)
  .meta({ id: 'FeatureFlags' });
export type FeatureFlagsResponse = z.infer<typeof FeatureFlagsResponse>;

/** Spec part 2 §7: the usage events the dashboard records. */
export const USAGE_EVENTS = [
  'assistant_prompt_submitted',
  'assistant_debug_submitted',
  'assistant_message_rating_submitted',
  'assistant_suggestion_run_query_clicked',
  'assistant_edit_in_sql_editor_clicked',
  'edge_function_deploy_button_clicked',
] as const;
export type UsageEvent = (typeof USAGE_EVENTS)[number];

const FlagName = z.string().refine(isFeatureFlagName, { error: (issue) => `Unknown feature flag: ${String(issue.input)}` });

/** Spec part 2 §7: `POST /platform/telemetry/feature-flags/track`, a flag the dashboard read and its value. */
export const TrackFeatureFlagBody = z
  .object({
    feature_flag_name: FlagName,
    feature_flag_value: z.union([z.boolean(), z.string().max(200), z.number(), z.null()]),
  })
  .meta({ id: 'TrackFeatureFlagBody' });
export type TrackFeatureFlagBody = z.infer<typeof TrackFeatureFlagBody>;

export const TELEMETRY_PROPERTIES_MAX = 20;
const PropertyValue = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);

/**
 * `POST /platform/telemetry/event` (Basin's shape; the spec lists the events only): the event, flat
 * properties, and the organization and project it happened in when there is one.
 */
export const TelemetryEventBody = z
  .object({
    action: z.enum(USAGE_EVENTS, { error: (issue) => `Unknown usage event: ${String(issue.input)}` }),
    properties: z
      .record(z.string().min(1).max(64), PropertyValue)
      .refine((properties) => Object.keys(properties).length <= TELEMETRY_PROPERTIES_MAX, `At most ${TELEMETRY_PROPERTIES_MAX} properties`)
      .optional(),
    groups: z
      .object({
        organization: OrgSlug.optional(),
        project: z.string().min(1).max(64).optional(),
      })
      .optional(),
  })
  .meta({ id: 'TelemetryEventBody' });
export type TelemetryEventBody = z.infer<typeof TelemetryEventBody>;
