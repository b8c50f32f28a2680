export const diskKeys = {
  disk: (ref: string | undefined) => ['projects', ref, 'disk'] as const,
  history: (ref: string | undefined) => ['projects', ref, 'disk', 'history'] as const,
  resourceWarnings: (ref: string | undefined) => ['projects', ref, 'resource-warnings'] as const,
};
