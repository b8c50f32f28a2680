export const memberKeys = {
  list: (slug: string | undefined) => ['organizations', slug, 'members'] as const,
};
