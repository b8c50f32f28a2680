/** What the organization billing page says: the spec's permission hint, Basin's own words otherwise. */
export const BILLING_MESSAGES = {
  /** Spec part 2 §6: subscription changes need billing write. */
  noWritePermission: 'You need additional permissions to amend subscriptions',
  noReadPermission: 'Only Owners and Administrators of this organization can see its subscription.',
  noPayment: 'Basin is self-hosted: no payment is taken and nothing is billed. A plan only switches features on.',
  noSpendCap: 'Basin has no spend cap because nothing is billed: projects run on your own machine.',
  changed: (plan: string) => `Your organization is now on the ${plan} plan`,
  changeFailed: (message: string) => `Failed to change subscription plan: ${message}`,
  surveyQuestion: 'Why are you leaving your paid plan?',
  selectReason: 'Please select a reason for leaving your paid plan',
} as const;
