export const memberKeys = {
  list: (slug: string | undefined) => ['organizations', slug, 'members'] as const,
  reachedFreeProjectLimit: (slug: string | undefined) => ['organizations', slug, 'members', 'reached-free-project-limit'] as const,
};
