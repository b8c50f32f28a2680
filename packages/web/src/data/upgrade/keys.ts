export const upgradeKeys = {
  status: (ref: string | undefined) => ['projects', ref, 'upgrade-status'] as const,
};
