export const billingKeys = {
  subscription: (slug: string | undefined) => ['organizations', slug, 'billing', 'subscription'] as const,
};
