/**
 * Users' passwords: bcrypt as Supabase Auth stores them (`$2a$`, cost 10, so hashes move between
 * the two either way), hashed off the event loop, and the project's password rules.
 */
import { hash, verify } from '@node-rs/bcrypt';
import type { PasswordRequirement } from '@basin/core/schemas';
import { AuthApiError } from './errors.ts';

/** GoTrue's cost: a sign-in costs one hash of about 45 ms on this machine (npm run bench). */
export const BCRYPT_COST = 10;
/** bcrypt reads 72 bytes; GoTrue refuses longer passwords rather than ignore the rest. */
const MAX_PASSWORD_BYTES = 72;

export const hashPassword = (password: string) => hash(password, { cost: BCRYPT_COST, version: '2a' });

/** A stored hash that is not bcrypt (empty, a member's own value) matches nothing. */
export async function passwordMatches(password: string, stored: string | null): Promise<boolean> {
  if (!stored?.startsWith('$2')) return false;
  return verify(password, stored).catch(() => false);
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';

/** The character sets each requirement asks for, as GoTrue lists them in its message. */
const REQUIRED_SETS: Record<PasswordRequirement, string[]> = {
  '': [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

export interface PasswordRules {
  password_min_length: number;
  password_required_characters: string;
}

/** Throws GoTrue's weak_password error (422, with its reasons) for a password the rules refuse. */
export function checkPassword(password: unknown, rules: PasswordRules): asserts password is string {
  if (typeof password !== 'string') throw new AuthApiError(422, 'validation_failed', 'Password is required');
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
    throw new AuthApiError(422, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  const messages: string[] = [];
  const reasons: string[] = [];
  if ([...password].length < rules.password_min_length) {
    reasons.push('length');
    messages.push(`Password should be at least ${rules.password_min_length} characters.`);
  }
  const sets = REQUIRED_SETS[rules.password_required_characters as PasswordRequirement] ?? [];
  if (sets.some((set) => ![...password].some((char) => set.includes(char)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  if (reasons.length) throw new AuthApiError(422, 'weak_password', messages.join(' '), { weak_password: { reasons } });
}
