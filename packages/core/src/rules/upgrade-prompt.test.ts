import { describe, expect, it } from 'vitest';
import { UPGRADE_PROMPT_MESSAGES, upgradePrompt, type UpgradePromptInput } from './upgrade-prompt.ts';

const base: UpgradePromptInput = {
  plan: 'free',
  role: 'Owner',
  orgSlug: 'acme',
  projectRef: 'abcdefghijklmnopqrst',
  addon: 'pitr',
  hasAddon: false,
  source: 'backupsPitr',
};

describe('upgradePrompt', () => {
  it('says Upgrade to Pro on the free plan and leads to the subscription plan panel', () => {
    expect(upgradePrompt(base)).toEqual({
      label: 'Upgrade to Pro',
      href: '/org/acme/billing?panel=subscriptionPlan&source=backupsPitr',
      enabled: true,
      reason: null,
    });
    // Having the add-on changes nothing on free: the plan comes first.
    expect(upgradePrompt({ ...base, hasAddon: true }).href).toBe('/org/acme/billing?panel=subscriptionPlan&source=backupsPitr');
  });

  it('says Enable add on on every paid plan: cost control without the add-on, the project add-ons panel with it', () => {
    for (const plan of ['pro', 'team', 'enterprise'] as const) {
      expect(upgradePrompt({ ...base, plan })).toMatchObject({
        label: 'Enable add on',
        href: '/org/acme/billing?panel=costControl&source=backupsPitr',
      });
      expect(upgradePrompt({ ...base, plan, hasAddon: true })).toMatchObject({
        label: 'Enable add on',
        href: '/project/abcdefghijklmnopqrst/settings/addons?panel=pitr&source=backupsPitr',
        enabled: true,
      });
    }
  });

  it('is disabled without billing write, with the spec tooltip', () => {
    for (const role of ['Developer', 'Read-only'] as const) {
      expect(upgradePrompt({ ...base, role })).toMatchObject({
        enabled: false,
        reason: 'You need additional permissions to amend subscriptions',
      });
    }
    expect(upgradePrompt({ ...base, role: 'Administrator' }).enabled).toBe(true);
  });

  it('is disabled while the feature flag turns subscription changes off; the permission is named first', () => {
    expect(upgradePrompt({ ...base, subscriptionChangesEnabled: false })).toMatchObject({
      enabled: false,
      reason: 'Subscription changes are currently disabled, our engineers are working on a fix',
    });
    expect(upgradePrompt({ ...base, role: 'Developer', subscriptionChangesEnabled: false }).reason).toBe(
      UPGRADE_PROMPT_MESSAGES.noBillingPermission,
    );
    expect(upgradePrompt({ ...base, subscriptionChangesEnabled: undefined }).enabled).toBe(true);
  });

  it('is disabled without a reason while the plan or role loads, and falls back to the _ slug', () => {
    expect(upgradePrompt({ ...base, plan: undefined })).toMatchObject({ enabled: false, reason: null, label: 'Upgrade to Pro' });
    expect(upgradePrompt({ ...base, role: undefined })).toMatchObject({ enabled: false, reason: null });
    expect(upgradePrompt({ ...base, orgSlug: undefined }).href).toBe('/org/_/billing?panel=subscriptionPlan&source=backupsPitr');
  });

  it('encodes the source and the add-on in the query', () => {
    expect(upgradePrompt({ ...base, plan: 'pro', hasAddon: true, addon: 'custom domain', source: 'a&b' }).href).toBe(
      '/project/abcdefghijklmnopqrst/settings/addons?panel=custom+domain&source=a%26b',
    );
  });
});
