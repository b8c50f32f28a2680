export const availableVersionKeys = {
  list: (slug: string | undefined, region: string | undefined) =>
    ['organizations', slug, 'available-versions', region] as const,
};
