import { z } from 'zod';

/**
 * Database → Settings: the new password of the members' `postgres` role
 * (`PATCH /platform/projects/{ref}/db-password`). Basin seals it like every stored password and
 * percent-encodes it in the connection strings it shows, so any printable character is allowed.
 */
export const DATABASE_PASSWORD_MIN_LENGTH = 12;
export const DATABASE_PASSWORD_MAX_LENGTH = 128;

export const DatabasePassword = z
  .string()
  .min(DATABASE_PASSWORD_MIN_LENGTH, `The password needs at least ${DATABASE_PASSWORD_MIN_LENGTH} characters`)
  .max(DATABASE_PASSWORD_MAX_LENGTH, `The password must be at most ${DATABASE_PASSWORD_MAX_LENGTH} characters`)
  .regex(/^[\x21-\x7e]+$/, 'Use printable ASCII characters without spaces');

export const ResetDatabasePasswordBody = z.object({ password: DatabasePassword }).meta({ id: 'ResetDatabasePasswordBody' });
export type ResetDatabasePasswordBody = z.infer<typeof ResetDatabasePasswordBody>;

export const ResetDatabasePasswordResponse = z
  .object({
    /** The project's connection string with the new password (the member may read it: they just set it). */
    connectionString: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ResetDatabasePasswordResponse' });
export type ResetDatabasePasswordResponse = z.infer<typeof ResetDatabasePasswordResponse>;
