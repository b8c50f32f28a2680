import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import type { Pool } from 'pg';
import type { Logger } from './logger.ts';

/** The header Basin fills with the socket's address (never the client's) to key rate limits. */
export const CLIENT_IP_HEADER = 'x-basin-client-ip';

export interface AuthOptions {
  pool: Pool;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
  signInAttemptsPerMinute: number;
  logger: Logger;
}

/**
 * Dashboard accounts: email and password, sessions in httpOnly SameSite cookies, hashed
 * passwords, one generic sign-in failure message, and sign-in attempts rate-limited per client.
 */
export function createAuth(options: AuthOptions) {
  return betterAuth({
    database: options.pool,
    secret: options.secret,
    baseURL: options.baseURL,
    basePath: '/api/auth',
    trustedOrigins: options.trustedOrigins,
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      // Its schema check runs before our migrations on a first start: expected, so not an error.
      log: (level, message) =>
        options.logger[message.includes('schema mismatch') ? 'debug' : level]({ component: 'auth' }, message),
    },
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128, autoSignIn: true },
    // A short signed cookie cache spares the database a session lookup on every status poll.
    session: { cookieCache: { enabled: true, maxAge: 60 } },
    rateLimit: {
      enabled: true,
      storage: 'memory',
      window: 60,
      max: 600,
      customRules: {
        '/sign-in/email': { window: 60, max: options.signInAttemptsPerMinute },
        '/sign-up/email': { window: 60, max: 30 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

export async function migrateAuth(auth: Auth): Promise<void> {
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
}
