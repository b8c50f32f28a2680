/**
 * Sessions and their refresh tokens, as Supabase Auth keeps them: a sign-in makes a session with
 * one refresh token; each refresh revokes the token it used and issues its child. A revoked token
 * presented again within the reuse interval (two tabs refreshing at once) gets the session's
 * current token back; presented later, it is taken as stolen and the whole session is revoked.
 */
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type pg from 'pg';
import { auditInsert, auditPayload } from './audit.ts';
import type { AuthContext } from './context.ts';
import { AuthApiError, badRequest } from './errors.ts';
import { type AmrEntry, newRefreshToken, signAccessToken } from './tokens.ts';
import { isBanned, USER_COLUMNS, type UserRow, userJson } from './users.ts';

/** GoTrue's default refresh token reuse interval. */
const REUSE_INTERVAL_SECONDS = 10;

export type AuthMethod = 'password' | 'otp' | 'magiclink' | 'anonymous' | 'recovery' | 'invite' | 'email/signup' | 'email_change';

/** The session answer of sign-ins, refreshes and verifications (auth-js's Session). */
export async function sessionJson(auth: AuthContext, user: UserRow, sessionId: string, refreshToken: string, amr: AmrEntry[]) {
  const { token, expiresAt } = await signAccessToken(auth.secret, auth.issuer, user, sessionId, amr, auth.settings.jwt_exp);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: auth.settings.jwt_exp,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

export type SessionJson = Awaited<ReturnType<typeof sessionJson>>;

const inetOrNull = (ip: string) => (isIP(ip) ? ip : null);

/** Signs the user in: a new session with its first refresh token, `last_sign_in_at` now. */
export async function startSession(client: pg.ClientBase, auth: AuthContext, userId: string, method: AuthMethod): Promise<SessionJson> {
  const sessionId = randomUUID();
  const refreshToken = newRefreshToken();
  const { rows } = await client.query<UserRow & { amr_at: Date }>(
    `with session as (
       insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip) values ($1, $2, now(), now(), 'aal1', $3, $4)
     ), amr as (
       insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id) values ($1, now(), now(), $5, gen_random_uuid())
     ), token as (
       insert into auth.refresh_tokens (instance_id, token, user_id, revoked, session_id, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $6, $2, false, $1, now(), now())
     ), identity as (
       update auth.identities set last_sign_in_at = now() where user_id = $2 and provider = 'email'
     )
     update auth.users u set last_sign_in_at = now() where u.id = $2 returning ${USER_COLUMNS}, now() as amr_at`,
    [sessionId, userId, auth.userAgent.slice(0, 1000), inetOrNull(auth.ip), method, refreshToken],
  );
  const user = rows[0]!;
  return sessionJson(auth, user, sessionId, refreshToken, [{ method, timestamp: Math.floor(user.amr_at.getTime() / 1000) }]);
}

interface PresentedToken {
  id: string;
  token: string;
  revoked: boolean;
  session_id: string;
  user_id: string;
  revoked_seconds_ago: number;
  /** The session's newest unrevoked token, the one a reuse within the interval gets back. */
  active_token: string | null;
  active_is_child: boolean;
}

const notFound = () => badRequest('Invalid Refresh Token: Refresh Token Not Found', 'refresh_token_not_found');

/**
 * Exchanges a refresh token for a new session answer. A reuse outside the interval revokes the
 * session's tokens and must be committed before the error is answered: the caller throws what
 * this returns as `refused` after the transaction.
 */
export async function refreshSession(client: pg.ClientBase, auth: AuthContext, presented: string): Promise<{ session: SessionJson } | { refused: AuthApiError }> {
  const { rows } = await client.query<PresentedToken>(
    `select rt.id, rt.token, rt.revoked, rt.session_id, rt.user_id,
            extract(epoch from now() - rt.updated_at)::float8 as revoked_seconds_ago,
            active.token as active_token, active.parent = rt.token as active_is_child
       from auth.refresh_tokens rt
       left join lateral (
         select t.token, t.parent from auth.refresh_tokens t where t.session_id = rt.session_id and not t.revoked order by t.id desc limit 1
       ) active on true
      where rt.token = $1 and rt.session_id is not null
        for update of rt`,
    [presented],
  );
  const row = rows[0];
  if (!row) return { refused: notFound() };
  let token = row.token;
  if (row.revoked) {
    if (!(row.active_token && row.active_is_child && row.revoked_seconds_ago <= REUSE_INTERVAL_SECONDS)) {
      await client.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked`, [row.session_id]);
      return { refused: badRequest('Invalid Refresh Token: Already Used', 'refresh_token_already_used') };
    }
    token = row.active_token;
  }
  const rotated = !row.revoked;
  const next = rotated ? newRefreshToken() : token;
  const { rows: users } = await client.query<UserRow & { amr: AmrEntry[]; not_after: Date | null }>(
    `with revoke as (
       update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1 and $6
     ), child as (
       insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', $2, $3, false, $4, $5, now(), now() where $6
     ), touch as (
       update auth.sessions set refreshed_at = timezone('utc', now()), updated_at = now() where id = $5
     ), audited as (
       ${auditInsert(7)}
     )
     select ${USER_COLUMNS},
            coalesce((select json_agg(json_build_object('method', c.authentication_method, 'timestamp', extract(epoch from c.created_at)::bigint))
                        from auth.mfa_amr_claims c where c.session_id = $5), '[]') as amr,
            (select s.not_after from auth.sessions s where s.id = $5) as not_after
       from auth.users u where u.id = $3::uuid`,
    [row.id, next, row.user_id, row.token, row.session_id, rotated, auditPayload({ action: 'token_refreshed', actorId: row.user_id, actorUsername: null, ip: auth.ip }), auth.ip],
  );
  const user = users[0];
  if (!user) return { refused: notFound() };
  if (isBanned(user)) return { refused: badRequest('Invalid Refresh Token: User Banned', 'user_banned') };
  if (user.not_after && user.not_after.getTime() <= Date.now()) return { refused: new AuthApiError(403, 'session_not_found', 'Session has expired') };
  return { session: await sessionJson(auth, user, row.session_id, next, user.amr) };
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Ends the current session (local), every session of the user (global) or all but the current one (others). */
export async function endSessions(client: pg.ClientBase, auth: AuthContext, userId: string, sessionId: string, scope: LogoutScope): Promise<void> {
  await client.query(
    `delete from auth.sessions where user_id = $1 and case $3 when 'local' then id = $2::uuid when 'others' then id <> $2::uuid else true end`,
    [userId, sessionId, scope],
  );
  await client.query(auditInsert(1), [auditPayload({ action: 'logout', actorId: userId, actorUsername: null, ip: auth.ip, traits: { scope } }), auth.ip]);
}
