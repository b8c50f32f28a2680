export const postgrestConfigKeys = {
  config: (ref: string | undefined) => ['projects', ref, 'postgrest-config'] as const,
};
