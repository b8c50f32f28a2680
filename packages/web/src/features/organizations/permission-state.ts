import { can, type Permission } from '@basin/core';
import type { Organization } from '@basin/core/schemas';

/**
 * Whether the member's role in `organization` allows `permission`, and the hint that explains a
 * refusal. While the organization loads the action is disabled without a hint: nothing is refused yet.
 */
export function permissionState(
  organization: Organization | undefined,
  permission: Permission,
  refusal: string,
): { allowed: boolean; hint: string | null } {
  const allowed = can(organization?.role, permission);
  return { allowed, hint: organization && !allowed ? refusal : null };
}
