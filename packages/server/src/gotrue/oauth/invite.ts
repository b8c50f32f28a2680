/**
 * `invite_token` on `/authorize`, as GoTrue takes it: an invited user accepts the invite by
 * signing in with a provider instead of following the mailed link. The token is the invite's
 * token hash (what the link carries, `hashed_token` of generateLink); the provider must know the
 * invited address, verified or not, since the invite proves it. The user gains the identity, loses
 * any other way in (as any unconfirmed user gaining one does) and is confirmed.
 */
import type pg from 'pg';
import type { Queryable } from '../../store/db.ts';
import { audit } from '../audit.ts';
import type { AuthContext } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import { confirmEmail, findUserById, insertIdentity, type UserRow } from '../users.ts';
import { dropUnconfirmedDoors, type ExternalOutcome } from './external-accounts.ts';
import type { ProviderProfile } from './profiles.ts';

/** The user with a pending confirmation (an invite's) of this token hash, as GoTrue's FindUserByConfirmationToken. */
export async function userByConfirmationToken(db: Queryable, token: string): Promise<UserRow | undefined> {
  // The test repeats the partial index's predicate (auth-schema.ts), so the index serves it.
  const { rows } = await db.query<{ id: string }>(
    `select id from auth.users where confirmation_token = $1 and confirmation_token !~ '^[0-9 ]*$' and not is_sso_user`,
    [token],
  );
  return rows[0] && findUserById(db, rows[0].id);
}

/** The callback of an authorization that carried an invite token; GoTrue's refusals roll it back. */
export async function acceptInvite(
  client: pg.ClientBase,
  auth: AuthContext,
  token: string,
  provider: string,
  profile: ProviderProfile,
): Promise<ExternalOutcome> {
  const user = await userByConfirmationToken(client, token);
  if (!user) throw notFound('Invite not found', 'invite_not_found');
  if (!profile.emails.some(({ email }) => email.toLowerCase() === user.email))
    throw badRequest('Invited email does not match emails from external provider');
  const identityId = await insertIdentity(client, user.id, { provider, providerId: profile.claims.sub, data: profile.claims });
  await dropUnconfirmedDoors(client, user.id, identityId, profile.claims);
  await client.query(
    `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}') || jsonb_build_object('provider', $2::text) where id = $1`,
    [user.id, provider],
  );
  await audit(client, { action: 'invite_accepted', actorId: user.id, actorUsername: user.email, ip: auth.ip, traits: { provider } });
  await confirmEmail(client, user.id);
  return { user: (await findUserById(client, user.id))! };
}
