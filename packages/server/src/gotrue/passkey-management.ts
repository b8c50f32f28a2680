/**
 * A user's passkeys listed, renamed and removed (`/passkeys`, auth-js's passkey.list/update/delete),
 * and the admin API's list and removal of any user's (`/admin/users/{id}/passkeys`), as GoTrue
 * answers them.
 */
import type pg from 'pg';
import type { AdminActor } from './admin-users.ts';
import type { AuthContext } from './context.ts';
import { isUuid } from '../kernel/uuid.ts';
import type { CurrentUser } from './current-user.ts';
import { queryAuth, withAuthTransaction } from './db.ts';
import { badRequest, notFound } from './errors.ts';
import { auditPasskey, PASSKEY_JSON, requirePasskeyManagementAal } from './passkeys.ts';
import { type Body, stringField } from './request.ts';
import { findUserById } from './users.ts';

const MAX_FRIENDLY_NAME = 120;

const passkeyNotFound = () => notFound('Passkey not found', 'validation_failed');

/** The user's passkeys, oldest first. */
async function passkeysOf(auth: AuthContext, userId: string): Promise<Record<string, unknown>[]> {
  const rows = await queryAuth<{ passkey: Record<string, unknown> }>(
    auth.ctx,
    auth.project,
    `select ${PASSKEY_JSON} as passkey from auth.webauthn_credentials c where c.user_id = $1 order by c.created_at`,
    [userId],
  );
  return rows.map((row) => row.passkey);
}

/** `GET /passkeys`. */
export const listPasskeys = (auth: AuthContext, { user }: CurrentUser) => passkeysOf(auth, user.id);

/** `PATCH /passkeys/{id}`: a new friendly name; no aal asked, as a name lets no one in. */
export async function renamePasskey(auth: AuthContext, { user }: CurrentUser, passkeyId: string, body: Body) {
  if (!isUuid(passkeyId)) throw passkeyNotFound();
  const friendlyName = stringField(body, 'friendly_name') ?? '';
  if (!friendlyName) throw badRequest('friendly_name is required');
  if ([...friendlyName].length > MAX_FRIENDLY_NAME) throw badRequest(`friendly_name must be ${MAX_FRIENDLY_NAME} characters or less`);
  return withAuthTransaction(auth.ctx, auth.project, async (client) => {
    const { rows } = await client.query<{ passkey: Record<string, unknown> }>(
      `update auth.webauthn_credentials c set friendly_name = $3, updated_at = now() where c.id = $1 and c.user_id = $2 returning ${PASSKEY_JSON} as passkey`,
      [passkeyId, user.id, friendlyName],
    );
    if (!rows[0]) throw passkeyNotFound();
    await auditPasskey(client, auth, 'passkey_updated', { id: user.id, username: user.email }, passkeyId);
    return rows[0].passkey;
  });
}

/** `DELETE /passkeys/{id}`: with a verified MFA factor, only from an aal2 session. */
export async function deletePasskey(auth: AuthContext, signedIn: CurrentUser, passkeyId: string): Promise<void> {
  await withAuthTransaction(auth.ctx, auth.project, async (client) => {
    await requirePasskeyManagementAal(client, signedIn);
    await removePasskey(auth, client, signedIn.user.id, passkeyId, { id: signedIn.user.id, username: signedIn.user.email });
  });
}

/** The admin's `GET /admin/users/{id}/passkeys`. */
export async function adminListPasskeys(auth: AuthContext, userId: string) {
  const user = isUuid(userId) ? await withAuthTransaction(auth.ctx, auth.project, (client) => findUserById(client, userId)) : undefined;
  if (!user) throw notFound('User not found', 'user_not_found');
  return passkeysOf(auth, user.id);
}

/** The admin's `DELETE /admin/users/{id}/passkeys/{passkeyId}` (and the dashboard's): no aal asked. */
export async function adminDeletePasskey(auth: AuthContext, userId: string, passkeyId: string, actor: AdminActor): Promise<void> {
  if (!isUuid(userId)) throw notFound('User not found', 'user_not_found');
  await withAuthTransaction(auth.ctx, auth.project, (client) => removePasskey(auth, client, userId, passkeyId, actor));
}

async function removePasskey(
  auth: AuthContext,
  client: pg.ClientBase,
  userId: string,
  passkeyId: string,
  actor: { id: string | null; username: string | null },
): Promise<void> {
  const { rowCount } = await client.query('delete from auth.webauthn_credentials where id = $1 and user_id = $2', [
    isUuid(passkeyId) ? passkeyId : null,
    userId,
  ]);
  if (!rowCount) throw passkeyNotFound();
  await auditPasskey(client, auth, 'passkey_deleted', actor, passkeyId);
}
