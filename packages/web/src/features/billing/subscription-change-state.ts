import { BILLING_MESSAGES, UPGRADE_PROMPT_MESSAGES } from '@basin/core';
import type { Organization } from '@basin/core/schemas';
import { useFeatureFlag } from '../../data/feature-flags/use-feature-flag';
import { permissionState } from '../organizations/permission-state';

/**
 * Whether the member may change what the organization pays for (its plan, a paid add-on) and why
 * not: billing write on subscriptions, and (spec part 1 §6) the feature flag that can switch
 * subscription changes off, each with its own tooltip.
 */
export function useSubscriptionChangeState(organization: Organization | undefined): { disabled: boolean; hint: string | null } {
  const write = permissionState(organization, 'billing.subscriptions:write', BILLING_MESSAGES.noWritePermission);
  const changesEnabled = useFeatureFlag('subscriptionChangesEnabled', organization?.slug);
  if (write.allowed && changesEnabled === false) return { disabled: true, hint: UPGRADE_PROMPT_MESSAGES.subscriptionChangesDisabled };
  return { disabled: !write.allowed, hint: write.hint };
}
