/**
 * PKCE, as GoTrue runs it for the flows that end in a redirect (sign-up confirmation, magic link,
 * recovery, email change). The request that mails the link sends `code_challenge` and
 * `code_challenge_method`; a flow state keeps them for the user and the link's authentication
 * method, and the link's token carries the `pkce_` prefix. Opening the link redirects with
 * `?code=` instead of a session in the fragment, and `POST /token?grant_type=pkce` trades that
 * code and the client's verifier for the session, once, within FLOW_STATE_SECONDS.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { audit } from './audit.ts';
import type { AuthContext } from './context.ts';
import { withAuthTransaction } from './db.ts';
import { AuthApiError, badRequest, notFound, unprocessable } from './errors.ts';
import { type Body, stringField } from './request.ts';
import { type AuthMethod, type SessionJson, startSession } from './sessions.ts';

export const PKCE_PREFIX = 'pkce_';

/** GoTrue's default flow state expiry: a code is good for five minutes. */
const FLOW_STATE_SECONDS = 300;

/** RFC 7636 §4.2: 43 to 128 unreserved characters. */
const CHALLENGE = /^[a-zA-Z._~0-9-]{43,128}$/;

export interface PkceChallenge {
  challenge: string;
  method: 's256' | 'plain';
}

/** The request's challenge, or undefined for the implicit flow; GoTrue's 400s for half a pair or a malformed one. */
export function pkceChallenge(body: Body): PkceChallenge | undefined {
  const challenge = stringField(body, 'code_challenge') ?? '';
  const method = stringField(body, 'code_challenge_method') ?? '';
  if (!challenge && !method) return undefined;
  if (!challenge || !method) throw badRequest('PKCE flow requires code_challenge_method and code_challenge');
  if (challenge.length < 43 || challenge.length > 128) throw badRequest('code challenge has to be between 43 and 128 characters');
  if (!CHALLENGE.test(challenge))
    throw badRequest('code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes');
  const lower = method.toLowerCase();
  if (lower !== 's256' && lower !== 'plain') throw badRequest(`unsupported code_challenge method "${method}"`);
  return { challenge, method: lower };
}

/** Keeps the challenge for the user's next link of this authentication method. */
export async function createFlowState(client: pg.ClientBase, userId: string, method: AuthMethod, pkce: PkceChallenge): Promise<void> {
  await client.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method, created_at, updated_at)
     values (gen_random_uuid(), $1, gen_random_uuid()::text, $2, $3, 'email', $4, now(), now())`,
    [userId, pkce.method, pkce.challenge, method],
  );
}

/**
 * An OAuth sign-in's flow state, made before the user is known (GoTrue's generateFlowState): the
 * callback names its user and issues its code (issueOAuthCode).
 */
export async function createOAuthFlowState(client: pg.ClientBase, provider: string, pkce: PkceChallenge): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into auth.flow_state (id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method, created_at, updated_at)
     values (gen_random_uuid(), gen_random_uuid()::text, $1, $2, $3, 'oauth', now(), now()) returning id`,
    [pkce.method, pkce.challenge, provider],
  );
  return rows[0]!.id;
}

/** The callback's code for the flow state, now the user's, with the provider's tokens kept for the exchange. */
export async function issueOAuthCode(
  client: pg.ClientBase,
  flowStateId: string,
  userId: string,
  providerTokens: { accessToken: string; refreshToken: string | undefined },
): Promise<string> {
  const { rows } = await client.query<{ auth_code: string }>(
    `update auth.flow_state set user_id = $2, provider_access_token = $3, provider_refresh_token = $4, auth_code_issued_at = now(), updated_at = now()
      where id = $1 and user_id is null returning auth_code`,
    [flowStateId, userId, providerTokens.accessToken, providerTokens.refreshToken ?? null],
  );
  if (!rows[0]) throw unprocessable('Flow state not found', 'flow_state_not_found');
  return rows[0].auth_code;
}

/** The code of the user's latest flow state for the method, as the link is opened (GoTrue's issueAuthCode). */
export async function issueAuthCode(client: pg.ClientBase, userId: string, method: AuthMethod): Promise<string> {
  const { rows } = await client.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
      where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2 order by created_at desc limit 1)
      returning auth_code`,
    [userId, method],
  );
  if (!rows[0]) throw unprocessable('No valid flow state found for user.', 'flow_state_not_found');
  return rows[0].auth_code;
}

const verifies = (challenge: string, method: string, verifier: string): boolean => {
  const expected = method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const [a, b] = [Buffer.from(challenge), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
};

interface FlowStateRow {
  id: string;
  user_id: string | null;
  code_challenge: string;
  code_challenge_method: string;
  provider_type: string;
  authentication_method: AuthMethod;
  email: string | null;
  expired: boolean;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
}

/** `POST /token?grant_type=pkce`: the code and its verifier for a session; the flow state is used up. */
export async function exchangeAuthCode(auth: AuthContext, body: Body): Promise<SessionJson & { provider_token?: string }> {
  const code = stringField(body, 'auth_code') ?? '';
  const verifier = stringField(body, 'code_verifier') ?? '';
  if (!code || !verifier) throw badRequest('invalid request: both auth code and code verifier should be non-empty');
  return withAuthTransaction(auth.ctx, auth.project, async (client) => {
    const { rows } = await client.query<FlowStateRow>(
      `select f.id, f.user_id, f.code_challenge, f.code_challenge_method, f.provider_type, f.authentication_method, u.email,
              f.provider_access_token, f.provider_refresh_token,
              coalesce(f.auth_code_issued_at, f.created_at) + make_interval(secs => $2) < now() as expired
         from auth.flow_state f left join auth.users u on u.id = f.user_id
        where f.auth_code = $1 for update of f`,
      [code, FLOW_STATE_SECONDS],
    );
    const flow = rows[0];
    if (!flow?.user_id) throw notFound('invalid flow state, no valid flow state found', 'flow_state_not_found');
    if (flow.expired) throw unprocessable('invalid flow state, flow state has expired', 'flow_state_expired');
    if (!verifies(flow.code_challenge, flow.code_challenge_method, verifier))
      throw new AuthApiError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
    await client.query('delete from auth.flow_state where id = $1', [flow.id]);
    await audit(client, {
      action: 'login',
      actorId: flow.user_id,
      actorUsername: flow.email,
      ip: auth.ip,
      traits: { provider_type: flow.provider_type },
    });
    const session = await startSession(client, auth, flow.user_id, flow.authentication_method);
    // An OAuth sign-in hands the provider's tokens over too, as the implicit flow's fragment does.
    return flow.provider_access_token
      ? { ...session, provider_token: flow.provider_access_token, provider_refresh_token: flow.provider_refresh_token ?? undefined }
      : session;
  });
}
