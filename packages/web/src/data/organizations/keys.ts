export const organizationKeys = {
  list: () => ['organizations'] as const,
  detail: (slug: string | undefined) => ['organizations', slug] as const,
  /** The billing addresses of the organization (spec part 2 §3: the customer profile's additional_emails). */
  customerProfile: (slug: string | undefined) => ['organizations', slug, 'customer-profile'] as const,
};
