export const availableVersionKeys = {
  all: ['available-versions'] as const,
  list: (slug: string | undefined, region: string | undefined) => ['available-versions', slug, region] as const,
};
