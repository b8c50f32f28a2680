import { MESSAGES } from '@basin/core';
import { Name, NewPassword } from '@basin/core/schemas';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { z } from 'zod';
import type { Queryable } from './store/db.ts';
import { countAttempt } from './store/sign-in-attempts.ts';

/** The better-auth endpoints that set a password, and the body field holding it. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  '/sign-up/email': 'password',
  '/change-password': 'newPassword',
  '/reset-password': 'newPassword',
};
const SETS_NAME = new Set(['/sign-up/email', '/update-user']);

/**
 * Basin's rules for accounts, run before better-auth's endpoints: at most `attemptsPerMinute`
 * sign-in attempts per email a minute (better-auth limits each client address, which does not
 * stop one account being tried from many), core's password rule on every new password, and
 * core's name rule on display names.
 */
export function accountRules(db: Queryable, attemptsPerMinute: number) {
  return createAuthMiddleware(async (ctx) => {
    const body: Record<string, unknown> = ctx.body ?? {};
    if (ctx.path === '/sign-in/email' && typeof body.email === 'string') {
      const attempts = await countAttempt(db, body.email.trim().toLowerCase(), 60);
      if (attempts > attemptsPerMinute) throw new APIError('TOO_MANY_REQUESTS', { message: MESSAGES.tooManyAttempts });
    }
    const passwordField = NEW_PASSWORD_FIELD[ctx.path];
    if (passwordField) check(NewPassword, body[passwordField]);
    if (SETS_NAME.has(ctx.path)) check(Name, body.name);
  });
}

/** Strings only: better-auth answers for missing fields and wrong types itself. */
function check(schema: z.ZodType, value: unknown): void {
  if (typeof value !== 'string') return;
  const result = schema.safeParse(value);
  if (!result.success) throw new APIError('BAD_REQUEST', { message: result.error.issues[0]!.message });
}
