/**
 * Passkeys as GoTrue runs them (auth-js's `auth.passkey`, signInWithPasskey, registerPasskey): a
 * signed-in user registers discoverable credentials (auth.webauthn_credentials), and anyone signs
 * in with one without a user name, the browser finding it (`/passkeys/authentication/*`). Each
 * ceremony's challenge (auth.webauthn_challenges) is used once: it is taken before its answer is
 * checked, so a refused answer cannot be tried again.
 */
import type pg from 'pg';
import { audit } from './audit.ts';
import type { AuthContext } from './context.ts';
import { isUuid } from '../kernel/uuid.ts';
import type { CurrentUser } from './current-user.ts';
import { queryAuth, withAuthTransaction } from './db.ts';
import { badRequest, forbidden, unprocessable } from './errors.ts';
import { sessionAal } from './mfa.ts';
import { passkeyName } from './passkey-names.ts';
import type { Body } from './request.ts';
import { type SessionJson, startSession } from './sessions.ts';
import { findUserById, isBanned, type UserRow } from './users.ts';
import {
  assertionCredentialId,
  assertionUserHandle,
  authenticationOptions,
  type Ceremony,
  checkAssertion,
  checkRegistration,
  registrationOptions,
  relyingParty,
  type StoredCredential,
} from './webauthn.ts';

/** GoTrue's defaults (GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION, GOTRUE_PASSKEY_MAX_PASSKEYS_PER_USER). */
const CHALLENGE_SECONDS = 300;
const MAX_PASSKEYS_PER_USER = 10;

/** A passkey as the list, rename and registration answer show it (auth-js's PasskeyListItem). */
export const PASSKEY_JSON = `json_strip_nulls(json_build_object('id', c.id, 'friendly_name', nullif(c.friendly_name, ''),
  'created_at', c.created_at, 'last_used_at', c.last_used_at))`;

const verificationFailed = () => badRequest('Credential verification failed', 'webauthn_verification_failed');

/** The audit entry of what `actor` did with a passkey. */
export const auditPasskey = (
  client: pg.ClientBase,
  auth: AuthContext,
  action: 'passkey_created' | 'passkey_updated' | 'passkey_deleted' | 'login',
  actor: { id: string | null; username: string | null },
  passkeyId: string,
) => audit(client, { action, actorId: actor.id, actorUsername: actor.username, ip: auth.ip, traits: { passkey_id: passkeyId } });

interface CredentialRow {
  id: string;
  user_id: string;
  credential_id: Buffer;
  public_key: Buffer;
  sign_count: string;
  transports: string[];
}

const storedCredential = (row: CredentialRow): StoredCredential => ({
  id: row.credential_id.toString('base64url'),
  public_key: row.public_key.toString('base64url'),
  counter: Number(row.sign_count),
  transports: row.transports,
});

async function credentialsOf(client: pg.ClientBase, userId: string): Promise<CredentialRow[]> {
  const { rows } = await client.query<CredentialRow>(
    `select id, user_id, credential_id, public_key, sign_count, transports from auth.webauthn_credentials where user_id = $1 order by created_at`,
    [userId],
  );
  return rows;
}

/** GoTrue's rule: with a verified MFA factor, adding or removing a way in takes an aal2 session. */
export async function requirePasskeyManagementAal(client: pg.ClientBase, { user, claims }: CurrentUser): Promise<void> {
  const hasMfa = (user.factors ?? []).some((factor) => factor.status === 'verified');
  if (hasMfa && (await sessionAal(client, claims.session_id)) !== 'aal2')
    throw forbidden('AAL2 session is required to manage passkeys when MFA is enabled', 'insufficient_aal');
}

/** Keeps a ceremony for CHALLENGE_SECONDS (sweeping the long expired ones); the options' answer. */
async function keepCeremony<O>(
  client: pg.ClientBase,
  userId: string | null,
  type: 'registration' | 'authentication',
  options: O & { challenge: string },
) {
  const ceremony: Ceremony = { type: type === 'registration' ? 'create' : 'request', challenge: options.challenge };
  const { rows } = await client.query<{ id: string; expires_at: number }>(
    `with swept as (delete from auth.webauthn_challenges where expires_at < now() - interval '1 day')
     insert into auth.webauthn_challenges (user_id, challenge_type, session_data, expires_at)
     values ($1, $2, $3::jsonb, now() + make_interval(secs => $4))
     returning id, extract(epoch from expires_at)::bigint::int as expires_at`,
    [userId, type, JSON.stringify(ceremony), CHALLENGE_SECONDS],
  );
  return { challenge_id: rows[0]!.id, options, expires_at: rows[0]!.expires_at };
}

/** The verify body's challenge id and credential, refused in GoTrue's words. */
function verifyParams(body: Body): { challengeId: string; credential: Record<string, unknown> } {
  const challengeId = body.challenge_id;
  if (typeof challengeId !== 'string' || !challengeId) throw badRequest('challenge_id is required');
  const credential = body.credential;
  if (typeof credential !== 'object' || credential === null || Array.isArray(credential)) throw badRequest('credential is required');
  if (!isUuid(challengeId)) throw badRequest('challenge_id must be a valid UUID');
  return { challengeId, credential: credential as Record<string, unknown> };
}

/** Takes the challenge out, in its own statement so that it stays taken whatever its answer. */
async function takeCeremony(auth: AuthContext, challengeId: string, type: 'registration' | 'authentication', userId: string | null) {
  const rows = await queryAuth<{ session_data: Ceremony; expired: boolean }>(
    auth.ctx,
    auth.project,
    `delete from auth.webauthn_challenges where id = $1 and challenge_type = $2 and user_id is not distinct from $3::uuid
     returning session_data, expires_at < now() as expired`,
    [challengeId, type, userId],
  );
  const taken = rows[0];
  if (!taken) throw badRequest('Challenge not found or already used', 'webauthn_challenge_not_found');
  if (taken.expired) throw badRequest('Challenge has expired', 'webauthn_challenge_expired');
  return taken.session_data;
}

/** `POST /passkeys/registration/options`: creation options for a new discoverable credential of the user. */
export async function passkeyRegistrationOptions(auth: AuthContext, signedIn: CurrentUser) {
  return withAuthTransaction(auth.ctx, auth.project, async (client) => {
    await requirePasskeyManagementAal(client, signedIn);
    const existing = await credentialsOf(client, signedIn.user.id);
    if (existing.length >= MAX_PASSKEYS_PER_USER) throw unprocessable('Maximum number of passkeys reached', 'too_many_passkeys');
    const options = await registrationOptions(relyingParty(auth), signedIn.user, existing.map(storedCredential), 'required');
    return keepCeremony(client, signedIn.user.id, 'registration', options);
  });
}

/** `POST /passkeys/registration/verify`: the browser's new credential, checked and kept. */
export async function verifyPasskeyRegistration(auth: AuthContext, signedIn: CurrentUser, body: Body) {
  const { user } = signedIn;
  await withAuthTransaction(auth.ctx, auth.project, (client) => requirePasskeyManagementAal(client, signedIn));
  const { challengeId, credential } = verifyParams(body);
  const ceremony = await takeCeremony(auth, challengeId, 'registration', user.id);
  const made = await checkRegistration(relyingParty(auth), ceremony, credential);
  if (!made) throw verificationFailed();
  return withAuthTransaction(auth.ctx, auth.project, async (client) => {
    if ((await credentialsOf(client, user.id)).length >= MAX_PASSKEYS_PER_USER)
      throw unprocessable('Maximum number of passkeys reached', 'too_many_passkeys');
    const inserted = await client
      .query<{ id: string; passkey: Record<string, unknown> }>(
        `insert into auth.webauthn_credentials as c
           (user_id, credential_id, public_key, attestation_type, aaguid, sign_count, transports, backup_eligible, backed_up, friendly_name)
         values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10)
         returning c.id, ${PASSKEY_JSON} as passkey`,
        [
          user.id,
          Buffer.from(made.id, 'base64url'),
          Buffer.from(made.public_key, 'base64url'),
          made.attestation_type,
          made.aaguid,
          made.counter,
          JSON.stringify(made.transports),
          made.backup_eligible,
          made.backed_up,
          passkeyName(made.aaguid),
        ],
      )
      .catch((error: unknown) => {
        if ((error as { code?: string }).code !== '23505') throw error;
        throw unprocessable('This credential is already registered', 'webauthn_credential_exists');
      });
    const { id, passkey } = inserted.rows[0]!;
    await auditPasskey(client, auth, 'passkey_created', { id: user.id, username: user.email }, id);
    return passkey;
  });
}

/** `POST /passkeys/authentication/options`: request options for any of the project's passkeys. */
export async function passkeyAuthenticationOptions(auth: AuthContext) {
  const options = await authenticationOptions(relyingParty(auth), []);
  return withAuthTransaction(auth.ctx, auth.project, (client) => keepCeremony(client, null, 'authentication', options));
}

/** `POST /passkeys/authentication/verify`: the assertion's passkey and user, checked; a new session for them. */
export async function verifyPasskeyAuthentication(auth: AuthContext, body: Body): Promise<SessionJson> {
  const { challengeId, credential } = verifyParams(body);
  const ceremony = await takeCeremony(auth, challengeId, 'authentication', null);
  const credentialId = assertionCredentialId(credential);
  const rows = credentialId
    ? await queryAuth<CredentialRow>(
        auth.ctx,
        auth.project,
        `select id, user_id, credential_id, public_key, sign_count, transports from auth.webauthn_credentials where credential_id = $1`,
        [Buffer.from(credentialId, 'base64url')],
      )
    : [];
  const passkey = rows[0];
  // The assertion names its user (the handle registration gave it): it must be the passkey's.
  if (!passkey || assertionUserHandle(credential) !== passkey.user_id) throw verificationFailed();
  const counter = await checkAssertion(relyingParty(auth), ceremony, credential, storedCredential(passkey));
  if (counter === undefined) throw verificationFailed();
  return withAuthTransaction(auth.ctx, auth.project, async (client) => {
    const user = (await findUserById(client, passkey.user_id)) as UserRow;
    if (user.email && !user.email_confirmed_at) throw forbidden('Email not confirmed', 'email_not_confirmed');
    if (isBanned(user)) throw forbidden('User is banned', 'user_banned');
    await client.query(`update auth.webauthn_credentials set sign_count = $2, last_used_at = now(), updated_at = now() where id = $1`, [
      passkey.id,
      counter,
    ]);
    await auditPasskey(client, auth, 'login', { id: user.id, username: user.email }, passkey.id);
    return startSession(client, auth, user.id, 'passkey');
  });
}
