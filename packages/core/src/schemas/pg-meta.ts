import { z } from 'zod';

/**
 * Database introspection (`/platform/pg-meta/{ref}/...`), the project's API settings and the
 * generated TypeScript types. Shapes follow postgres-meta's, so the dashboard's calls read as usual.
 */

/** `a,b` → ['a', 'b']; empty parts dropped. */
const commaList = z
  .string()
  .optional()
  .transform((value) =>
    value
      ? value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
      : undefined,
  );

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false'], { error: 'Expected true or false' })
    .optional()
    .transform((value) => (value === undefined ? fallback : value === 'true'));

export const PG_META_SORTS = ['name', 'schema', 'id'] as const;

/** Filters and paging shared by every list; `search` matches the name, case-insensitively. */
export const PgMetaListQuery = z.object({
  included_schemas: commaList,
  include_columns: flag(true),
  search: z.string().max(200).optional(),
  sort: z.enum(PG_META_SORTS).default('name'),
  limit: z.coerce.number().int().min(1).max(10_000).optional(),
  offset: z.coerce.number().int().min(0).default(0),
});
export type PgMetaListQuery = z.output<typeof PgMetaListQuery>;

export const PgColumn = z
  .object({
    id: z.string(),
    table_id: z.number(),
    schema: z.string(),
    table: z.string(),
    name: z.string(),
    ordinal_position: z.number(),
    /** information_schema-like: 'integer', 'text', 'ARRAY', 'USER-DEFINED', ... */
    data_type: z.string(),
    /** The type's name: int4, text, _int4, the enum's name, ... */
    format: z.string(),
    type_id: z.number(),
    default_value: z.string().nullable(),
    is_nullable: z.boolean(),
    is_identity: z.boolean(),
    identity_generation: z.enum(['ALWAYS', 'BY DEFAULT']).nullable(),
    is_generated: z.boolean(),
    is_updatable: z.boolean(),
    is_unique: z.boolean(),
    enums: z.array(z.string()),
    comment: z.string().nullable(),
  })
  .meta({ id: 'PgColumn' });
export type PgColumn = z.infer<typeof PgColumn>;

export const PgPrimaryKey = z.object({ schema: z.string(), table_name: z.string(), name: z.string(), table_id: z.number() });
export type PgPrimaryKey = z.infer<typeof PgPrimaryKey>;

export const PgRelationship = z
  .object({
    id: z.number(),
    constraint_name: z.string(),
    source_schema: z.string(),
    source_table_name: z.string(),
    source_column_name: z.string(),
    target_table_schema: z.string(),
    target_table_name: z.string(),
    target_column_name: z.string(),
  })
  .meta({ id: 'PgRelationship' });
export type PgRelationship = z.infer<typeof PgRelationship>;

const relationBase = {
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  comment: z.string().nullable(),
  columns: z.array(PgColumn).optional(),
};

export const PgTable = z
  .object({
    ...relationBase,
    rls_enabled: z.boolean(),
    rls_forced: z.boolean(),
    live_rows_estimate: z.number(),
    primary_keys: z.array(PgPrimaryKey),
    relationships: z.array(PgRelationship),
  })
  .meta({ id: 'PgTable' });
export type PgTable = z.infer<typeof PgTable>;

export const PgView = z.object({ ...relationBase, is_updatable: z.boolean() }).meta({ id: 'PgView' });
export type PgView = z.infer<typeof PgView>;

export const PgMaterializedView = z.object({ ...relationBase, is_populated: z.boolean() }).meta({ id: 'PgMaterializedView' });
export type PgMaterializedView = z.infer<typeof PgMaterializedView>;

export const PG_FUNCTION_ARG_MODES = ['in', 'out', 'inout', 'variadic', 'table'] as const;

export const PgFunctionArg = z.object({
  mode: z.enum(PG_FUNCTION_ARG_MODES),
  name: z.string(),
  type_id: z.number(),
  has_default: z.boolean(),
});
export type PgFunctionArg = z.infer<typeof PgFunctionArg>;

export const PgFunction = z
  .object({
    id: z.number(),
    schema: z.string(),
    name: z.string(),
    language: z.string(),
    definition: z.string(),
    args: z.array(PgFunctionArg),
    /** As Postgres prints them: `a integer, b text DEFAULT 'x'::text`. */
    argument_types: z.string(),
    identity_argument_types: z.string(),
    return_type_id: z.number(),
    return_type: z.string(),
    /** The table or view whose row type the function returns, when it does. */
    return_type_relation_id: z.number().nullable(),
    is_set_returning_function: z.boolean(),
    behavior: z.enum(['IMMUTABLE', 'STABLE', 'VOLATILE']),
    security_definer: z.boolean(),
    config_params: z.record(z.string(), z.string()).nullable(),
    comment: z.string().nullable(),
  })
  .meta({ id: 'PgFunction' });
export type PgFunction = z.infer<typeof PgFunction>;

/** What indexes and policies share: their own id and name, and the table they belong to. */
const ON_TABLE = {
  id: z.number(),
  table_id: z.number(),
  schema: z.string(),
  table: z.string(),
  name: z.string(),
};

export const PgIndex = z
  .object({
    ...ON_TABLE,
    access_method: z.string(),
    is_unique: z.boolean(),
    is_primary: z.boolean(),
    columns: z.array(z.string()),
    predicate: z.string().nullable(),
    index_definition: z.string(),
  })
  .meta({ id: 'PgIndex' });
export type PgIndex = z.infer<typeof PgIndex>;

export const PgPolicy = z
  .object({
    ...ON_TABLE,
    action: z.enum(['PERMISSIVE', 'RESTRICTIVE']),
    command: z.enum(['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'ALL']),
    roles: z.array(z.string()),
    definition: z.string().nullable(),
    check: z.string().nullable(),
  })
  .meta({ id: 'PgPolicy' });
export type PgPolicy = z.infer<typeof PgPolicy>;

export const PgExtension = z
  .object({
    name: z.string(),
    schema: z.string().nullable(),
    default_version: z.string().nullable(),
    installed_version: z.string().nullable(),
    comment: z.string().nullable(),
  })
  .meta({ id: 'PgExtension' });
export type PgExtension = z.infer<typeof PgExtension>;

export const PgType = z
  .object({
    id: z.number(),
    schema: z.string(),
    name: z.string(),
    /** Enum labels in their order; empty for composite types. */
    enums: z.array(z.string()),
    /** A composite type's attributes; empty for enums. */
    attributes: z.array(z.object({ name: z.string(), type_id: z.number() })),
    comment: z.string().nullable(),
  })
  .meta({ id: 'PgType' });
export type PgType = z.infer<typeof PgType>;

/**
 * GET/PATCH /platform/projects/{ref}/config/postgrest: the schemas the API serves, comma-separated,
 * the row cap, whether `select` may use aggregate functions (PostgREST's db-aggregates-enabled) and
 * whether `Accept: application/vnd.pgrst.plan` answers the statement's EXPLAIN (db-plan-enabled).
 */
export const PostgrestConfig = z
  .object({ db_schema: z.string(), max_rows: z.number().int(), db_aggregates_enabled: z.boolean(), db_plan_enabled: z.boolean() })
  .meta({ id: 'PostgrestConfig' });
export type PostgrestConfig = z.infer<typeof PostgrestConfig>;

const SCHEMA_NAME = /^[^\s,][^,]{0,62}$/;
const SYSTEM_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast'];

export const UpdatePostgrestConfigBody = z
  .object({
    db_schema: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .refine((names) => names.length > 0, 'Expose at least one schema')
      .refine((names) => names.every((name) => SCHEMA_NAME.test(name)), 'Schema names are 1 to 63 characters, separated by commas')
      .refine((names) => !names.some((name) => SYSTEM_SCHEMAS.includes(name)), 'System schemas cannot be exposed')
      .optional(),
    max_rows: z.number().int().min(1, 'max_rows must be at least 1').max(1_000_000, 'max_rows must be at most 1000000').optional(),
    db_aggregates_enabled: z.boolean().optional(),
    db_plan_enabled: z.boolean().optional(),
  })
  .meta({ id: 'UpdatePostgrestConfigBody' });
export type UpdatePostgrestConfigBody = z.output<typeof UpdatePostgrestConfigBody>;

export const TypesQuery = z.object({ included_schemas: commaList });

export const TypescriptTypes = z.object({ types: z.string() }).meta({ id: 'TypescriptTypes' });
export type TypescriptTypes = z.infer<typeof TypescriptTypes>;

/** PostgREST-style Swagger 2.0 of the exposed schemas: only the parts the docs panel reads are typed. */
export const ApiRestDescription = z
  .object({
    swagger: z.literal('2.0'),
    info: z.object({ title: z.string(), description: z.string(), version: z.string() }),
    basePath: z.string(),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
    definitions: z.record(
      z.string(),
      z.object({
        type: z.literal('object'),
        description: z.string().optional(),
        required: z.array(z.string()).optional(),
        properties: z.record(z.string(), z.record(z.string(), z.unknown())),
      }),
    ),
  })
  .loose()
  .meta({ id: 'ApiRestDescription' });
export type ApiRestDescription = z.infer<typeof ApiRestDescription>;
