/**
 * `DELETE /user/identities/{id}` (unlinkIdentity), as GoTrue's DeleteIdentity: never the user's
 * last identity; the user's email follows the identities left, and app_metadata.providers too.
 */
import { audit } from '../audit.ts';
import type { AuthContext } from '../context.ts';
import { isUuid } from '../../kernel/uuid.ts';
import { withAuthTransaction } from '../db.ts';
import { AuthApiError, notFound, unprocessable } from '../errors.ts';
import type { UserRow } from '../users.ts';
import { refreshProviders } from './external-accounts.ts';

export async function unlinkIdentity(auth: AuthContext, user: UserRow, identityId: string): Promise<void> {
  if (!isUuid(identityId)) throw notFound('identity_id must be an UUID', 'validation_failed');
  if (user.identities.length <= 1)
    throw unprocessable('User must have at least 1 identity after unlinking', 'single_identity_not_deletable');
  const identity = user.identities.find((candidate) => candidate.id === identityId);
  if (!identity) throw unprocessable("Identity doesn't exist", 'identity_not_found');
  const remaining = user.identities.filter((other) => other.id !== identityId);
  await withAuthTransaction(auth.ctx, auth.project, async (client) => {
    await audit(client, {
      action: 'identity_unlinked',
      actorId: user.id,
      actorUsername: user.email,
      ip: auth.ip,
      traits: { identity_id: identity.id, provider: identity.provider, provider_id: identity.provider_id },
    });
    await client.query('delete from auth.identities where id = $1', [identity.id]);
    // The address goes with its last identity: the user takes another identity's, as GoTrue's UpdateUserEmailFromIdentities.
    const email = user.email?.toLowerCase();
    if (email && !remaining.some((other) => other.email === email)) {
      const next = remaining.find((other) => other.email)?.email ?? null;
      try {
        await client.query('update auth.users set email = $2, updated_at = now() where id = $1', [user.id, next]);
      } catch (error) {
        if ((error as { code?: string }).code !== '23505') throw error;
        throw new AuthApiError(422, 'email_conflict_identity_not_deletable', 'Unable to unlink identity due to email conflict');
      }
    }
    await refreshProviders(client, user.id);
  });
}
