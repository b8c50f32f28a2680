/**
 * A verified second factor steps the session up as GoTrue does: the challenge is used, the factor
 * verified, the session aal2 with the factor's method in its amr and a new refresh token, the
 * user's aal1 sessions end and their other unverified factors of the type go.
 */
import type pg from 'pg';
import type { AuthContext } from './context.ts';
import type { CurrentUser } from './current-user.ts';
import { type SessionJson, sessionJson } from './sessions.ts';
import { type AmrEntry, newRefreshToken } from './tokens.ts';
import { findUserById, type FactorJson } from './users.ts';

export interface SteppingFactor {
  id: string;
  type: FactorJson['factor_type'];
  /** Its amr method: `totp`, `mfa/webauthn`. */
  method: string;
}

export async function stepUpSession(
  client: pg.ClientBase,
  auth: AuthContext,
  { user, claims }: CurrentUser,
  factor: SteppingFactor,
  challengeId: string,
): Promise<SessionJson> {
  const refreshToken = newRefreshToken();
  // The amr lists the factor's method first: it is the newest, even within the same second as the sign-in.
  const { rows } = await client.query<{ amr: AmrEntry[] }>(
    `with challenge as (
       update auth.mfa_challenges set verified_at = now() where id = $3
     ), factor as (
       update auth.mfa_factors set status = 'verified', updated_at = now() where id = $2
     ), others as (
       delete from auth.mfa_factors where user_id = $1 and factor_type = $7::auth.factor_type and status = 'unverified' and id <> $2
     ), session as (
       update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $4 and user_id = $1 returning id
     ), older as (
       delete from auth.sessions where user_id = $1 and id <> $4 and (aal is null or aal < 'aal2')
     ), claim as (
       insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
       select id, now(), now(), $6, gen_random_uuid() from session
       on conflict (session_id, authentication_method) do update set updated_at = now()
       returning session_id, authentication_method, updated_at
     ), revoked as (
       update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $4 and not revoked returning token
     ), child as (
       insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
       select '00000000-0000-0000-0000-000000000000', $5, $1::text, false, (select max(token) from revoked), id, now(), now() from session
     )
     select jsonb_build_array((select jsonb_build_object('method', $6::text, 'timestamp', extract(epoch from updated_at)::bigint) from claim))
            || coalesce((select jsonb_agg(jsonb_build_object('method', c.authentication_method, 'timestamp', extract(epoch from c.updated_at)::bigint)
                                          order by c.updated_at desc)
                           from auth.mfa_amr_claims c where c.session_id = $4 and c.authentication_method <> $6), '[]') as amr`,
    [user.id, factor.id, challengeId, claims.session_id, refreshToken, factor.method, factor.type],
  );
  const signedIn = (await findUserById(client, user.id))!;
  return sessionJson(auth, signedIn, claims.session_id, refreshToken, rows[0]!.amr, { client, method: factor.method });
}
