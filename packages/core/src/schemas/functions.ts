import { z } from 'zod';

/**
 * Edge functions as the management API (`/v1/projects/{ref}/functions...`) and the Supabase CLI
 * speak of them. A slug names the function in its URL (`/functions/v1/{slug}`).
 */
export const FUNCTION_SLUG_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;
export const FUNCTION_SLUG_MAX_LENGTH = 64;
export const FunctionSlug = z
  .string()
  .max(FUNCTION_SLUG_MAX_LENGTH, `A function slug is at most ${FUNCTION_SLUG_MAX_LENGTH} characters`)
  .regex(FUNCTION_SLUG_PATTERN, 'A function slug starts with a letter and holds only letters, digits, _ and -');

export const FUNCTION_STATUSES = ['ACTIVE', 'REMOVED', 'THROTTLED'] as const;

/** One function: its current version and settings. Times are milliseconds since the epoch, as the hosted API answers them. */
export const EdgeFunction = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    status: z.enum(FUNCTION_STATUSES),
    version: z.number().int(),
    created_at: z.number(),
    updated_at: z.number(),
    verify_jwt: z.boolean(),
    import_map: z.boolean(),
    entrypoint_path: z.string(),
    import_map_path: z.string().nullable(),
    /** SHA-256 of the current version's files (path and content, in path order). */
    ezbr_sha256: z.string(),
  })
  .meta({ id: 'EdgeFunction' });
export type EdgeFunction = z.infer<typeof EdgeFunction>;

export const EdgeFunctionList = z.array(EdgeFunction).meta({ id: 'EdgeFunctionList' });

/** The `metadata` part of a deploy: paths are relative to the bundle's root. */
export const DeployFunctionMetadata = z
  .object({
    entrypoint_path: z.string().min(1, 'metadata.entrypoint_path is required'),
    import_map_path: z.string().nullish(),
    verify_jwt: z.boolean().optional(),
    name: z.string().trim().min(1).max(128).optional(),
    static_patterns: z.array(z.string()).optional(),
  })
  .meta({ id: 'DeployFunctionMetadata' });
export type DeployFunctionMetadata = z.infer<typeof DeployFunctionMetadata>;

export const DeployFunctionQuery = z.object({ slug: FunctionSlug.optional() });

export const UpdateFunctionBody = z
  .object({ name: z.string().trim().min(1).max(128).optional(), verify_jwt: z.boolean().optional() })
  .meta({ id: 'UpdateFunctionBody' });
export type UpdateFunctionBody = z.infer<typeof UpdateFunctionBody>;

/** A secret's name as functions read it with `Deno.env.get`; `SUPABASE_` names are the platform's. */
export const SecretName = z
  .string()
  .min(1, 'A secret needs a name')
  .max(256)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'A secret name holds only letters, digits and _, and does not start with a digit')
  .refine((name) => !name.toUpperCase().startsWith('SUPABASE_'), 'Secret names must not start with SUPABASE_');

export const SECRET_VALUE_MAX_LENGTH = 24_576;
export const CreateSecretsBody = z
  .array(z.object({ name: SecretName, value: z.string().max(SECRET_VALUE_MAX_LENGTH, 'A secret value is at most 24,576 characters') }))
  .min(1, 'No secrets given')
  .meta({ id: 'CreateSecretsBody' });
export type CreateSecretsBody = z.infer<typeof CreateSecretsBody>;

export const DeleteSecretsBody = z.array(z.string().min(1)).min(1, 'No secret names given').meta({ id: 'DeleteSecretsBody' });
export type DeleteSecretsBody = z.infer<typeof DeleteSecretsBody>;

/** Secrets are never answered: `value` is the SHA-256 digest (hex) of the value, as the hosted API gives it. */
export const SecretItem = z.object({ name: z.string(), value: z.string(), updated_at: z.string().optional() }).meta({ id: 'SecretItem' });
export type SecretItem = z.infer<typeof SecretItem>;
export const SecretList = z.array(SecretItem).meta({ id: 'SecretList' });

export const FUNCTIONS_MESSAGES = {
  deployFailed: (message: string) => `Failed to deploy edge function: ${message}`,
  noPermission: 'You need additional permissions to manage edge functions',
  noSecretsPermission: 'You need additional permissions to manage edge function secrets',
  slugRequired: 'Query parameter slug is required',
  metadataRequired: 'The multipart form needs a metadata part (JSON)',
  metadataInvalid: (message: string) => `metadata: ${message}`,
  noFiles: 'The multipart form needs at least one file part',
  entrypointMissing: (path: string) => `The entrypoint ${path} is not among the uploaded files`,
  importMapMissing: (path: string) => `The import map ${path} is not among the uploaded files`,
  badFilePath: (path: string) => `File path ${path} must be relative and stay inside the function`,
  bundleTooLarge: (mb: number) => `The function's files are larger than ${mb} MB`,
  importOutside: (file: string, specifier: string) =>
    `${file} imports ${specifier}, a file outside the function: import its own files by relative paths that stay inside it, and other modules as npm:, jsr: or https: specifiers`,
  importOutsideUnparsed: (file: string, specifier: string) =>
    `${file} has a syntax error, so its imports cannot be told from its other strings, and it names ${specifier}, a file outside the function`,
  importDataTooDeep: (file: string, depth: number) =>
    `${file} imports data: URLs nested more than ${depth} deep, which deploy does not read`,
  importMapOutside: (file: string, key: string, target: string) =>
    `The import map ${file} maps ${key} to ${target}, a file outside the function: map names to its own files or to npm:, jsr: or https: specifiers`,
} as const;
