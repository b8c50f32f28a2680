/**
 * The WebAuthn factor's part of the MFA flow in mfa.ts, as GoTrue runs it: a challenge of an
 * unverified factor asks the browser to create a credential ('create'), one of a verified factor
 * to sign with it ('request'); verifying checks the answer against the challenge's ceremony and
 * stores the new credential, or the credential's new signature counter.
 */
import type pg from 'pg';
import type { AuthContext } from './context.ts';
import { badRequest } from './errors.ts';
import { type Body, objectField } from './request.ts';
import type { UserRow } from './users.ts';
import {
  authenticationOptions,
  type Ceremony,
  checkAssertion,
  checkRegistration,
  registrationOptions,
  relyingParty,
  type StoredCredential,
} from './webauthn.ts';

export interface WebauthnFactorRow {
  id: string;
  status: 'verified' | 'unverified';
  web_authn_credential: StoredCredential | null;
}

/** The challenge's `webauthn` answer (auth-js's credential_options) and the ceremony to keep in mfa_challenges. */
export async function webauthnChallenge(auth: AuthContext, client: pg.ClientBase, user: UserRow, factor: WebauthnFactorRow) {
  const rp = relyingParty(auth);
  if (factor.status === 'verified' && factor.web_authn_credential) {
    const publicKey = await authenticationOptions(rp, [factor.web_authn_credential]);
    const ceremony: Ceremony = { type: 'request', challenge: publicKey.challenge };
    return { ceremony, webauthn: { type: ceremony.type, credential_options: { publicKey } } };
  }
  // The user's other authenticators are excluded: one device is one factor.
  const { rows } = await client.query<{ credential: StoredCredential }>(
    `select web_authn_credential as credential from auth.mfa_factors
      where user_id = $1 and factor_type = 'webauthn' and web_authn_credential is not null`,
    [user.id],
  );
  const publicKey = await registrationOptions(
    rp,
    user,
    rows.map((row) => row.credential),
    'discouraged',
  );
  const ceremony: Ceremony = { type: 'create', challenge: publicKey.challenge };
  return { ceremony, webauthn: { type: ceremony.type, credential_options: { publicKey } } };
}

export interface WebauthnAnswer {
  type: 'create' | 'request';
  response: Record<string, unknown>;
}

/** The verify body's `webauthn`, refused in GoTrue's words before any challenge is looked at. */
export function webauthnAnswer(body: Body): WebauthnAnswer {
  const webauthn = objectField(body, 'webauthn');
  if (!webauthn) throw badRequest('WebAuthn config required');
  if (webauthn.type !== 'create' && webauthn.type !== 'request') throw badRequest('WebAuthn type must be create or request');
  const response = webauthn.credential_response;
  if (response === undefined || response === null) throw badRequest('credential_response required');
  if (typeof response !== 'object' || Array.isArray(response)) throw badRequest('Invalid credential_response');
  return { type: webauthn.type, response: response as Record<string, unknown> };
}

/** A credential to store on the factor, with its authenticator's model when it is new. */
export interface CheckedCredential {
  credential: StoredCredential;
  aaguid: string | null;
}

/**
 * Whether the answer passes its ceremony's checks, and the credential to store when it does: the
 * new one of a registration, the old one with its new counter after an assertion.
 */
export async function checkWebauthnAnswer(
  auth: AuthContext,
  factor: WebauthnFactorRow,
  ceremony: Ceremony | null,
  answer: WebauthnAnswer,
): Promise<CheckedCredential | undefined> {
  if (!ceremony || ceremony.type !== answer.type) return undefined;
  const rp = relyingParty(auth);
  if (ceremony.type === 'create') {
    const made = await checkRegistration(rp, ceremony, answer.response);
    if (!made) return undefined;
    const { id, public_key, counter, transports, aaguid } = made;
    return { credential: { id, public_key, counter, transports }, aaguid };
  }
  const stored = factor.web_authn_credential;
  if (!stored) return undefined;
  const counter = await checkAssertion(rp, ceremony, answer.response, stored);
  return counter === undefined ? undefined : { credential: { ...stored, counter }, aaguid: null };
}
