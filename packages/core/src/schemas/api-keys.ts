import { z } from 'zod';

/** The two keys every project has: public (anon) and secret (service_role). */
export const API_KEY_ROLES = ['anon', 'service_role'] as const;
export const ApiKeyRole = z.enum(API_KEY_ROLES);
export type ApiKeyRole = z.infer<typeof ApiKeyRole>;

/** Spec part 1 §3 "API key item": the JWT and its role as tag. */
export const ApiKeyItem = z.object({ api_key: z.string(), tags: ApiKeyRole, name: z.string() }).meta({ id: 'ApiKeyItem' });
export type ApiKeyItem = z.infer<typeof ApiKeyItem>;

/** Spec part 1 §4 "JWT secret update status". */
export const JWT_SECRET_UPDATE_STATUSES = ['Updating', 'Updated', 'Failed'] as const;
export const JwtSecretUpdateStatusValue = z.enum(JWT_SECRET_UPDATE_STATUSES);
export type JwtSecretUpdateStatusValue = z.infer<typeof JwtSecretUpdateStatusValue>;

/** Spec part 1 §3: changeTrackingId, error, progress, status. */
export const JwtSecretUpdateStatus = z
  .object({
    changeTrackingId: z.string().nullable(),
    error: z.string().nullable(),
    progress: z.string().nullable(),
    status: JwtSecretUpdateStatusValue,
  })
  .meta({ id: 'JwtSecretUpdateStatus' });
export type JwtSecretUpdateStatus = z.infer<typeof JwtSecretUpdateStatus>;

/** GET /platform/projects/{ref}/settings; keys and secret are null/[] without service_api_keys:read. */
export const ProjectSettings = z
  .object({
    ref: z.string(),
    service_api_keys: z.array(ApiKeyItem),
    app_config: z.object({ protocol: z.string(), endpoint: z.string() }),
    jwt_secret: z.string().nullable(),
    db_schema: z.string(),
    jwtSecretUpdateStatus: JwtSecretUpdateStatus,
  })
  .meta({ id: 'ProjectSettings' });
export type ProjectSettings = z.infer<typeof ProjectSettings>;

/**
 * When a key was last presented to the project's API within the window (null: not in it), as the
 * keys panel reads it from its log query over edge_logs (rules/api-key-last-used.ts).
 */
export const ApiKeyLastUsed = z.object({ role: ApiKeyRole, last_used_at: z.string().nullable() });
export type ApiKeyLastUsed = z.infer<typeof ApiKeyLastUsed>;
