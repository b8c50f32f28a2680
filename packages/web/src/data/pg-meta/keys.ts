export const pgMetaKeys = {
  list: (ref: string | undefined, kind: string, params: Record<string, string | number>) => ['projects', ref, 'pg-meta', kind, params] as const,
  apiDescription: (ref: string | undefined) => ['projects', ref, 'api-rest'] as const,
};
