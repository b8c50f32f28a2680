export const usageKeys = {
  project: (ref: string | undefined) => ['projects', ref, 'usage'] as const,
  organization: (slug: string | undefined) => ['organizations', slug, 'usage'] as const,
};
