/** Who a request's access token names: its user and session, both still there, or GoTrue's 401/403. */
import type { AuthContext } from './context.ts';
import { queryAuth } from './db.ts';
import { forbidden } from './errors.ts';
import { isUuid } from '../kernel/uuid.ts';
import { type AccessTokenClaims, bearerToken, verifyAccessToken } from './tokens.ts';
import { USER_COLUMNS, type UserRow } from './users.ts';

export interface CurrentUser {
  user: UserRow;
  claims: AccessTokenClaims;
}

export async function currentUser(auth: AuthContext, headers: Headers): Promise<CurrentUser> {
  const claims = verifyAccessToken(auth.keys, bearerToken(headers));
  const sessionId = typeof claims.session_id === 'string' && claims.session_id ? claims.session_id : null;
  const rows = await queryAuth<UserRow & { session_exists: boolean }>(
    auth.ctx,
    auth.project,
    `select ${USER_COLUMNS}, ($2::uuid is null or exists (select 1 from auth.sessions s where s.id = $2::uuid and s.user_id = u.id)) as session_exists
       from auth.users u where u.id = $1::uuid`,
    [isUuid(claims.sub) ? claims.sub : null, sessionId && isUuid(sessionId) ? sessionId : null],
    'basin-auth-current-user',
  );
  const user = rows[0];
  if (!user) throw forbidden('User from sub claim in JWT does not exist', 'user_not_found');
  if (!user.session_exists) throw forbidden('Session from session_id claim in JWT does not exist', 'session_not_found');
  return { user, claims };
}
