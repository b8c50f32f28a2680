import type { FeatureFlagName } from '@basin/core';
import type { UsageEvent } from '@basin/core/schemas';
import { api } from '../fetcher';

export type TelemetryValue = string | number | boolean | null;

/** Where the event happened (`orgSlug`, `projectRef`) and any flat properties besides. */
export interface TrackProps {
  orgSlug?: string;
  projectRef?: string;
  [property: string]: TelemetryValue | undefined;
}

function send(request: () => Promise<unknown>): void {
  try {
    request().catch(() => {});
  } catch {
    // Telemetry never breaks what the user is doing.
  }
}

/**
 * Records a usage event of spec part 2 §7 in Basin's own database (nothing goes to a third party).
 * Fire and forget: it never throws and never rejects.
 *
 * `track('assistant_prompt_submitted', { orgSlug, projectRef, model: 'gpt-5-mini' })`
 */
export function track(event: UsageEvent, { orgSlug, projectRef, ...rest }: TrackProps = {}): void {
  const properties = Object.fromEntries(Object.entries(rest).filter((entry): entry is [string, TelemetryValue] => entry[1] !== undefined));
  const groups = { ...(orgSlug && orgSlug !== '_' ? { organization: orgSlug } : {}), ...(projectRef ? { project: projectRef } : {}) };
  const body = {
    action: event,
    ...(Object.keys(properties).length ? { properties } : {}),
    ...(Object.keys(groups).length ? { groups } : {}),
  };
  send(() => api.POST('/api/platform/telemetry/event', { body }));
}

const trackedFlags = new Set<string>();

/** Spec part 2 §7 `POST /platform/telemetry/feature-flags/track`, once per flag and value a page load. */
export function trackFeatureFlag(name: FeatureFlagName, value: boolean): void {
  const key = `${name}=${value}`;
  if (trackedFlags.has(key)) return;
  trackedFlags.add(key);
  send(() => api.POST('/api/platform/telemetry/feature-flags/track', { body: { feature_flag_name: name, feature_flag_value: value } }));
}
