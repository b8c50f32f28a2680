export const pgMetaKeys = {
  list: (ref: string | undefined, kind: string, params: object) => ['projects', ref, 'pg-meta', kind, params] as const,
  apiDescription: (ref: string | undefined) => ['projects', ref, 'api-rest'] as const,
};
