/**
 * The upgrade banner and prompts (spec part 2 §2 "Upgrade banner and prompts", §6; part 1 §6):
 * which words the button says, where it leads and whether the member may press it. Pure, so the
 * PITR page, the branches page and any later prompt answer the same way.
 *
 * - Text: 'Upgrade to Pro' on the free plan, 'Enable add on' on a paid one.
 * - Target: free → the billing subscriptionPlan panel; paid without the add-on → the costControl
 *   panel; paid with it → the project's add-ons panel for that add-on.
 * - Disabled without billing write on subscriptions ('You need additional permissions to amend
 *   subscriptions'), or while a feature flag turns subscription changes off ('Subscription
 *   changes are currently disabled, our engineers are working on a fix').
 */
import { can, type Role } from '../permissions.ts';
import { SUBSCRIPTION_CHANGES_DISABLED } from './feature-flags.ts';
import type { PlanId } from '../schemas/organization.ts';

export const UPGRADE_PROMPT_MESSAGES = {
  upgradeToPro: 'Upgrade to Pro',
  enableAddon: 'Enable add on',
  noBillingPermission: 'You need additional permissions to amend subscriptions',
  subscriptionChangesDisabled: SUBSCRIPTION_CHANGES_DISABLED,
} as const;

/** The organization slug links use when it is not known yet (spec part 1 §2). */
export const UNKNOWN_ORG_SLUG = '_';

export interface UpgradePromptInput {
  /** The organization's plan; undefined while it loads. */
  plan: PlanId | undefined;
  /** The member's role in the organization; undefined while it loads. */
  role: Role | undefined;
  orgSlug: string | undefined;
  projectRef: string;
  /** The add-on the prompt is about, as the add-ons page names its panel (e.g. 'pitr'). */
  addon: string;
  /** Whether the project has selected that add-on already. */
  hasAddon: boolean;
  /** Where the prompt was shown, carried as `&source=` (e.g. 'backupsPitr'). */
  source: string;
  /** The subscription-changes feature flag; undefined while the flags load (treated as on). */
  subscriptionChangesEnabled?: boolean | undefined;
}

export interface UpgradePrompt {
  label: (typeof UPGRADE_PROMPT_MESSAGES)['upgradeToPro' | 'enableAddon'];
  href: string;
  /** Whether the button may be pressed; false while the plan or role is unknown too. */
  enabled: boolean;
  /** Why it is disabled, for its tooltip; null when enabled or while loading. */
  reason: string | null;
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export function upgradePrompt(input: UpgradePromptInput): UpgradePrompt {
  const slug = encodeURIComponent(input.orgSlug || UNKNOWN_ORG_SLUG);
  const free = input.plan === undefined || input.plan === 'free';
  const label = free ? UPGRADE_PROMPT_MESSAGES.upgradeToPro : UPGRADE_PROMPT_MESSAGES.enableAddon;
  const href = free
    ? `/org/${slug}/billing?${query({ panel: 'subscriptionPlan', source: input.source })}`
    : input.hasAddon
      ? `/project/${encodeURIComponent(input.projectRef)}/settings/addons?${query({ panel: input.addon, source: input.source })}`
      : `/org/${slug}/billing?${query({ panel: 'costControl', source: input.source })}`;

  if (input.plan === undefined || input.role === undefined) return { label, href, enabled: false, reason: null };
  if (!can(input.role, 'billing.subscriptions:write'))
    return { label, href, enabled: false, reason: UPGRADE_PROMPT_MESSAGES.noBillingPermission };
  if (input.subscriptionChangesEnabled === false) {
    return { label, href, enabled: false, reason: UPGRADE_PROMPT_MESSAGES.subscriptionChangesDisabled };
  }
  return { label, href, enabled: true, reason: null };
}
