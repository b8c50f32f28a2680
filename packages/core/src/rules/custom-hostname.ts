import type { PlanId } from '../schemas/organization.ts';

/** The custom hostname states Basin answers: the plan does not allow one, or none is set up. */
export const CUSTOM_HOSTNAME_STATUSES = ['0_not_allowed', '0_no_hostname_configured'] as const;
export type CustomHostnameStatus = (typeof CUSTOM_HOSTNAME_STATUSES)[number];

/**
 * Spec part 1 §8: the hosted API refuses with these messages, which the dashboard reads as a
 * status rather than as a failure.
 */
const STATUS_BY_MESSAGE: readonly [string, CustomHostnameStatus][] = [
  ['not allowed to set up custom domain', '0_not_allowed'],
  ['custom hostname configuration', '0_no_hostname_configured'],
];

/** The status a custom hostname error stands for, or undefined for a real failure. */
export function customHostnameStatusFromMessage(message: string): CustomHostnameStatus | undefined {
  const lower = message.toLowerCase();
  return STATUS_BY_MESSAGE.find(([fragment]) => lower.includes(fragment))?.[1];
}

/** Custom domains are a paid-plan feature; a self-hosted Basin never has one configured. */
export const customHostnameStatusForPlan = (plan: PlanId): CustomHostnameStatus =>
  plan === 'free' ? '0_not_allowed' : '0_no_hostname_configured';
