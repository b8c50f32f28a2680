/**
 * Categories of a support ticket (/support/new). The spec names Plan_upgrade (from upgrade links)
 * and Database_unresponsive (from the failure screens); the others cover what users write about.
 */
export const SUPPORT_CATEGORIES = [
  { value: 'Problem', label: 'APIs and client libraries' },
  { value: 'Database_unresponsive', label: 'Database unresponsive' },
  { value: 'Performance', label: 'Performance' },
  { value: 'Dashboard_bug', label: 'Dashboard bug' },
  { value: 'Plan_upgrade', label: 'Plan upgrade' },
  { value: 'Billing', label: 'Billing' },
  { value: 'Login_issues', label: 'Sign-in issues' },
  { value: 'Sales_enquiry', label: 'Sales enquiry' },
] as const;

export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number]['value'];
export const SUPPORT_CATEGORY_VALUES = SUPPORT_CATEGORIES.map((c) => c.value) as [SupportCategory, ...SupportCategory[]];

/** The projectRef of /support/new when the ticket is about no project (spec part 1 §2). */
export const NO_PROJECT = 'no-project';

export function supportCategoryLabel(value: SupportCategory): string {
  return SUPPORT_CATEGORIES.find((c) => c.value === value)!.label;
}

export const SUPPORT_MESSAGES = {
  unknownCategory: 'Choose a category from the list',
  subjectRequired: 'Please add a subject',
  messageRequired: 'Please describe the problem',
  projectNotInOrganization: 'This project does not belong to the chosen organization',
} as const;
