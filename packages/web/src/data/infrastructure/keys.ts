export const infrastructureKeys = {
  detail: (ref: string | undefined) => ['projects', ref, 'infrastructure'] as const,
};
