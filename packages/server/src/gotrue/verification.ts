/**
 * `/verify`: a one-time token from an auth email (its code with the address, or its hash from the
 * link) confirms the sign-up, invite, magic link, recovery or email change it was issued for and
 * signs the user in, as GoTrue verifies: the token must be the one on the user's row and younger
 * than MAILER_OTP_EXP; it is used up. An email change with secure change on needs both addresses'
 * tokens: the first answers "accepted" and the second makes the change.
 */
import type pg from 'pg';
import { audit } from './audit.ts';
import type { AuthContext } from './context.ts';
import { withAuthTransaction } from './db.ts';
import { AuthApiError, badRequest, forbidden, unprocessable } from './errors.ts';
import { tokenHash } from './mail.ts';
import { issueAuthCode } from './pkce.ts';
import { validEmail } from './request.ts';
import { type AuthMethod, type SessionJson, startSession } from './sessions.ts';
import { confirmEmail, isBanned, USER_COLUMNS, type UserRow } from './users.ts';

export const VERIFY_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email'] as const;
export type VerifyType = (typeof VERIFY_TYPES)[number];

export type VerifyParams = { type: VerifyType; tokenHash: string } | { type: VerifyType; email: string; token: string };

export type VerifyOutcome = { session: SessionJson; type: VerifyType } | { code: string; type: VerifyType } | { accepted: string };

export interface VerifyOptions {
  /** The link of a PKCE flow: it answers the flow state's code to exchange, not a session. */
  pkce?: boolean;
}

/** GoTrue's answer to the first of the two confirmations of a secure email change. */
export const SINGLE_CONFIRMATION_ACCEPTED = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** The type the request names, refused with GoTrue's 400 when it is not an email type. */
export function verifyType(type: string | undefined): VerifyType {
  if (!type) throw badRequest('Verify requires a verification type');
  if (type === 'sms' || type === 'phone_change') throw badRequest('Phone verification is not available in Basin: use an email address');
  if (!(VERIFY_TYPES as readonly string[]).includes(type)) throw badRequest(`Unsupported verification type: ${type}`);
  return type as VerifyType;
}

type TokenColumn = 'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'email_change_token_current';

const COLUMNS: Record<VerifyType, TokenColumn[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  magiclink: ['recovery_token'],
  recovery: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_new', 'email_change_token_current'],
};

const SENT_AT: Record<TokenColumn, keyof UserRow> = {
  confirmation_token: 'confirmation_sent_at',
  recovery_token: 'recovery_sent_at',
  email_change_token_new: 'email_change_sent_at',
  email_change_token_current: 'email_change_sent_at',
};

type TokenRow = UserRow & Record<TokenColumn, string | null> & { email_change_confirm_status: number | null };

/** Verifies in one transaction of the project's auth sessions. */
export function verify(auth: AuthContext, params: VerifyParams): Promise<Exclude<VerifyOutcome, { code: string }>>;
export function verify(auth: AuthContext, params: VerifyParams, options: VerifyOptions): Promise<VerifyOutcome>;
export function verify(auth: AuthContext, params: VerifyParams, options: VerifyOptions = {}): Promise<VerifyOutcome> {
  return withAuthTransaction(auth.ctx, auth.project, (client) => verifyIn(client, auth, params, options));
}

export async function verifyIn(
  client: pg.ClientBase,
  auth: AuthContext,
  params: VerifyParams,
  options: VerifyOptions = {},
): Promise<VerifyOutcome> {
  const byLink = 'tokenHash' in params;
  const invalid = () => forbidden(byLink ? 'Email link is invalid or has expired' : 'Token has expired or is invalid', 'otp_expired');
  const email = byLink ? null : validEmail(params.email);
  const hash = byLink ? params.tokenHash : tokenHash(email!, params.token.trim());
  if (!hash) throw invalid();
  const columns = COLUMNS[params.type];
  // Each column's test repeats its partial index's predicate (auth-schema.ts), so the index serves it.
  const matches = columns.map((column) => `(u.${column} = $1 and u.${column} !~ '^[0-9 ]*$')`).join(' or ');
  const { rows } = await client.query<TokenRow>(
    `select ${USER_COLUMNS}, u.confirmation_token, u.recovery_token, u.email_change_token_new, u.email_change_token_current, u.email_change_confirm_status
       from auth.users u
      where (${matches}) and ($2::text is null or lower(u.email) = $2 or lower(u.email_change) = $2)
      order by u.created_at limit 1
        for update of u`,
    [hash, email],
  );
  const user = rows[0];
  const column = user && columns.find((name) => user[name] === hash);
  if (!user || !column) throw invalid();
  const sentAt = user[SENT_AT[column]] as Date | null;
  if (!sentAt || Date.now() - sentAt.getTime() > auth.settings.mailer_otp_exp * 1000) throw invalid();
  if (isBanned(user)) throw forbidden('User is banned', 'user_banned');
  // `email` finds either kind of token: a confirmation signs up, a recovery token is a magic link.
  const type: VerifyType = params.type === 'email' ? (column === 'confirmation_token' ? 'signup' : 'magiclink') : params.type;
  const method = await use(client, auth, user, type, column);
  if (typeof method === 'object') return method;
  if (options.pkce) return { code: await issueAuthCode(client, user.id, method), type };
  return { session: await startSession(client, auth, user.id, method), type };
}

/** Uses the token up and does what it was for; answers how the user signed in. */
async function use(
  client: pg.ClientBase,
  auth: AuthContext,
  user: TokenRow,
  type: VerifyType,
  column: TokenColumn,
): Promise<AuthMethod | { accepted: string }> {
  const actor = { actorId: user.id, actorUsername: user.email, ip: auth.ip };
  switch (type) {
    case 'signup':
    case 'invite': {
      await confirmEmail(client, user.id);
      await audit(client, { action: type === 'invite' ? 'invite_accepted' : 'user_signedup', ...actor, traits: { provider: 'email' } });
      return type === 'invite' ? 'invite' : 'email/signup';
    }
    case 'magiclink':
    case 'recovery': {
      await client.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [user.id]);
      if (!user.email_confirmed_at) {
        await confirmEmail(client, user.id);
        await audit(client, { action: 'user_signedup', ...actor, traits: { provider: 'email' } });
      } else {
        await audit(client, { action: 'login', ...actor, traits: { provider: 'email' } });
      }
      return type === 'recovery' ? 'recovery' : 'magiclink';
    }
    default:
      return changeEmail(client, auth, user, column);
  }
}

/** The pending email change: the first of two tokens is only accepted; the last makes the change. */
async function changeEmail(
  client: pg.ClientBase,
  auth: AuthContext,
  user: TokenRow,
  column: TokenColumn,
): Promise<AuthMethod | { accepted: string }> {
  const other: TokenColumn = column === 'email_change_token_new' ? 'email_change_token_current' : 'email_change_token_new';
  if (user[other] && (user.email_change_confirm_status ?? 0) === 0) {
    await client.query(`update auth.users set ${column} = '', email_change_confirm_status = 1, updated_at = now() where id = $1`, [
      user.id,
    ]);
    return { accepted: SINGLE_CONFIRMATION_ACCEPTED };
  }
  const newEmail = user.email_change;
  if (!newEmail) throw new AuthApiError(403, 'otp_expired', 'Email link is invalid or has expired');
  const { rows } = await client.query(`select 1 from auth.users where lower(email) = lower($1) and id <> $2 and not is_sso_user`, [
    newEmail,
    user.id,
  ]);
  if (rows.length) throw unprocessable('A user with this email address has already been registered', 'email_exists');
  await client.query(
    `update auth.users set email = $2::text, email_change = '', email_change_token_new = '', email_change_token_current = '', email_change_confirm_status = 0,
       email_confirmed_at = coalesce(email_confirmed_at, now()), is_anonymous = false, updated_at = now(),
       raw_user_meta_data = case when raw_user_meta_data ? 'email' then jsonb_set(raw_user_meta_data, '{email}', to_jsonb($2::text)) else raw_user_meta_data end
     where id = $1`,
    [user.id, newEmail],
  );
  await client.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1, $2, $3, 'email', now(), now())
     on conflict (provider_id, provider) do update set identity_data = auth.identities.identity_data || excluded.identity_data, updated_at = now()`,
    [user.id, user.id, { sub: user.id, email: newEmail, email_verified: true, phone_verified: false }],
  );
  await audit(client, { action: 'user_modified', actorId: user.id, actorUsername: newEmail, ip: auth.ip, traits: { provider: 'email' } });
  return 'email_change';
}
