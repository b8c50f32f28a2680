import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { getMigrations } from 'better-auth/db/migration';
import type { Pool } from 'pg';
import { accountRules } from './account-rules.ts';
import type { Logger } from './logger.ts';

/** The header Basin fills with the client's address (never the client's own claim) to key rate limits. */
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
 * passwords, one generic sign-in failure message, and sign-in attempts rate-limited per client
 * address and per account.
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
      log: (level, message) => options.logger[message.includes('schema mismatch') ? 'debug' : level]({ component: 'auth' }, message),
    },
    // A refused request (a wrong password, a weak one) is the client's, not an error of Basin's.
    onAPIError: {
      onError: (error) => {
        const refused = error instanceof APIError && error.statusCode < 500;
        options.logger[refused ? 'debug' : 'error']({ component: 'auth', err: error }, 'auth request failed');
      },
    },
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128, autoSignIn: true },
    // No signed cookie cache: it kept a signed-out session usable until it expired. Basin's own
    // few-second cache (http/session-cache.ts) spares the database, and sign-out clears it.
    session: { cookieCache: { enabled: false } },
    hooks: { before: accountRules(options.pool, options.signInAttemptsPerMinute) },
    rateLimit: {
      enabled: true,
      // In the platform database, not in memory: replicas behind a load balancer count together.
      storage: 'database',
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
