/**
 * The auth API's rate limits, per client address as GoTrue counts them, with the project's
 * settings (its Rate Limits page). Password sign-ins are counted per account too, so that one
 * account guessed from many addresses is held back as well. The counts are kept in the platform
 * database, so platform replicas behind a balancer count together. Emails are counted there too,
 * by mail.ts, against RATE_LIMIT_EMAIL_SENT.
 */
import type { AuthSettingsRow } from '../store/auth-settings.ts';
import { countHit } from '../store/auth-rate-limits.ts';
import type { AuthContext } from './context.ts';
import { tooManyRequests } from './errors.ts';

export type RateLimitedAction = 'sign_up' | 'sign_in' | 'otp' | 'anonymous' | 'token_refresh' | 'verify' | 'passkey_authentication';

const HOUR = 3600;
const FIVE_MINUTES = 300;

type RateLimitSetting = Extract<keyof AuthSettingsRow, `rate_limit_${string}`>;

/**
 * Which setting limits each action, over which window, as in GoTrue: RATE_LIMIT_OTP is the
 * dashboard's "sign-ups and sign-ins" (email sign-ups, password sign-ins, magic links and codes),
 * each action counted on its own. The passkey sign-in ceremony's options have GoTrue's default
 * of RATE_LIMIT_PASSKEY, which Supabase's config API does not offer to change.
 */
const LIMITS: Record<RateLimitedAction, { allowed: RateLimitSetting | number; windowSeconds: number }> = {
  sign_up: { allowed: 'rate_limit_otp', windowSeconds: FIVE_MINUTES },
  sign_in: { allowed: 'rate_limit_otp', windowSeconds: FIVE_MINUTES },
  otp: { allowed: 'rate_limit_otp', windowSeconds: FIVE_MINUTES },
  anonymous: { allowed: 'rate_limit_anonymous_users', windowSeconds: HOUR },
  token_refresh: { allowed: 'rate_limit_token_refresh', windowSeconds: FIVE_MINUTES },
  verify: { allowed: 'rate_limit_verify', windowSeconds: FIVE_MINUTES },
  passkey_authentication: { allowed: 30, windowSeconds: FIVE_MINUTES },
};

/**
 * Counts one request of `action` from the client's address, and on `account` when given (an
 * email as stored); throws GoTrue's 429 once either has passed the project's limit in its window.
 */
export async function takeRateLimit(auth: AuthContext, action: RateLimitedAction, account?: string): Promise<void> {
  const { allowed, windowSeconds } = LIMITS[action];
  const limit = typeof allowed === 'number' ? allowed : auth.settings[allowed];
  const subjects = account === undefined ? [`address:${auth.ip}`] : [`address:${auth.ip}`, `account:${account}`];
  for (const subject of subjects) {
    const hits = await countHit(auth.ctx.db, auth.project.ref, action, subject, windowSeconds);
    if (hits > limit) throw tooManyRequests('Request rate limit reached');
  }
}
