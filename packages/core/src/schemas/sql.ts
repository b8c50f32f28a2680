import { z } from 'zod';

/**
 * POST /platform/pg-meta/{ref}/query. Several statements may be sent; the last result answers.
 * `read_only` runs them as the read-only role whatever the member's own (spec part 2 §4: the
 * assistant's reads go through it first): nothing the text does can write.
 */
export const RunSqlBody = z
  .object({
    query: z.string().min(1, 'Query is required').max(1_000_000, 'Query must be at most 1,000,000 characters'),
    read_only: z.boolean().optional(),
  })
  .meta({ id: 'RunSqlBody' });
export type RunSqlBody = z.infer<typeof RunSqlBody>;

export const SqlField = z
  .object({
    name: z.string(),
    dataTypeID: z.number().int(),
    /** Postgres's name of the type, e.g. `integer`, `timestamp with time zone`. */
    type: z.string(),
  })
  .meta({ id: 'SqlField' });
export type SqlField = z.infer<typeof SqlField>;

/**
 * The last statement's result. Rows are arrays in the order of `fields` (so that two columns of
 * one name both show). Values: booleans, numbers for int2/int4/float/oid, parsed json/jsonb, and
 * Postgres's own text for everything else (int8 and numeric keep their precision).
 */
export const SqlResult = z
  .object({
    fields: z.array(SqlField),
    rows: z.array(z.array(z.unknown())),
    /** The command tag's count: every row the statement returned or touched, kept or not. */
    rowCount: z.number().int().nullable(),
    command: z.string().nullable(),
    durationMs: z.number(),
    /** More rows than the limits: only the first ones are in `rows`. */
    truncated: z.boolean(),
  })
  .meta({ id: 'SqlResult' });
export type SqlResult = z.infer<typeof SqlResult>;

/** A statement that failed, answered with 400. `position` is Postgres's (1-based characters into the query). */
export const SqlError = z
  .object({
    message: z.string(),
    code: z.string().optional(),
    position: z.number().int().optional(),
    detail: z.string().optional(),
    hint: z.string().optional(),
  })
  .meta({ id: 'SqlError' });
export type SqlError = z.infer<typeof SqlError>;

const SnippetName = z.string().trim().min(1, 'Name is required').max(256, 'Name must be at most 256 characters');
const SnippetSql = z.string().max(1_000_000, 'A snippet must be at most 1,000,000 characters');

/** A saved query of the SQL editor: private to its owner within the project. */
export const Snippet = z
  .object({
    id: z.uuid(),
    name: z.string(),
    sql: z.string(),
    owner_id: z.string(),
    project_id: z.number().int(),
    project_ref: z.string(),
    inserted_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Snippet' });
export type Snippet = z.infer<typeof Snippet>;

export const CreateSnippetBody = z.object({ name: SnippetName.optional(), sql: SnippetSql.optional() }).meta({ id: 'CreateSnippetBody' });
export type CreateSnippetBody = z.infer<typeof CreateSnippetBody>;

export const UpdateSnippetBody = z
  .object({ name: SnippetName.optional(), sql: SnippetSql.optional() })
  .refine((body) => body.name !== undefined || body.sql !== undefined, 'Give a name or sql to change')
  .meta({ id: 'UpdateSnippetBody' });
export type UpdateSnippetBody = z.infer<typeof UpdateSnippetBody>;

export const SnippetId = z.uuid('Snippet id must be a UUID');
