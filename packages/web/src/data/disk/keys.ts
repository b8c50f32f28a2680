export const diskKeys = {
  disk: (ref: string | undefined) => ['projects', ref, 'disk'] as const,
  resourceWarnings: (ref: string | undefined) => ['projects', ref, 'resource-warnings'] as const,
};
