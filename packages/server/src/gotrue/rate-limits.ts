/**
 * The auth API's per-address rate limits (sign-ups, anonymous sign-ins, token refreshes,
 * verifications, OTP requests), counted in fixed windows in this process's memory, as GoTrue counts
 * them in its own. Several platform replicas behind a balancer each count their share: a limit
 * then holds per replica (README, Auth). Emails are counted from the database instead (mail.ts).
 */
import { tooManyRequests } from './errors.ts';

export type RateLimitedAction = 'sign_up' | 'anonymous' | 'token_refresh' | 'verify' | 'otp';

interface Window {
  startedAt: number;
  count: number;
}

const windows = new Map<string, Window>();
/** Entries kept at most; the oldest window goes first when full. */
const MAX_WINDOWS = 100_000;

/**
 * Counts one request of `action` from `address` on project `ref`; throws GoTrue's 429 once more
 * than `limit` arrived within the current window of `windowSeconds`.
 */
export function takeRateLimit(ref: string, action: RateLimitedAction, address: string, limit: number, windowSeconds: number): void {
  const key = `${ref}\u0000${action}\u0000${address}`;
  const now = Date.now();
  let window = windows.get(key);
  if (!window || now - window.startedAt >= windowSeconds * 1000) {
    windows.delete(key);
    if (windows.size >= MAX_WINDOWS) windows.delete(windows.keys().next().value!);
    window = { startedAt: now, count: 0 };
    windows.set(key, window);
  }
  window.count += 1;
  if (window.count > limit) throw tooManyRequests('Request rate limit reached');
}

/** Forgets every window (tests that change a project's limits start counting afresh). */
export const resetRateLimits = () => windows.clear();
