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
import { queryAuth, withAuthTransaction } from './db.ts';
import { AuthApiError, badRequest } from './errors.ts';
import { hookedClaims } from './hooks.ts';
import { accessTokenClaims, type AmrEntry, newRefreshToken, signClaims } from './tokens.ts';
import { isBanned, USER_COLUMNS, type UserRow, userJson } from './users.ts';

/** GoTrue's default refresh token reuse interval. */
const REUSE_INTERVAL_SECONDS = 10;

export type AuthMethod =
  'password' | 'otp' | 'magiclink' | 'anonymous' | 'recovery' | 'invite' | 'email/signup' | 'email_change' | 'passkey' | 'oauth';

/** How the custom access token hook is called for a session answer (hooks.ts). */
export interface HookCall {
  /** The session's transaction, when there is one: the hook runs in it rather than on a second session. */
  client?: pg.ClientBase;
  /** What the token is for: the newest sign-in method unless said. */
  method?: string;
}

/** The session answer of sign-ins, refreshes and verifications (auth-js's Session). */
export async function sessionJson(
  auth: AuthContext,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  amr: AmrEntry[],
  hook: HookCall = {},
) {
  const claims = accessTokenClaims(auth.issuer, user, sessionId, amr, auth.settings.jwt_exp);
  const method = hook.method ?? claims.amr[0]?.method ?? 'password';
  const { token, expiresAt } = signClaims(auth.keys, await hookedClaims(auth, claims, method, hook.client));
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

/** The session as a redirect's fragment carries it to the app (GoTrue's AsRedirectURL), for auth-js to read. */
export const sessionParams = (session: SessionJson): Record<string, string> => ({
  access_token: session.access_token,
  expires_at: String(session.expires_at),
  expires_in: String(session.expires_in),
  refresh_token: session.refresh_token,
  token_type: 'bearer',
});

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
  return sessionJson(auth, user, sessionId, refreshToken, [{ method, timestamp: Math.floor(user.amr_at.getTime() / 1000) }], { client });
}

const notFound = () => badRequest('Invalid Refresh Token: Refresh Token Not Found', 'refresh_token_not_found');

type RotatedRow = UserRow & { revoked: boolean; session_id: string; amr: AmrEntry[]; not_after: Date | null };

/**
 * The common case in one statement, so in one round trip and its own transaction: the presented
 * token, locked, is revoked and its child issued, the session touched and the refresh audited, all
 * only if it was still active and its user not banned. A concurrent refresh of the same token
 * waits on the lock and then finds it revoked.
 */
const ROTATE = `
  with presented as (
    select rt.id, rt.token, rt.revoked, rt.session_id, rt.user_id from auth.refresh_tokens rt
     where rt.token = $1 and rt.session_id is not null
       for update
  ), rotating as (
    select p.* from presented p join auth.users u on u.id = p.user_id::uuid
     where not p.revoked and (u.banned_until is null or u.banned_until <= now())
  ), revoke as (
    update auth.refresh_tokens set revoked = true, updated_at = now() where id = (select id from rotating)
  ), child as (
    insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
    select '00000000-0000-0000-0000-000000000000', $2, r.user_id, false, r.token, r.session_id, now(), now() from rotating r
  ), touch as (
    update auth.sessions set refreshed_at = timezone('utc', now()), updated_at = now() where id = (select session_id from rotating)
  ), audited as (
    insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
    select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), ($3::jsonb || jsonb_build_object('actor_id', r.user_id))::json, now(), left($4, 64)
      from rotating r
  )
  select p.revoked, p.session_id, ${USER_COLUMNS},
         -- Newest first to the microsecond: whole seconds tie when a second factor follows the sign-in at once.
         coalesce((select json_agg(json_build_object('method', c.authentication_method, 'timestamp', extract(epoch from c.created_at)::bigint)
                                   order by c.updated_at desc)
                     from auth.mfa_amr_claims c where c.session_id = p.session_id), '[]') as amr,
         (select s.not_after from auth.sessions s where s.id = p.session_id) as not_after
    from presented p join auth.users u on u.id = p.user_id::uuid`;

/** Exchanges a refresh token for a new session answer, rotating it. */
export async function refreshSession(auth: AuthContext, presented: string): Promise<SessionJson> {
  const next = newRefreshToken();
  const audit = auditPayload({ action: 'token_refreshed', actorId: null, actorUsername: null, ip: auth.ip });
  const [row] = await queryAuth<RotatedRow>(auth.ctx, auth.project, ROTATE, [presented, next, audit, auth.ip], 'basin-auth-refresh');
  if (!row) throw notFound();
  if (isBanned(row)) throw badRequest('Invalid Refresh Token: User Banned', 'user_banned');
  if (row.revoked) return reuse(auth, presented, row);
  if (row.not_after && row.not_after.getTime() <= Date.now()) throw new AuthApiError(403, 'session_not_found', 'Session has expired');
  return sessionJson(auth, row, row.session_id, next, row.amr, { method: 'token_refresh' });
}

/**
 * A revoked token presented again: within the reuse interval, by the same client racing itself,
 * when the token's child is still the session's newest, the answer carries that child; otherwise
 * the token was stolen, and every token of its session is revoked (committed before the refusal).
 */
async function reuse(auth: AuthContext, presented: string, row: RotatedRow): Promise<SessionJson> {
  const outcome = await withAuthTransaction(auth.ctx, auth.project, async (client) => {
    const { rows } = await client.query<{ active_token: string | null; within_interval: boolean }>(
      `select active.token as active_token, active.parent = rt.token and rt.updated_at > now() - make_interval(secs => $2) as within_interval
         from auth.refresh_tokens rt
         left join lateral (
           select t.token, t.parent from auth.refresh_tokens t where t.session_id = rt.session_id and not t.revoked order by t.id desc limit 1
         ) active on true
        where rt.token = $1`,
      [presented, REUSE_INTERVAL_SECONDS],
    );
    const found = rows[0];
    if (found?.active_token && found.within_interval) return { token: found.active_token };
    await client.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked', [
      row.session_id,
    ]);
    return { refused: badRequest('Invalid Refresh Token: Already Used', 'refresh_token_already_used') };
  });
  if ('refused' in outcome) throw outcome.refused;
  return sessionJson(auth, row, row.session_id, outcome.token, row.amr, { method: 'token_refresh' });
}

export type LogoutScope = 'global' | 'local' | 'others';

/** Ends the current session (local), every session of the user (global) or all but the current one (others). */
export async function endSessions(
  client: pg.ClientBase,
  auth: AuthContext,
  userId: string,
  sessionId: string,
  scope: LogoutScope,
): Promise<void> {
  await client.query(
    `delete from auth.sessions where user_id = $1 and case $3 when 'local' then id = $2::uuid when 'others' then id <> $2::uuid else true end`,
    [userId, sessionId, scope],
  );
  await client.query(auditInsert(1), [
    auditPayload({ action: 'logout', actorId: userId, actorUsername: null, ip: auth.ip, traits: { scope } }),
    auth.ip,
  ]);
}
