export const pgMetaKeys = {
  /** Every list of one kind (e.g. all pages of tables): what a new table makes stale. */
  kind: (ref: string | undefined, kind: string) => ['projects', ref, 'pg-meta', kind] as const,
  list: (ref: string | undefined, kind: string, params: object) => [...pgMetaKeys.kind(ref, kind), params] as const,
  /** Every catalog read of the project: what a table change makes stale. */
  all: (ref: string | undefined) => ['projects', ref, 'pg-meta'] as const,
  columnTypes: (ref: string | undefined) => ['projects', ref, 'pg-meta', 'column-types'] as const,
  tableDependents: (ref: string | undefined, schema: string, table: string) => ['projects', ref, 'pg-meta', 'table-dependents', schema, table] as const,
  apiDescription: (ref: string | undefined) => ['projects', ref, 'api-rest'] as const,
};
