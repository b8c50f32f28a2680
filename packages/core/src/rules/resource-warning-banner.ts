/**
 * Which resource warning banner a project page shows (spec part 1 §2 "Banners"). Read-only mode
 * wins over everything; several resources at once give the 'multiple resources' banner at the
 * highest of their levels.
 */
import type { ResourceLevel } from './disk.ts';

export const WARNED_RESOURCES = ['disk_io', 'disk_space', 'cpu', 'memory', 'auth_email_rate_limit'] as const;
export type WarnedResource = (typeof WARNED_RESOURCES)[number];
export type BannerResource = WarnedResource | 'read_only' | 'multiple';

export type ResourceLevels = { is_readonly_mode_enabled: boolean } & Record<WarnedResource, ResourceLevel | null>;

export interface ResourceBanner {
  resource: BannerResource;
  level: ResourceLevel;
}

/** Pages about usage and infrastructure show their own numbers; only read-only mode is worth a banner there. */
const QUIET_UNLESS_READ_ONLY = [/\/usage$/, /\/infrastructure$/];
/** The page that fixes read-only mode needs no banner pointing at itself. */
const QUIET_WHEN_READ_ONLY = /\/settings\/compute-and-disk$/;

export function resourceBannerFor(warning: ResourceLevels | undefined, pathname: string): ResourceBanner | null {
  if (!warning) return null;
  const path = pathname.replace(/\/+$/, '');
  if (warning.is_readonly_mode_enabled) {
    return QUIET_WHEN_READ_ONLY.test(path) ? null : { resource: 'read_only', level: 'critical' };
  }
  if (QUIET_UNLESS_READ_ONLY.some((quiet) => quiet.test(path))) return null;
  const firing = WARNED_RESOURCES.filter((resource) => warning[resource] !== null);
  const first = firing[0];
  if (!first) return null;
  const level: ResourceLevel = firing.some((resource) => warning[resource] === 'critical') ? 'critical' : 'warning';
  return { resource: firing.length > 1 ? 'multiple' : first, level };
}
