export const advisorKeys = {
  lints: (ref: string | undefined) => ['projects', ref, 'lints'] as const,
};
