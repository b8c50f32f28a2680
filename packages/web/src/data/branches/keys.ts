export const branchKeys = {
  list: (ref: string | undefined) => ['projects', ref, 'branches'] as const,
};
