export const featureFlagKeys = {
  /** The install's flags when `slug` is undefined, else the organization's. */
  flags: (slug: string | undefined) => ['feature-flags', slug ?? null] as const,
};
