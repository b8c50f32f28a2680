export const pgMetaKeys = {
  /** Every list of one kind (e.g. all pages of tables): what a new table makes stale. */
  kind: (ref: string | undefined, kind: string) => ['projects', ref, 'pg-meta', kind] as const,
  list: (ref: string | undefined, kind: string, params: object) => [...pgMetaKeys.kind(ref, kind), params] as const,
  apiDescription: (ref: string | undefined) => ['projects', ref, 'api-rest'] as const,
};
